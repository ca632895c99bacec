/**
 * Builds the human pages (GET /docs, GET /explore) into dist/pages/: one esbuild run bundles the page
 * scripts and styles (Swagger UI, Leaflet and our own TypeScript/CSS from pages/) into content-hashed
 * files under dist/pages/assets/, each with a gzip twin; each page is pages/layout.html around its
 * pages/<page>/body.html, with the hashed URLs filled in.
 * Nothing is fetched at run time from anywhere but the API's own origin: the data: images inside
 * swagger-ui.css become hashed files too, so the pages' CSP can stay `'self'` only.
 * Deterministic: same inputs → same bytes and names.
 */
import { build, type Plugin } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { PAGES, PAGES_DIR, ASSET_PATH, ASSETS_DIR, type PagesManifest } from '../../runtime/pages/manifest.ts';

/** Entry points, by the name the HTML templates use ({{docs.js}} → /assets/docs.<hash>.js). */
const ENTRIES = ['docs/docs.ts', 'docs/docs.css', 'explore/explore.ts', 'explore/explore.css'];

/** Files copied as they are (content-hashed), by the name the templates use. */
const FILES = ['favicon.svg'];

/** swagger-ui.css inlines its icons as data: URIs; serve them as files so `img-src 'self'` suffices. */
const DATA_URI = /url\((?:"data:image\/(svg\+xml);charset=utf-8,((?:[^"\\]|\\.)*)"|data:image\/(png|jpeg);base64,([A-Za-z0-9+/=]+))\)/g;

function dataUrisAsFiles(): Plugin {
  const images: Buffer[] = [];
  return {
    name: 'data-uris-as-files',
    setup(b) {
      b.onLoad({ filter: /swagger-ui\.css$/ }, (args) => {
        const css = readFileSync(args.path, 'utf8').replace(/\/\*# sourceMappingURL=.*?\*\//g, '');
        const contents = css.replace(DATA_URI, (_m, svg?: string, svgText?: string, raster?: string, b64?: string) => {
          const bytes = svg ? Buffer.from(decodeURIComponent(svgText!.replace(/\\(.)/g, '$1'))) : Buffer.from(b64!, 'base64');
          let i = images.findIndex((known) => known.equals(bytes));
          if (i === -1) i = images.push(bytes) - 1;
          return `url(data-uri:swagger-icon-${i}.${svg ? 'svg' : raster === 'jpeg' ? 'jpg' : 'png'})`;
        });
        return { contents, loader: 'css' };
      });
      b.onResolve({ filter: /^data-uri:/ }, (args) => ({ path: args.path.slice('data-uri:'.length), namespace: 'data-uri' }));
      b.onLoad({ filter: /.*/, namespace: 'data-uri' }, (args) => ({ contents: images[Number(/\d+/.exec(args.path)![0])], loader: 'file' }));
    },
  };
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
};

export function contentTypeOf(file: string): string {
  const ext = file.slice(file.lastIndexOf('.'));
  const type = CONTENT_TYPES[ext];
  if (!type) throw new Error(`pages: no content type for ${file}`);
  return type;
}

/** Builds dist/pages/ from pages/ (wiping what was there). Returns the manifest written. */
export async function buildPages(root: string): Promise<PagesManifest> {
  const src = join(root, 'pages');
  const out = join(root, 'dist', PAGES_DIR);
  const assetsOut = join(out, ASSETS_DIR);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(assetsOut, { recursive: true });

  const result = await build({
    entryPoints: ENTRIES.map((e) => join(src, e)),
    outdir: assetsOut,
    entryNames: '[name].[hash]',
    assetNames: '[name].[hash]',
    bundle: true,
    minify: true,
    format: 'iife',
    target: ['chrome110', 'firefox110', 'safari16'],
    legalComments: 'eof', // licence notices (Swagger UI: Apache-2.0, Leaflet: BSD-2) stay in the files served
    loader: { '.png': 'file', '.svg': 'file' },
    metafile: true,
    logLevel: 'warning',
    plugins: [dataUrisAsFiles()],
  });

  // Map each entry ("docs.js", "explore.css") to its hashed URL.
  const urls: Record<string, string> = {};
  for (const [file, meta] of Object.entries(result.metafile.outputs)) {
    if (!meta.entryPoint) continue;
    const entry = basename(meta.entryPoint).replace(/\.ts$/, '.js');
    urls[entry] = ASSET_PATH + basename(file);
  }

  for (const file of FILES) {
    const bytes = readFileSync(join(src, file));
    const dot = file.lastIndexOf('.');
    const name = `${file.slice(0, dot)}.${createHash('sha256').update(bytes).digest('hex').slice(0, 8).toUpperCase()}${file.slice(dot)}`;
    writeFileSync(join(assetsOut, name), bytes);
    urls[file] = ASSET_PATH + name;
  }

  const assets: PagesManifest['assets'] = {};
  for (const name of readdirSync(assetsOut).sort()) {
    const bytes = readFileSync(join(assetsOut, name));
    const gzip = gzipSync(bytes, { level: 9 });
    const worthIt = gzip.length < bytes.length * 0.9;
    if (worthIt) writeFileSync(join(assetsOut, `${name}.gz`), gzip);
    assets[name] = { contentType: contentTypeOf(name), gzip: worthIt };
  }

  const layout = readFileSync(join(src, 'layout.html'), 'utf8');
  const pages: PagesManifest['pages'] = {};
  for (const page of PAGES) {
    const body = readFileSync(join(src, page, 'body.html'), 'utf8');
    const title = /^<!-- title: (.+) -->\n/.exec(body);
    if (!title) throw new Error(`pages/${page}/body.html: the first line must be <!-- title: … -->`);
    const html = layout
      .replace('{{title}}', title[1]!)
      .replace('{{body}}', body.slice(title[0].length))
      .replaceAll('{{page.', `{{${page}.`)
      .replace(`<a href="/${page}">`, `<a href="/${page}" aria-current="page">`)
      .replace(/\{\{([a-z.-]+)\}\}/g, (_m, key: string) => {
        const url = urls[key];
        if (!url) throw new Error(`pages/${page}: unknown asset {{${key}}}`);
        return url;
      });
    writeFileSync(join(out, `${page}.html`), html);
    pages[page] = `${page}.html`;
  }

  const manifest: PagesManifest = { pages, assets };
  writeFileSync(join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
