/**
 * Loads dist/pages/ (built by build/pages.ts) into memory once at start-up: the two HTML pages and the
 * content-hashed assets with their gzip twins. About 3 MB; read once, never re-read.
 */
import { existsSync, readFileSync } from 'node:fs';
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
export function loadPageFiles(dir: string = defaultPagesDir()): PageFiles | null {
  const manifestPath = join(dir, 'manifest.json');
  if (!existsSync(manifestPath)) return null;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as PagesManifest;
  const pages = new Map<PageName, StaticFile>();
  for (const page of PAGES) {
    const file = manifest.pages[page];
    if (file) pages.set(page, { body: readFileSync(join(dir, file)), contentType: 'text/html; charset=utf-8' });
  }
  const assets = new Map<string, StaticFile>();
  for (const [name, a] of Object.entries(manifest.assets)) {
    const path = join(dir, ASSETS_DIR, name);
    assets.set(name, { body: readFileSync(path), gzip: a.gzip ? readFileSync(`${path}.gz`) : undefined, contentType: a.contentType });
  }
  return { pages, assets };
}
