/** JS SDK against a live server on the real dataset: every v1 operation, paging, and client-causable errors. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CampusApiError, CampusClient, CampusError } from '../../sdk/js/src/index.ts';
import { useServer, UUID_V4 } from '../http/helpers.ts';
import { v1Operations } from '../../sdk/codegen/document.ts';
import { operationsHit, recordingFetch } from './helpers.ts';

const t = useServer();
const rec = recordingFetch();
const client = () => new CampusClient({ baseUrl: t.base, fetch: rec.fetch, retries: 0 });

/** Every item of a collection through raw HTTP, one page of 100 at a time. */
async function rawAll(path: string): Promise<any[]> {
  const out: any[] = [];
  for (let offset: number | null = 0; offset !== null; ) {
    const page: any = await (await fetch(`${t.base}${path}${path.includes('?') ? '&' : '?'}limit=100&offset=${offset}`)).json();
    out.push(...page.data);
    offset = page.meta.pagination.nextOffset;
  }
  return out;
}

describe('JS SDK — every v1 operation against a live server', () => {
  it('catalog: info, openapi, universities, university, campuses, campus', async () => {
    const c = client();
    const info = await c.info();
    expect(info.apiVersion).toBe('v1');
    expect(info.authentication).toBe('none');
    const doc = await c.openapi();
    expect(doc.openapi).toBe('3.1.0');
    const unis = await c.universities({ limit: 5 });
    expect(unis.data.length).toBe(5);
    expect(unis.meta.pagination?.total).toBe(info.universities.length);
    expect((await c.university(info.defaultUniversity)).id).toBe(info.defaultUniversity);
    const campuses = await c.campuses({ university: 'tmu' });
    expect(campuses.data.map((x) => x.university)).toEqual(campuses.data.map(() => 'tmu'));
    expect((await c.campus(info.defaultCampus)).id).toBe(info.defaultCampus);
  });

  it('buildings, building, places, place', async () => {
    const c = client();
    const page = await c.buildings({ q: 'davis', limit: 10 });
    expect(page.data.map((b) => b.code)).toContain('DV');
    expect(page.meta.filters).toEqual({ q: 'davis' });
    const dv = await c.building('DV');
    expect(dv.code).toBe('DV');
    expect((await c.building('kerr hall east', { campus: 'tmu' })).code).toBe('KHE');
    const places = await c.places({ limit: 2 });
    expect(places.data.length).toBe(2);
    const place = await c.place(places.data[0].id);
    expect(place.id).toBe(places.data[0].id);
    expect(['open', 'closed', 'unknown']).toContain(place.availability);
  });

  it('route and gapPlan', async () => {
    const c = client();
    const route = await c.route({ from: 'DV', to: 'CCT', preferences: { mode: 'prefer-indoor' } });
    expect(route.from.code).toBe('DV');
    expect(route.to.code).toBe('CCT');
    expect(route.preferences.mode).toBe('prefer-indoor');
    expect(await c.getRoute({ from: 'DV', to: 'CCT', mode: 'prefer-indoor' })).toEqual(route);
    const plan = await c.gapPlan({ from: 'DV', to: 'CCT', term: 'Fall', weekday: 'Monday', startTime: 600, endTime: 720 });
    expect(plan.gap.durationMinutes).toBe(120);
    expect(plan.route.status).toBe(route.status);
  });

  it('datasets and datasetFile: bytes equal the listed sha256', async () => {
    const c = client();
    const [held] = (await c.datasets()).data.filter((v) => v.inService);
    const file = held.files.find((f) => f.path === 'catalog.json')!;
    const bytes = await c.datasetFile(held.dataVersion, file.name);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(file.sha256);
  });

  it('entrances, campusMap and route geometry', async () => {
    const c = client();
    const entrances = await c.entrances('DV');
    expect(entrances.data.some((e) => e.accessibility === 'accessible' && e.onWalkingGraph)).toBe(true);
    expect((await c.entrances('DV', { limit: 1 })).data.length).toBe(1);
    const map = await c.campusMap('carleton');
    expect(map.type).toBe('FeatureCollection');
    expect(map.attribution).toContain('OpenStreetMap');
    const route = await c.route({ campus: 'brock', from: 'MC', to: 'IH', geometry: true });
    expect(route.geometry?.type).toBe('LineString');
  });

  it('iterators return exactly the full collection, in order, across several pages', async () => {
    const c = client();
    const buildings: string[] = [];
    for await (const b of c.iterateBuildings({ campus: 'tmu', limit: 7 })) buildings.push(b.code);
    const expected = (await rawAll('/v1/buildings?campus=tmu')).map((b) => b.code);
    expect(expected.length).toBeGreaterThan(14);
    expect(buildings).toEqual(expected);
    const places: string[] = [];
    for await (const p of c.iteratePlaces({ limit: 3 })) places.push(p.id);
    expect(places).toEqual((await rawAll('/v1/places')).map((p) => p.id));
    expect(new Set(places).size).toBe(places.length);
    const entrances: string[] = [];
    for await (const e of c.iterateEntrances('DV', { limit: 1 })) entrances.push(e.id);
    expect(entrances.length).toBeGreaterThan(2);
    expect(entrances).toEqual((await rawAll('/v1/buildings/DV/entrances')).map((e) => e.id));
    const filtered: string[] = [];
    for await (const b of c.iterateBuildings({ q: 'hall', campus: 'tmu', limit: 2 })) filtered.push(b.code);
    expect(filtered).toEqual((await rawAll('/v1/buildings?q=hall&campus=tmu')).map((b) => b.code));
  });

  it('the calls above covered every v1 operation of the served document', () => {
    const hit = operationsHit(t.oas.doc, rec.calls);
    expect(v1Operations(t.oas.doc).map((o) => o.operationId).filter((id) => !hit.has(id))).toEqual([]);
  });
});

describe('JS SDK — client-causable errors surface as CampusApiError (BEHAVIOUR §4)', () => {
  async function failure(p: Promise<unknown>): Promise<CampusApiError> {
    const err = await p.then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(CampusApiError);
    const e = err as CampusApiError;
    expect(e.requestId).toMatch(UUID_V4);
    expect(e.message.length).toBeGreaterThan(0);
    return e;
  }
  const cases: [string, number, string, (c: CampusClient) => Promise<unknown>][] = [
    ['limit out of range', 400, 'invalid_query', (c) => c.buildings({ limit: 0 })],
    ['unknown query parameter', 400, 'invalid_query', (c) => c.buildings({ colour: 'red' } as never)],
    ['unknown campus on a collection', 400, 'invalid_query', (c) => c.places({ campus: 'atlantis' })],
    ['place id off pattern', 400, 'invalid_identifier', (c) => c.place('Not_A_Slug')],
    ['blank building identifier', 400, 'invalid_identifier', (c) => c.building('  ')],
    ['endTime before startTime', 400, 'invalid_request', (c) => c.gapPlan({ from: 'DV', to: 'CCT', term: 'Fall', weekday: 'Monday', startTime: 700, endTime: 600 })],
    ['unknown building', 404, 'building_not_found', (c) => c.building('NOPE')],
    ['unknown building in a route', 404, 'building_not_found', (c) => c.route({ from: 'NOPE', to: 'DV' })],
    ['unknown place', 404, 'place_not_found', (c) => c.place('no-such-place')],
    ['unknown university', 404, 'university_not_found', (c) => c.university('atlantis')],
    ['unknown campus', 404, 'campus_not_found', (c) => c.campus('atlantis')],
    ['ambiguous building', 409, 'ambiguous_building', (c) => c.building('Kerr Hall', { university: 'tmu' })],
    ['body over 16 KiB', 413, 'request_too_large', (c) => c.route({ from: 'x'.repeat(17_000), to: 'DV' })],
    ['unknown building for entrances', 404, 'building_not_found', (c) => c.entrances('NOPE')],
    ['ambiguous building for entrances', 409, 'ambiguous_building', (c) => c.entrances('Kerr Hall', { university: 'tmu' })],
    ['unknown campus map', 404, 'campus_not_found', (c) => c.campusMap('atlantis')],
    ['GET route without `to`', 400, 'invalid_query', (c) => c.getRoute({ from: 'DV' } as never)],
    ['unknown data version', 404, 'not_found', (c) => c.datasetFile('1999-01-01.deadbeef', 'catalog.json')],
    ['dataset file name off pattern', 400, 'invalid_identifier', (c) => c.datasetFile('1999-01-01.deadbeef', 'a b')],
    ['wrong base URL (no such path)', 404, 'not_found', () => new CampusClient({ baseUrl: `${t.base}/nowhere`, fetch: rec.fetch }).info()],
  ];
  it.each(cases)('%s → %i %s', async (_, status, code, run) => {
    const before = rec.calls.length;
    const e = await failure(run(new CampusClient({ baseUrl: t.base, fetch: rec.fetch })));
    expect([e.status, e.code]).toEqual([status, code]);
    expect(rec.calls.length - before).toBe(1); // a 4xx is never retried (retries = 2 here)
  });

  it('details carry the candidates of an ambiguous building and the fields of an invalid request', async () => {
    const c = client();
    expect((await failure(c.building('Kerr Hall', { university: 'tmu' }))).details).toEqual({ candidates: ['KHE', 'KHN', 'KHS', 'KHW'] });
    const e = await failure(c.route({ from: 'DV', to: 'CCT', preferences: { walkingSpeedMps: 9 } }));
    expect(e.code).toBe('invalid_request');
    expect((e.details as any).fields.map((f: any) => f.field)).toEqual(['preferences.walkingSpeedMps']);
  });
});

describe('JS SDK — path parameters that a URL cannot carry', () => {
  it.each(['', '.', '..'])('%j is refused before any request (a CampusError, not an API error)', async (value) => {
    const before = rec.calls.length;
    const err = await client().building(value).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CampusError);
    expect(err).not.toBeInstanceOf(CampusApiError);
    await expect(client().datasetFile('x', value)).rejects.toThrow(/must not be empty/);
    expect(rec.calls.length).toBe(before);
  });
});
