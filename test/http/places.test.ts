/**
 * Places through HTTP. Real dataset (UTM: no published hours → unknown) for shapes and query rules; a fixture
 * dataset with opening hours (test/fixtures/sources-hours) and a fixed clock for the availability wiring:
 * openNow filter, no-store with openNow, max-age ≤ 60 tied to the earliest nextTransition, ETag.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAll } from '../../build/main.ts';
import { call, expectError, expectLegacyError, OpenApiValidator, ROOT, startTestServer } from './helpers.ts';
import type { StartedServer } from '../../runtime/server.ts';

const ids = (r: { body: any }) => r.body.data.map((p: any) => p.id);

describe('places on the real dataset', () => {
  let srv: StartedServer;
  let base: string;
  let oas: OpenApiValidator;
  beforeAll(async () => {
    srv = await startTestServer();
    base = srv.url;
    oas = new OpenApiValidator((await call(base, '/v1/openapi.json')).body);
  });
  afterAll(() => srv.close());

  it('lists the default campus ordered by id; without hours every place is unknown, never closed', async () => {
    const r = await call(base, '/v1/places');
    expect(r.status).toBe(200);
    oas.check('/v1/places', 'get', '200', r.body);
    const list = ids(r);
    expect(list).toEqual([...list].sort());
    expect(r.body.data.every((p: any) => p.campus === 'utm' && p.availability === 'unknown' && p.nextTransition === null)).toBe(true);
    expect(Object.keys(r.body.data[0])).toEqual([
      'id', 'name', 'kind', 'building', 'university', 'campus', 'amenities', 'hours', 'availability', 'evaluatedAt', 'nextTransition', 'hoursProvenance', 'provenance',
      'hoursText', 'availabilityVerification',
    ]);
    expect(r.body.data.every((p: any) => p.hoursText === null && p.availabilityVerification === 'unknown')).toBe(true);
    expect(r.headers.get('cache-control')).toBe('public, max-age=60');
    expect((await call(base, '/v1/places?openNow=closed')).body.data).toEqual([]);
    expect(ids(await call(base, '/v1/places?openNow=unknown'))).toEqual(list);
  });

  it('every campus, every place validates; place ids are global', async () => {
    const campuses = (await call(base, '/v1/campuses')).body.data;
    for (const c of campuses) {
      const r = await call(base, `/v1/places?campus=${c.id}&limit=100`);
      oas.check('/v1/places', 'get', '200', r.body);
      expect(r.body.meta.pagination.total).toBe(c.placeCount);
      for (const p of r.body.data) {
        const one = await call(base, `/v1/places/${p.id}`);
        expect(one.status).toBe(200);
        oas.check('/v1/places/{placeId}', 'get', '200', one.body);
        expect(one.body.data.campus).toBe(c.id);
      }
    }
  });

  it('filters: kind, building (exact code), q over names and amenities', async () => {
    const r = await call(base, '/v1/places?kind=dining&building=DV&q=FOOD');
    expect(r.status).toBe(200);
    expect(ids(r)).toEqual(['davis-food-court']);
    expect(r.body.meta.filters).toEqual({ building: 'DV', kind: 'dining', q: 'FOOD' });
  });

  it('query rules → 400 invalid_query', async () => {
    for (const q of ['kind=cafe', 'kind=Dining', 'building=dv', 'openNow=Open', 'building=D-V', 'building=ABCDEFGHIJKLM', 'openNow=yes', 'openNow=open&openNow=open', 'category=academic', `q=${'a'.repeat(121)}`, 'limit=500', 'campus=nowhere']) {
      expectError(await call(base, `/v1/places?${q}`), 400, 'invalid_query');
    }
  });

  it('single place: 400 invalid_identifier off-pattern, 404 place_not_found, selectors honoured', async () => {
    expectError(await call(base, '/v1/places/Davis_Food'), 400, 'invalid_identifier');
    expectError(await call(base, '/v1/places/-x'), 400, 'invalid_identifier');
    expectError(await call(base, '/v1/places/no-such-place'), 404, 'place_not_found');
    expect((await call(base, '/v1/places/davis-food-court?university=uoft')).status).toBe(200);
    expect((await call(base, '/v1/places/davis-food-court?campus=UTM')).status).toBe(200);
    expectError(await call(base, '/v1/places/davis-food-court?campus=utsg'), 404, 'place_not_found');
    expectError(await call(base, '/v1/places/davis-food-court?university=nowhere'), 404, 'university_not_found');
    expectError(await call(base, '/v1/places/davis-food-court?kind=dining'), 400, 'invalid_query');
  });
});

describe('place availability with a fixture dataset that has opening hours', () => {
  // Wednesday 18 November 2026, America/Toronto = UTC−5.
  const TEN_AM = new Date('2026-11-18T15:00:00.000Z');
  let clock = TEN_AM;
  let srv: StartedServer;
  let base: string;
  let tmp: string;
  let oas: OpenApiValidator;

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'campus-hours-'));
    const sources = join(tmp, 'sources');
    cpSync(join(ROOT, 'test/fixtures/sources-hours'), sources, { recursive: true });
    cpSync(join(ROOT, 'sources/schemas'), join(sources, 'schemas'), { recursive: true });
    buildAll({ sourcesDir: sources, outDir: join(tmp, 'dist') });
    srv = await startTestServer({ distDir: join(tmp, 'dist'), now: () => clock });
    base = srv.url;
    oas = new OpenApiValidator((await call(base, '/v1/openapi.json')).body);
  });
  afterAll(async () => {
    await srv.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  const byId = (r: { body: any }) => Object.fromEntries(r.body.data.map((p: any) => [p.id, p]));

  it('evaluates availability at the injected instant', async () => {
    clock = TEN_AM;
    const r = await call(base, '/v1/places');
    expect(r.status).toBe(200);
    oas.check('/v1/places', 'get', '200', r.body);
    const p = byId(r);
    expect(p['hub-cafe']).toMatchObject({ availability: 'open', evaluatedAt: TEN_AM.toISOString(), nextTransition: '2026-11-18T22:00:00.000Z' });
    expect(p['library-study-hall']).toMatchObject({ availability: 'closed', nextTransition: '2026-11-18T23:00:00.000Z' });
    expect(p['hub-info-desk']).toMatchObject({ availability: 'unknown', nextTransition: null, hours: null });
    // inferred hours are evaluated (BEHAVIOUR §9) and say so; verified ones say that
    expect(p['main-library']).toMatchObject({ availability: 'open', availabilityVerification: 'inferred', nextTransition: '2026-11-19T04:00:00.000Z' });
    expect(p['hub-cafe'].availabilityVerification).toBe('verified');
    expect(p['library-study-hall'].availabilityVerification).toBe('verified');
    expect(p['hub-info-desk'].availabilityVerification).toBe('unknown');
    expect(p['hub-cafe'].hours).toMatchObject({ openingHours: 'Mo-Fr 08:00-17:00; PH off', verificationStatus: 'verified' });
    expect(r.headers.get('cache-control')).toBe('public, max-age=60');
    expect(r.headers.get('etag')).toMatch(/^W\//);
  });

  it('openNow filters by evaluated availability and is never cached', async () => {
    clock = TEN_AM;
    const open = await call(base, '/v1/places?openNow=open');
    expect(ids(open)).toEqual(['hub-cafe', 'main-library']);
    expect(open.body.data.map((p: any) => p.availabilityVerification)).toEqual(['verified', 'inferred']);
    expect(open.headers.get('cache-control')).toBe('no-store');
    expect(open.headers.get('etag')).toBeNull();
    expect(open.body.meta.filters).toEqual({ openNow: 'open' });
    expect(ids(await call(base, '/v1/places?openNow=closed'))).toEqual(['library-study-hall']);
    expect(ids(await call(base, '/v1/places?openNow=unknown'))).toEqual(['hub-info-desk']);
    expect(ids(await call(base, '/v1/places?openNow=open&kind=study'))).toEqual([]);
    // openNow + If-None-Match never yields 304
    const etag = (await call(base, '/v1/places')).headers.get('etag')!;
    expect((await call(base, '/v1/places?openNow=open', { headers: { 'if-none-match': etag } })).status).toBe(200);
  });

  it('max-age is the whole seconds until the earliest nextTransition in the body, capped at 60', async () => {
    clock = new Date('2026-11-18T21:59:30.000Z'); // cafe closes in 30 s
    expect((await call(base, '/v1/places')).headers.get('cache-control')).toBe('public, max-age=30');
    expect((await call(base, '/v1/places/hub-cafe')).headers.get('cache-control')).toBe('public, max-age=30');
    expect((await call(base, '/api/campus-places')).headers.get('cache-control')).toBe('public, max-age=30');
    // The earliest transition *in the body*: a page without the cafe is not limited by it.
    expect((await call(base, '/v1/places?building=LIB')).headers.get('cache-control')).toBe('public, max-age=60');
    expect((await call(base, '/v1/places/library-study-hall')).headers.get('cache-control')).toBe('public, max-age=60');
    expect((await call(base, '/v1/places/hub-info-desk')).headers.get('cache-control')).toBe('public, max-age=60');
    clock = new Date('2026-11-18T21:59:59.400Z'); // N would be 0
    const r = await call(base, '/v1/places');
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('etag')).toBeNull();
  });

  it('the ETag changes when a place opens or closes', async () => {
    clock = TEN_AM;
    const before = await call(base, '/v1/places');
    const etag = before.headers.get('etag')!;
    clock = new Date('2026-11-18T16:00:00.000Z'); // still open, same state
    expect((await call(base, '/v1/places', { headers: { 'if-none-match': etag } })).status).toBe(304);
    clock = new Date('2026-11-18T22:00:00.000Z'); // the cafe has closed
    const after = await call(base, '/v1/places', { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(byId(after)['hub-cafe'].availability).toBe('closed');
  });

  it('single place and legacy aliases use the same evaluation', async () => {
    clock = TEN_AM;
    const one = await call(base, '/v1/places/hub-cafe');
    oas.check('/v1/places/{placeId}', 'get', '200', one.body);
    expect(one.body.data).toMatchObject({ id: 'hub-cafe', availability: 'open', nextTransition: '2026-11-18T22:00:00.000Z' });
    const legacy = await call(base, '/api/campus-place?id=hub-cafe');
    const { hoursText, availabilityVerification, ...original } = one.body.data; // the legacy shape is the original one
    expect([hoursText, availabilityVerification]).toEqual([null, 'verified']);
    expect(legacy.body.place).toEqual(original);
    expect(Object.keys(legacy.body.place)).toEqual(Object.keys(original));
    const list = await call(base, '/api/campus-places');
    oas.check('/api/campus-places', 'get', '200', list.body);
    expect(list.body.places.map((p: any) => p.availability)).toEqual(['open', 'unknown', 'closed', 'open']);
    expect(list.body.places.every((p: any) => !('hoursText' in p) && !('availabilityVerification' in p))).toBe(true);
    expectLegacyError(await call(base, '/api/campus-place?id=nope'), 404, 'place_not_found');
  });

  it('a public holiday closes PH-off places (Christmas Day, a Friday)', async () => {
    clock = new Date('2026-12-25T15:00:00.000Z');
    const p = byId(await call(base, '/v1/places'));
    expect(p['hub-cafe'].availability).toBe('closed');
    expect(p['main-library']).toMatchObject({ availability: 'unknown', availabilityVerification: 'unknown' }); // no PH rule
  });
});
