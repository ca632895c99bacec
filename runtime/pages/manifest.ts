/**
 * The shape of dist/pages/ shared by build/pages.ts (writes it) and runtime/pages/ (serves it):
 * `<page>.html` for each page, `assets/<name>.<hash>.<ext>` (+ `.gz` twin when it pays), manifest.json.
 */
export const PAGES = ['docs', 'explore'] as const;
export type PageName = (typeof PAGES)[number];

/** Folder below dist/. */
export const PAGES_DIR = 'pages';
/** Folder below dist/pages/ and the URL path the assets are served under. */
export const ASSETS_DIR = 'assets';
export const ASSET_PATH = '/assets/';

export interface PagesManifest {
  pages: Partial<Record<PageName, string>>;
  /** Hashed file name → how to serve it. */
  assets: Record<string, { contentType: string; gzip: boolean }>;
}
