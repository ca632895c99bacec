/**
 * Loads dist/pages/ (built by build/pages.ts) into memory once at start-up: the two HTML pages and the
 * content-hashed assets with their gzip twins. About 3 MB, read in parallel (and alongside the data
 * artifacts: runtime/server.ts); read once, never re-read.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ASSETS_DIR, PAGES, PAGES_DIR, type PageName, type PagesManifest } from './manifest.ts';

export interface StaticFile {
  body: Buffer;
  gzip?: Buffer;
  contentType: string;
}

export interface PageFiles {
  pages: Map<PageName, StaticFile>;
  /** Keyed by the hashed file name (the last URL segment). */
  assets: Map<string, StaticFile>;
}

/**
 * dist/pages/ of this checkout: the same folder whether this module runs from runtime/pages/ (tsx) or
 * bundled into dist/server.mjs.
 */
export function defaultPagesDir(): string {
  const here = fileURLToPath(new URL('.', import.meta.url));
  return here.endsWith(`${join('runtime', 'pages')}/`) ? join(here, '..', '..', 'dist', PAGES_DIR) : join(here, PAGES_DIR);
}

/** The built pages, or null when dist/pages/ has not been built (then /docs and /explore answer 404). */
export async function loadPageFiles(dir: string = defaultPagesDir()): Promise<PageFiles | null> {
  const manifestPath = join(dir, 'manifest.json');
  if (!existsSync(manifestPath)) return null;
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as PagesManifest;
  const pageFile = async (page: PageName, file: string): Promise<[PageName, StaticFile]> =>
    [page, { body: await readFile(join(dir, file)), contentType: 'text/html; charset=utf-8' }];
  const assetFile = async (name: string, a: PagesManifest['assets'][string]): Promise<[string, StaticFile]> => {
    const path = join(dir, ASSETS_DIR, name);
    const [body, gzip] = await Promise.all([readFile(path), a.gzip ? readFile(`${path}.gz`) : undefined]);
    return [name, { body, gzip, contentType: a.contentType }];
  };
  const [pages, assets] = await Promise.all([
    Promise.all(PAGES.flatMap((page) => (manifest.pages[page] ? [pageFile(page, manifest.pages[page])] : []))),
    Promise.all(Object.entries(manifest.assets).map(([name, a]) => assetFile(name, a))),
  ]);
  return { pages: new Map(pages), assets: new Map(assets) };
}
