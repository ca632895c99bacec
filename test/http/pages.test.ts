/** /docs, /explore and /assets/{asset} over HTTP: content types, CSP, caching, gzip, 404/405/400 (browser tests: test/pages). */
import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_CSP } from '../../runtime/pages/serve.ts';
import { ensurePages } from '../pages/browser.ts';
import { call, useServer } from './helpers.ts';

describe('pages over HTTP', () => {
  beforeAll(ensurePages);
  const t = useServer();

  it('the root record links both pages', async () => {
    const links = (await call(t.base, '/v1')).body.data.links;
    expect(links.docs).toBe('/docs');
    expect(links.explore).toBe('/explore');
  });

  it.each(['docs', 'explore'])('/%s is HTML with the CSP, revalidated by ETag, and names content-hashed assets', async (page) => {
    const html = await call(t.base, `/${page}`);
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html.headers.get('content-security-policy')).toBe(PAGE_CSP);
    expect(html.headers.get('cache-control')).toBe('no-cache');
    expect(html.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(html.text).toContain('OpenStreetMap contributors');
    expect(html.text).toContain('ODbL');
    expect(html.text).not.toMatch(/https?:\/\/[^"]*\.(js|css)"/); // no third-party script or style
    const etag = html.headers.get('etag')!;
    expect((await call(t.base, `/${page}`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const head = await call(t.base, `/${page}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');

    // Ordered by file type (css, js, svg): the content hashes must not decide the order.
    const ext = (p: string) => p.slice(p.lastIndexOf('.'));
    const assets = [...html.text.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!).sort((a, b) => ext(a).localeCompare(ext(b)));
    expect(assets).toEqual([
      expect.stringMatching(new RegExp(`^/assets/${page}\\.[A-Z0-9]{8}\\.css$`)),
      expect.stringMatching(new RegExp(`^/assets/${page}\\.[A-Z0-9]{8}\\.js$`)),
      expect.stringMatching(/^\/assets\/favicon\.[A-Z0-9]{8}\.svg$/),
    ]);
    for (const path of assets) {
      const a = await fetch(t.base + path);
      expect(a.status).toBe(200);
      expect(a.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(a.headers.get('content-type')).toMatch(/^(text\/(javascript|css); charset=utf-8|image\/svg\+xml)$/);
      if (path.endsWith('.svg')) continue;
      expect(a.headers.get('content-encoding')).toBe('gzip'); // fetch asks for gzip and decodes it
      expect(a.headers.get('vary')).toBe('Accept-Encoding');
      const text = await a.text();
      const plain = await call(t.base, path, { headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(plain.text).toBe(text);
    }
  });

  it('answers 404 for an unknown asset, 405 for POST, 400 for a query, and stays out of the OpenAPI document', async () => {
    const missing = await call(t.base, '/assets/docs.NOPE1234.js');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
    const post = await call(t.base, '/docs', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect((await call(t.base, '/explore?campus=utm')).status).toBe(400); // the explorer keeps its state in the fragment
    expect((await call(t.base, '/docs', { method: 'OPTIONS' })).status).toBe(204);
    const paths = Object.keys((await call(t.base, '/v1/openapi.json')).body.paths);
    expect(paths.filter((p) => !p.startsWith('/v1') && !p.startsWith('/api/campus-'))).toEqual([]);
  });
});
