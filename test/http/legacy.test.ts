/** Deprecated /api/campus-* aliases: flat shapes, errors, Deprecation/Link, and equality with v1. */
import { describe, expect, it } from 'vitest';
import { call, expectLegacyError, postJson, type Res, useServer } from './helpers.ts';

const t = useServer();

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
    expect(r.body.buildings).toEqual((await call(t.base, '/v1/buildings?limit=100')).body.data);
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
    expect(r.body.building).toEqual((await call(t.base, '/v1/buildings/DV')).body.data);
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
      expect(legacy.body.route).toEqual((await postJson(t.base, '/v1/routes', body)).body.data);
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
    expect(r.body.gapPlan).toEqual((await postJson(t.base, '/v1/gaps/plan', GAP)).body.data);
  });

  it('errors are flat', async () => {
    expectLegacyError(await postJson(t.base, '/api/campus-gap-plan', { ...GAP, endTime: 100 }), 400, 'invalid_request');
    expectLegacyError(await postJson(t.base, '/api/campus-gap-plan', { ...GAP, to: 'nowhere' }), 404, 'building_not_found');
    expectLegacyError(await postJson(t.base, '/api/campus-gap-plan', { ...GAP, to: 'Kerr Hall', from: 'ARC', campus: 'tmu' }), 409, 'ambiguous_building');
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
    const strip = (ps: any[]) => ps.map(({ evaluatedAt, ...rest }) => rest);
    expect(strip(r.body.places)).toEqual(strip(v1.body.data));
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
