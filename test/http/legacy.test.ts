/** Deprecated /api/campus-* aliases: flat shapes, errors, Deprecation/Link, and equality with v1. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { call, expectLegacyError, postJson, ROOT, type Res, useServer } from './helpers.ts';
import { ROUTE_WARNING } from '../../runtime/domain/route-result.ts';

const t = useServer();

/**
 * A v1 Building record in the aliases' frozen shape: without `location`, and with each provenance's
 * source URL instead of the OpenStreetMap element's page (v1 links the fact; the aliases never did), so
 * the records of a building's several OpenStreetMap elements are one record there.
 */
function asLegacy(v1: any): any {
  const { location, ...rest } = v1;
  expect(location === null || typeof location === 'object').toBe(true);
  const records = rest.provenance.map((p: any) => ({ ...p, sourceUrl: p.sourceUrl.replace(/^(https:\/\/www\.openstreetmap\.org)\/(node|way|relation)\/\d+$/, '$1') }));
  const provenance = records.filter((p: any, i: number) => records.findIndex((q: any) => JSON.stringify(q) === JSON.stringify(p)) === i);
  return { ...rest, provenance };
}
/** Compares ignoring the trailing slash of the OpenStreetMap home page, which differs between sources. */
const homeless = (x: unknown) => JSON.parse(JSON.stringify(x).replaceAll('https://www.openstreetmap.org/"', 'https://www.openstreetmap.org"'));
/** The v1 route as the alias gives it: legacy Building records, and none of v1's additive step-free parts (BEHAVIOUR §7). */
const asLegacyRoute = ({ stepFreeCandidate: _candidate, ...r }: any) => ({
  ...r, from: asLegacy(r.from), to: asLegacy(r.to), warnings: r.warnings.filter((w: string) => w !== ROUTE_WARNING.noStairsRecorded),
});

const golden = (name: string) => readFileSync(join(ROOT, 'test', 'http', 'fixtures', 'legacy', name), 'utf8');
/** Legacy route bodies name the data version, which follows the sources. */
const sameVersion = (text: string, dataVersion: string) => text.replace(/"dataVersion":"[^"]+"/g, `"dataVersion":"${dataVersion}"`);

/**
 * The aliases' shapes are frozen; their values follow the data. The fixtures were captured before issue 10
 * added location, entrances and geometry; buildings-utm.json was re-captured for issue 22's data (approach
 * points no longer counted as entrances, nine buildings located by their outline: `mapped`, with the
 * outline's OpenStreetMap source), same bytes otherwise.
 */
describe('legacy aliases keep their bytes (shapes frozen since before issue 10; values follow the data)', () => {
  it('buildings, building, route and gap plan', async () => {
    const { dataVersion } = (await call(t.base, '/v1')).body.data;
    expect((await call(t.base, '/api/campus-buildings')).text).toBe(golden('buildings-utm.json'));
    expect((await call(t.base, '/api/campus-buildings?university=tmu')).text).toBe(golden('buildings-tmu.json'));
    expect((await call(t.base, '/api/campus-building?q=DV')).text).toBe(golden('building-dv.json'));
    expect((await postJson(t.base, '/api/campus-route', { from: 'DV', to: 'CCT' })).text).toBe(sameVersion(golden('route-dv-cct.json'), dataVersion));
    expect((await postJson(t.base, '/api/campus-gap-plan', GAP)).text).toBe(sameVersion(golden('gap-dv-cct.json'), dataVersion));
  });
});

function expectDeprecated(r: Res, successor: string): void {
  expect(r.headers.get('deprecation')).toBe('true');
  expect(r.headers.get('link')).toBe(`<${successor}>; rel="successor-version"`);
  expect(r.body.service).toBe('service-public-campus');
  expect(r.body.data).toBeUndefined();
  expect(r.body.meta).toBeUndefined();
}

const GAP = { from: 'DV', to: 'CCT', term: 'Winter', weekday: 'Friday', startTime: 690, endTime: 800 };

describe('GET /api/campus-buildings', () => {
  it('flat list of every building of the default campus, equal to v1', async () => {
    const r = await call(t.base, '/api/campus-buildings');
    expect(r.status).toBe(200);
    t.oas.check('/api/campus-buildings', 'get', '200', r.body);
    expectDeprecated(r, '/v1/buildings');
    expect(Object.keys(r.body)).toEqual(['service', 'buildings']);
    expect(homeless(r.body.buildings)).toEqual(homeless((await call(t.base, '/v1/buildings?limit=100')).body.data.map(asLegacy)));
    const tmu = await call(t.base, '/api/campus-buildings?university=tmu');
    expect(tmu.body.buildings.every((b: any) => b.campus === 'tmu')).toBe(true);
    // The aliases' original contract lists no 400 for GETs: unknown parameters (cache-busters) are ignored.
    const busted = await call(t.base, '/api/campus-buildings?_=123');
    expect(busted.status).toBe(200);
    expect(busted.body.buildings.length).toBe(30);
  });
});

describe('GET /api/campus-building', () => {
  it('resolves q like v1', async () => {
    const r = await call(t.base, '/api/campus-building?q=davis');
    expect(r.status).toBe(200);
    t.oas.check('/api/campus-building', 'get', '200', r.body);
    expectDeprecated(r, '/v1/buildings/DV');
    expect(Object.keys(r.body)).toEqual(['service', 'building']);
    expect(homeless(r.body.building)).toEqual(homeless(asLegacy((await call(t.base, '/v1/buildings/DV')).body.data)));
    const khe = await call(t.base, '/api/campus-building?q=KHE&campus=tmu');
    expectDeprecated(khe, '/v1/buildings/KHE?campus=tmu');
  });

  it('404, 409 with candidates, 404 without q', async () => {
    expectLegacyError(await call(t.base, '/api/campus-building?q=nowhere'), 404, 'building_not_found');
    const amb = await call(t.base, '/api/campus-building?q=Kerr%20Hall&university=tmu');
    expectLegacyError(amb, 409, 'ambiguous_building');
    expect(amb.body.candidates).toEqual(['KHE', 'KHN', 'KHS', 'KHW']);
    expect(Object.keys(amb.body)).toEqual(['service', 'error', 'message', 'candidates']);
    expectLegacyError(await call(t.base, '/api/campus-building'), 404, 'building_not_found');
    expectLegacyError(await call(t.base, '/api/campus-building?q=%20'), 404, 'building_not_found');
    expectLegacyError(await call(t.base, '/api/campus-building?q=DV&campus=nowhere'), 404, 'campus_not_found');
    const nf = await call(t.base, '/api/campus-building?q=nowhere');
    expect(Object.keys(nf.body)).toEqual(['service', 'error', 'message']);
    expect(nf.headers.get('cache-control')).toBe('no-store');
  });
});

describe('POST /api/campus-route', () => {
  it('equals the v1 route', async () => {
    for (const body of [{ from: 'DV', to: 'CCT' }, { from: 'KHE', to: 'ARC', campus: 'tmu', preferences: { mode: 'step-free' } }]) {
      const legacy = await postJson(t.base, '/api/campus-route', body);
      expect(legacy.status, legacy.text).toBe(200);
      t.oas.check('/api/campus-route', 'post', '200', legacy.body);
      expectDeprecated(legacy, '/v1/routes');
      expect(Object.keys(legacy.body)).toEqual(['service', 'route']);
      expect(homeless(legacy.body.route)).toEqual(homeless(asLegacyRoute((await postJson(t.base, '/v1/routes', body)).body.data)));
      expect(legacy.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('400, 404, 409, 413, 415 in the flat shape', async () => {
    const bad = await postJson(t.base, '/api/campus-route', { from: 'DV', to: 'CCT', preferences: { walkingSpeedMps: 10 } });
    expectLegacyError(bad, 400, 'invalid_request');
    expect(bad.body.message).toMatch(/preferences\.walkingSpeedMps/);
    expectLegacyError(await postJson(t.base, '/api/campus-route', { from: 'DV', to: 'nowhere' }), 404, 'building_not_found');
    const amb = await postJson(t.base, '/api/campus-route', { from: 'kerr hall', to: 'ARC', campus: 'tmu' });
    expectLegacyError(amb, 409, 'ambiguous_building');
    expect(amb.body.candidates).toEqual(['KHE', 'KHN', 'KHS', 'KHW']);
    expectLegacyError(await postJson(t.base, '/api/campus-route', 'x'.repeat(17 * 1024)), 413, 'request_too_large');
    expectLegacyError(await postJson(t.base, '/api/campus-route', '{}', { 'content-type': 'text/plain' }), 415, 'unsupported_media_type');
    expectLegacyError(await postJson(t.base, '/api/campus-route', '{'), 400, 'invalid_json');
  });
});

describe('POST /api/campus-gap-plan', () => {
  it('returns the v1 gap plan under gapPlan', async () => {
    const r = await postJson(t.base, '/api/campus-gap-plan', GAP);
    expect(r.status, r.text).toBe(200);
    t.oas.check('/api/campus-gap-plan', 'post', '200', r.body);
    expectDeprecated(r, '/v1/gaps/plan');
    expect(Object.keys(r.body)).toEqual(['service', 'gapPlan']);
    const v1 = (await postJson(t.base, '/v1/gaps/plan', GAP)).body.data;
    const expected = { ...v1, gap: { ...v1.gap, from: asLegacy(v1.gap.from), to: asLegacy(v1.gap.to) }, route: asLegacyRoute(v1.route) };
    expect(homeless(r.body.gapPlan)).toEqual(homeless(expected));
  });

  it('errors are flat', async () => {
    expectLegacyError(await postJson(t.base, '/api/campus-gap-plan', { ...GAP, endTime: 100 }), 400, 'invalid_request');
    expectLegacyError(await postJson(t.base, '/api/campus-gap-plan', { ...GAP, to: 'nowhere' }), 404, 'building_not_found');
    expectLegacyError(await postJson(t.base, '/api/campus-gap-plan', { ...GAP, to: 'Kerr Hall', from: 'ARC', campus: 'tmu' }), 409, 'ambiguous_building');
  });
});

describe('POST /api/campus-route and /api/campus-gap-plan', () => {
  it('bodies never contain the v1 Building field "location" (BEHAVIOUR §6)', async () => {
    for (const [from, to] of [['DV', 'CCT'], ['CCT', 'DV'], ['DV', 'DV']]) {
      const route = await postJson(t.base, '/api/campus-route', { from, to });
      expect(route.status).toBe(200);
      expect(route.text).not.toContain('"location"');
      const plan = await postJson(t.base, '/api/campus-gap-plan', { ...GAP, from, to });
      expect(plan.status).toBe(200);
      expect(plan.text).not.toContain('"location"');
    }
  });
});

describe('GET /api/campus-places and /api/campus-place', () => {
  it('flat list with dataVersion and generatedAt', async () => {
    const r = await call(t.base, '/api/campus-places');
    expect(r.status).toBe(200);
    t.oas.check('/api/campus-places', 'get', '200', r.body);
    expectDeprecated(r, '/v1/places');
    expect(Object.keys(r.body)).toEqual(['service', 'dataVersion', 'generatedAt', 'places']);
    const v1 = await call(t.base, '/v1/places');
    // the v1 records add hoursText and availabilityVerification; the aliases keep the original shape
    const strip = (ps: any[]) => ps.map(({ evaluatedAt, hoursText, availabilityVerification, ...rest }) => rest);
    expect(strip(r.body.places)).toEqual(strip(v1.body.data));
    expect(r.body.places.every((p: any) => Object.keys(p).join() === 'id,name,kind,building,university,campus,amenities,hours,availability,evaluatedAt,nextTransition,hoursProvenance,provenance')).toBe(true);
    expect(r.body.dataVersion).toBe(v1.body.meta.dataVersion);
  });

  it('one place; unknown, impossible or missing id → 404', async () => {
    const r = await call(t.base, '/api/campus-place?id=davis-food-court');
    expect(r.status).toBe(200);
    t.oas.check('/api/campus-place', 'get', '200', r.body);
    expectDeprecated(r, '/v1/places/davis-food-court');
    expect(Object.keys(r.body)).toEqual(['service', 'dataVersion', 'place']);
    expect(r.body.place.id).toBe('davis-food-court');
    expectLegacyError(await call(t.base, '/api/campus-place?id=no-such-place'), 404, 'place_not_found');
    expectLegacyError(await call(t.base, '/api/campus-place?id=Not%20A%20Slug'), 404, 'place_not_found');
    expectLegacyError(await call(t.base, '/api/campus-place'), 404, 'place_not_found');
    expectLegacyError(await call(t.base, '/api/campus-place?id=a&id=b'), 404, 'place_not_found');
  });

  it('405 and OPTIONS keep the deprecation headers', async () => {
    const r = await call(t.base, '/api/campus-places', { method: 'DELETE' });
    expectLegacyError(r, 405, 'method_not_allowed');
    expect(r.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    const o = await call(t.base, '/api/campus-route', { method: 'OPTIONS' });
    expect(o.status).toBe(204);
    expect(o.headers.get('deprecation')).toBe('true');
    expect(o.headers.get('link')).toBe('</v1/routes>; rel="successor-version"');
  });
});
