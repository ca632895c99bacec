/** BEHAVIOUR §1–§3 on every path: headers, methods (405 + Allow, HEAD, OPTIONS), ETag/304, 404, 500. */
import { describe, expect, it } from 'vitest';
import { call, expectError, postJson, startTestServer, useServer, UUID_V4, type Res } from './helpers.ts';

const t = useServer();

const GET_PATHS = [
  '/v1', '/v1/openapi.json', '/v1/universities', '/v1/universities/uoft', '/v1/campuses', '/v1/campuses/utm', '/v1/buildings',
  '/v1/buildings/DV', '/v1/places', '/v1/places/davis-food-court', '/api/campus-buildings', '/api/campus-building?q=DV',
  '/api/campus-places', '/api/campus-place?id=davis-food-court',
];
const POST_PATHS = ['/v1/routes', '/v1/gaps/plan', '/api/campus-route', '/api/campus-gap-plan'];
/** Paths with both a POST and a GET form. */
const GET_AND_POST = ['/v1/routes'];
const allowOf = (p: string) =>
  GET_AND_POST.includes(p) ? 'GET, HEAD, POST, OPTIONS' : POST_PATHS.includes(p) ? 'POST, OPTIONS' : 'GET, HEAD, OPTIONS';
const STATIC_CACHE = 'public, max-age=300, s-maxage=3600, stale-while-revalidate=86400';

function expectCommonHeaders(r: Res): void {
  const h = r.headers;
  expect(h.get('x-request-id')).toMatch(UUID_V4);
  expect(h.get('access-control-allow-origin')).toBe('*');
  expect(h.get('access-control-allow-methods')).toBe('GET, HEAD, POST, OPTIONS');
  expect(h.get('access-control-allow-headers')).toBe('content-type, if-none-match, if-modified-since, cache-control');
  expect(h.get('access-control-max-age')).toBe('86400');
  expect(h.get('access-control-expose-headers')).toBe('X-Request-Id, ETag, Retry-After, Deprecation, Link');
  expect(h.get('content-type')).toBe('application/json; charset=utf-8');
  expect(h.get('x-content-type-options')).toBe('nosniff');
  expect(h.get('cache-control')).toBeTruthy();
}

describe('headers', () => {
  it('every GET carries the common headers; catalog and buildings use the static Cache-Control and a weak ETag', async () => {
    for (const p of GET_PATHS) {
      const r = await call(t.base, p);
      expect(r.status, p).toBe(200);
      expectCommonHeaders(r);
      if (!p.includes('place')) {
        expect(r.headers.get('cache-control'), p).toBe(STATIC_CACHE);
        expect(r.headers.get('etag'), p).toMatch(/^W\/"[^"]+"$/);
      }
      if (p.startsWith('/v1/') && p !== '/v1/openapi.json') expect(r.headers.get('x-request-id')).toBe(r.body.meta.requestId);
    }
  });

  it('a fresh request id every time', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) ids.add((await call(t.base, '/v1/buildings')).body.meta.requestId);
    expect(ids.size).toBe(5);
  });

  it('errors and 204s carry the common headers too', async () => {
    expectCommonHeaders(await call(t.base, '/nope'));
    expectCommonHeaders(await call(t.base, '/v1/buildings?x=1'));
    const o = await call(t.base, '/v1/buildings', { method: 'OPTIONS' });
    expect(o.status).toBe(204);
    expectCommonHeaders(o);
  });
});

describe('methods', () => {
  it('405 method_not_allowed with Allow on every path, before query validation', async () => {
    for (const p of GET_PATHS) {
      for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
        const r = await call(t.base, p + (p.includes('?') ? '&' : '?') + 'unknown=1', { method, headers: { 'content-type': 'application/json' }, body: method === 'DELETE' ? undefined : '{}' });
        expect(r.status, `${method} ${p}`).toBe(405);
        expect(r.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
        if (p.startsWith('/api/')) expect(r.body.error).toBe('method_not_allowed');
        else expectError(r, 405, 'method_not_allowed');
      }
    }
    for (const p of POST_PATHS) {
      for (const method of GET_AND_POST.includes(p) ? ['PUT', 'DELETE'] : ['GET', 'HEAD', 'PUT', 'DELETE']) {
        const r = await call(t.base, `${p}?unknown=1`, { method });
        expect(r.status, `${method} ${p}`).toBe(405);
        expect(r.headers.get('allow')).toBe(allowOf(p));
        if (method !== 'HEAD') expect(r.body.error.code ?? r.body.error).toBe('method_not_allowed');
      }
    }
  });

  it('HEAD answers like GET without a body', async () => {
    for (const p of GET_PATHS) {
      const get = await call(t.base, p);
      const head = await call(t.base, p, { method: 'HEAD' });
      expect(head.status, p).toBe(200);
      expect(head.text).toBe('');
      for (const h of ['content-type', 'cache-control', 'etag', 'content-length', 'deprecation', 'link']) {
        expect(head.headers.get(h), `${p} ${h}`).toBe(get.headers.get(h));
      }
      expect(head.headers.get('x-request-id')).toMatch(UUID_V4);
    }
  });

  it('OPTIONS → 204 preflight on every path', async () => {
    for (const p of [...GET_PATHS, ...POST_PATHS]) {
      const r = await call(t.base, p, { method: 'OPTIONS', headers: { origin: 'https://example.org', 'access-control-request-method': 'POST' } });
      expect(r.status, p).toBe(204);
      expect(r.text).toBe('');
      expect(r.headers.get('cache-control')).toBe('public, max-age=86400');
      expect(r.headers.get('access-control-allow-origin')).toBe('*');
      expect(r.headers.get('allow')).toBe(allowOf(p));
    }
  });

  it('trailing slash accepted everywhere', async () => {
    for (const p of ['/v1/', '/v1/universities/', '/v1/campuses/utm/', '/v1/buildings/?limit=2', '/v1/buildings/DV/', '/v1/places/', '/api/campus-buildings/', '/api/campus-building/?q=dv']) {
      expect((await call(t.base, p)).status, p).toBe(200);
    }
    expect((await postJson(t.base, '/v1/routes/', { from: 'DV', to: 'CCT' })).status).toBe(200);
  });

  it('unknown path → 404 not_found (any method); paths are case-sensitive', async () => {
    for (const p of ['/', '/v2', '/v1/building', '/V1/buildings', '/v1/buildings/DV/extra', '/api/campus-nothing', '/v1//buildings']) {
      expectError(await call(t.base, p), 404, 'not_found');
    }
    expectError(await call(t.base, '/v1/nothing', { method: 'DELETE' }), 404, 'not_found');
  });
});

describe('ETag and If-None-Match', () => {
  it('matching If-None-Match → 304 without a body; other tags → 200', async () => {
    for (const p of ['/v1', '/v1/buildings?limit=5', '/v1/buildings/DV', '/v1/universities', '/v1/openapi.json', '/api/campus-buildings']) {
      const first = await call(t.base, p);
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^W\//);
      const again = await call(t.base, p, { headers: { 'if-none-match': etag } });
      expect(again.status, p).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('x-request-id')).toMatch(UUID_V4);
      expect(again.headers.get('cache-control')).toBe(STATIC_CACHE);
      expect(again.headers.get('content-type'), p).toBeNull(); // no body, no media type (the cache keeps its stored one)
      expect((await call(t.base, p, { headers: { 'if-none-match': `"other", ${etag.slice(2)}` } })).status).toBe(304);
      expect((await call(t.base, p, { headers: { 'if-none-match': '*' } })).status).toBe(304);
      expect((await call(t.base, p, { headers: { 'if-none-match': 'W/"other"' } })).status).toBe(200);
    }
  });

  it('the ETag follows the canonical query: order and defaults do not matter, different pages differ', async () => {
    const a = (await call(t.base, '/v1/buildings?limit=5&q=hall')).headers.get('etag');
    const b = (await call(t.base, '/v1/buildings?q=%20hall&limit=5')).headers.get('etag');
    const c = (await call(t.base, '/v1/buildings?q=hall&limit=6')).headers.get('etag');
    expect(a).toBe(b);
    expect(a).not.toBe(c);
    expect((await call(t.base, '/v1/buildings/dv')).headers.get('etag')).toBe((await call(t.base, '/v1/buildings/Davis%20Building')).headers.get('etag'));
  });

  it('errors and POSTs carry no ETag', async () => {
    expect((await call(t.base, '/v1/buildings/NOPE')).headers.get('etag')).toBeNull();
    expect((await postJson(t.base, '/v1/routes', { from: 'DV', to: 'CCT' })).headers.get('etag')).toBeNull();
  });
});

describe('internal errors', () => {
  it('a failing handler → 500 internal_error that reveals nothing', async () => {
    const broken = await startTestServer({ now: () => { throw new Error('secret internal detail'); } });
    try {
      // The failure is logged as one "request failed" line on stdout (test/ops/crash.test.ts reads it).
      const r = await call(broken.url, '/v1/places');
      expectError(r, 500, 'internal_error');
      expect(r.text).not.toContain('secret');
      const legacy = await call(broken.url, '/api/campus-places');
      expect(legacy.status).toBe(500);
      expect(legacy.body).toMatchObject({ service: 'service-public-campus', error: 'internal_error' });
      expect((await call(broken.url, '/v1/buildings')).status).toBe(200);
    } finally {
      await broken.close();
    }
  });
});
