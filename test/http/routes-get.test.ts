/** GET /v1/routes: the cacheable form of POST /v1/routes — same data, static-GET caching, weak ETag, 304, HEAD. */
import { describe, expect, it } from 'vitest';
import { call, expectError, postJson, useServer } from './helpers.ts';

const t = useServer();
const STATIC = 'public, max-age=300, s-maxage=3600, stale-while-revalidate=86400';
const get = (query: string, init?: RequestInit) => call(t.base, '/v1/routes?' + query, init);

describe('GET /v1/routes', () => {
  const same: [string, Record<string, unknown>][] = [
    ['from=DV&to=CCT', { from: 'DV', to: 'CCT' }],
    ['from=dv&to=Davis%20Building', { from: 'dv', to: 'Davis Building' }],
    [
      'from=KHE&to=ARC&university=TMU&mode=prefer-indoor&walkingSpeedMps=2&transitionBufferMinutes=0',
      { from: 'KHE', to: 'ARC', university: 'TMU', preferences: { mode: 'prefer-indoor', walkingSpeedMps: 2, transitionBufferMinutes: 0 } },
    ],
    ['from=KHE&to=ARC&campus=tmu&mode=step-free&walkingSpeedMps=0.5', { from: 'KHE', to: 'ARC', campus: 'tmu', preferences: { mode: 'step-free', walkingSpeedMps: 0.5 } }],
    ['from=DV&to=CCT&geometry=true', { from: 'DV', to: 'CCT', geometry: true }],
    ['from=KHE&to=ARC&campus=tmu&geometry=false', { from: 'KHE', to: 'ARC', campus: 'tmu', geometry: false }],
  ];
  for (const [query, body] of same) {
    it(`?${query} → the same data as the POST, static caching, weak ETag`, async () => {
      const r = await get(query);
      expect(r.status, r.text).toBe(200);
      t.oas.check('/v1/routes', 'get', '200', r.body);
      const p = await postJson(t.base, '/v1/routes', body);
      expect(r.body.data).toEqual(p.body.data);
      expect(r.body.meta.dataVersion).toBe(p.body.meta.dataVersion);
      expect(r.body.meta.requestId).toBe(r.headers.get('x-request-id'));
      expect(r.headers.get('cache-control')).toBe(STATIC);
      expect(r.headers.get('etag')).toMatch(/^W\/"/);
    });
  }

  it('one ETag per resolved resource: identifiers, case and explicit defaults do not matter; inputs do', async () => {
    const a = (await get('from=DV&to=CCT')).headers.get('etag');
    expect((await get('to=cct&from=Davis%20Building&mode=fastest&walkingSpeedMps=1.35&transitionBufferMinutes=5')).headers.get('etag')).toBe(a);
    expect((await get('from=DV&to=CCT&walkingSpeedMps=1.4')).headers.get('etag')).not.toBe(a);
    expect((await get('from=CCT&to=DV')).headers.get('etag')).not.toBe(a);
    expect((await get('from=DV&to=CCT&geometry=false')).headers.get('etag')).toBe(a);
    expect((await get('from=DV&to=CCT&geometry=true')).headers.get('etag')).not.toBe(a);
  });

  it('If-None-Match → 304 without a body; HEAD → headers only', async () => {
    const r = await get('from=DV&to=CCT');
    const etag = r.headers.get('etag')!;
    const nm = await get('from=DV&to=CCT', { headers: { 'if-none-match': etag } });
    expect(nm.status).toBe(304);
    expect(nm.text).toBe('');
    expect(nm.headers.get('etag')).toBe(etag);
    expect(nm.headers.get('cache-control')).toBe(STATIC);
    const head = await get('from=DV&to=CCT', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers.get('content-length')).toBe(r.headers.get('content-length'));
    expect(head.headers.get('etag')).toBe(etag);
  });

  it('query rules (BEHAVIOUR §5): unknown, repeated, missing or out-of-range → 400 invalid_query, no-store', async () => {
    for (const q of [
      'from=DV&to=CCT&preferences=x', 'from=DV&from=DV&to=CCT', 'to=CCT', 'from=DV', 'from=%20&to=CCT',
      'from=DV&to=CCT&mode=scenic', 'from=DV&to=CCT&walkingSpeedMps=3.5', 'from=DV&to=CCT&walkingSpeedMps=0.4',
      'from=DV&to=CCT&walkingSpeedMps=fast', 'from=DV&to=CCT&walkingSpeedMps=1e0', 'from=DV&to=CCT&transitionBufferMinutes=61',
      'from=DV&to=CCT&transitionBufferMinutes=-1', 'from=DV&to=CCT&geometry=yes', `from=${'x'.repeat(241)}&to=CCT`, 'from=KHE&to=ARC&university=uoft&campus=tmu',
    ]) {
      const r = await get(q);
      expectError(r, 400, 'invalid_query');
      expect(r.headers.get('cache-control')).toBe('no-store');
      expect(r.headers.get('etag')).toBeNull();
    }
  });

  it('identities: 404 building/university/campus not found, 409 ambiguous with candidates', async () => {
    expectError(await get('from=DV&to=Nowhere%20Hall'), 404, 'building_not_found');
    expectError(await get('from=DV&to=CCT&university=nope'), 404, 'university_not_found');
    expectError(await get('from=DV&to=CCT&campus=nope'), 404, 'campus_not_found');
    const amb = await get('from=Kerr%20Hall&to=ARC&campus=tmu');
    expectError(amb, 409, 'ambiguous_building');
    expect(amb.body.error.details.candidates).toEqual(['KHE', 'KHN', 'KHS', 'KHW']);
  });

  it('the POST stays; Allow lists both', async () => {
    const r = await call(t.base, '/v1/routes', { method: 'DELETE' });
    expectError(r, 405, 'method_not_allowed');
    expect(r.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
  });
});
