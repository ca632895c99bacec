/** POST /v1/routes and /v1/gaps/plan: results, identity, and the 415 → 413 → invalid_json → invalid_request order. */
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { call, expectError, postJson, type Res, useServer } from './helpers.ts';

const t = useServer();

const GAP = { from: 'DV', to: 'CCT', term: 'Fall', weekday: 'Monday', startTime: 600, endTime: 720 };
const fields = (r: Res) => r.body.error.details.fields as { field: string; reason: string }[];
const fieldNames = (r: Res) => fields(r).map((f) => f.field);

describe('POST /v1/routes', () => {
  it('routes on the default campus with default preferences', async () => {
    const r = await postJson(t.base, '/v1/routes', { from: 'DV', to: 'CCT' });
    expect(r.status, r.text).toBe(200);
    t.oas.check('/v1/routes', 'post', '200', r.body);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('etag')).toBeNull();
    expect(r.body.data.preferences).toEqual({ mode: 'fastest', walkingSpeedMps: 1.35, transitionBufferMinutes: 5 });
    expect(r.body.data.from.code).toBe('DV');
    expect(r.body.data.to.code).toBe('CCT');
    expect(r.body.data.status).toBe('routed');
    expect(r.headers.get('x-request-id')).toBe(r.body.meta.requestId);
  });

  it('same building → same-building with zeros', async () => {
    const r = await postJson(t.base, '/v1/routes', { from: 'dv', to: 'Davis Building' });
    expect(r.body.data).toMatchObject({ status: 'same-building', accuracy: 'Same building', totalDistanceMeters: 0, routeVerification: 'verified' });
  });

  it('applies preferences and the university/campus of the request', async () => {
    const r = await postJson(t.base, '/v1/routes', {
      from: 'KHE', to: 'ARC', university: 'TMU', preferences: { mode: 'prefer-indoor', walkingSpeedMps: 2, transitionBufferMinutes: 0 },
    });
    expect(r.status, r.text).toBe(200);
    t.oas.check('/v1/routes', 'post', '200', r.body);
    expect(r.body.data.preferences).toEqual({ mode: 'prefer-indoor', walkingSpeedMps: 2, transitionBufferMinutes: 0 });
    expect(r.body.data.from.campus).toBe('tmu');
    const approx = await postJson(t.base, '/v1/routes', { from: r.body.data.to.code, to: 'KHE', campus: 'tmu', preferences: { mode: 'step-free' } });
    expect(approx.status).toBe(200);
    t.oas.check('/v1/routes', 'post', '200', approx.body);
  });

  it('approximate route without a mapped path (a campus without a walking graph, else a building off it); step-free never invents a route', async () => {
    const noGraph = (await call(t.base, '/v1/campuses?limit=100')).body.data.find((c: any) => !c.walkingGraph)?.id;
    // Waterloo's BSC has no entrance and lies > 50 m from its campus's walking graph
    const [campus, a, b] = noGraph ? [noGraph, ...(await call(t.base, `/v1/buildings?campus=${noGraph}&limit=2`)).body.data.map((x: any) => x.code)] : ['waterloo-main', 'BSC', 'AL'];
    const r = await postJson(t.base, '/v1/routes', { from: a, to: b, campus });
    expect(['approximate', 'unavailable']).toContain(r.body.data.status);
    const sf = await postJson(t.base, '/v1/routes', { from: a, to: b, campus, preferences: { mode: 'step-free' } });
    expect(sf.body.data.status).toBe('unavailable');
    expect(sf.body.data.routeVerification).toBe('unavailable');
    expect(sf.body.data.warnings.length).toBeGreaterThan(0);
  });

  it('identity errors: 409 ambiguous with candidates, 404 unknown, never a fallback', async () => {
    const amb = await postJson(t.base, '/v1/routes', { from: 'Kerr Hall', to: 'ARC', campus: 'tmu' });
    expectError(amb, 409, 'ambiguous_building');
    expect(amb.body.error.details.candidates).toEqual(['KHE', 'KHN', 'KHS', 'KHW']);
    expectError(await postJson(t.base, '/v1/routes', { from: 'DV', to: 'Nowhere Hall' }), 404, 'building_not_found');
    expectError(await postJson(t.base, '/v1/routes', { from: 'Davi', to: 'DV' }), 404, 'building_not_found');
    expectError(await postJson(t.base, '/v1/routes', { from: 'DV', to: 'CCT', university: 'nowhere' }), 404, 'university_not_found');
    expectError(await postJson(t.base, '/v1/routes', { from: 'DV', to: 'CCT', campus: 'nowhere' }), 404, 'campus_not_found');
    const mismatch = await postJson(t.base, '/v1/routes', { from: 'DV', to: 'CCT', university: 'tmu', campus: 'utm' });
    expectError(mismatch, 400, 'invalid_request');
    expect(fieldNames(mismatch)).toEqual(['campus']);
  });

  it('415 for a missing or wrong media type; parameters and case are accepted', async () => {
    expectError(await postJson(t.base, '/v1/routes', { from: 'DV', to: 'CCT' }, { 'content-type': 'text/plain' }), 415, 'unsupported_media_type');
    expectError(await call(t.base, '/v1/routes', { method: 'POST', body: '{}' , headers: { 'content-type': '' } }), 415, 'unsupported_media_type');
    expectError(await postJson(t.base, '/v1/routes', { from: 'DV', to: 'CCT' }, { 'content-type': 'application/jsonx' }), 415, 'unsupported_media_type');
    const ok = await postJson(t.base, '/v1/routes', { from: 'DV', to: 'CCT' }, { 'content-type': 'Application/JSON ; charset=UTF-8' });
    expect(ok.status).toBe(200);
  });

  it('413 for a 17 KiB body (after 415, before invalid_json)', async () => {
    const big = '{"from":"' + 'a'.repeat(17 * 1024) + '"}';
    expectError(await postJson(t.base, '/v1/routes', big), 413, 'request_too_large');
    expectError(await postJson(t.base, '/v1/routes', 'x'.repeat(17 * 1024)), 413, 'request_too_large');
    expectError(await postJson(t.base, '/v1/routes', 'x'.repeat(17 * 1024), { 'content-type': 'text/plain' }), 415, 'unsupported_media_type');
  });

  it('413 while streaming a chunked body without Content-Length', async () => {
    const r = await new Promise<{ status: number; body: any }>((resolve, reject) => {
      const req = request(`${t.base}/v1/routes`, { method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } }, (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
      });
      req.on('error', reject);
      for (let i = 0; i < 20; i++) req.write('x'.repeat(1024));
      req.end();
    });
    expect(r.status).toBe(413);
    expect(r.body.error.code).toBe('request_too_large');
  });

  it('invalid JSON → invalid_json; valid JSON but not an object → invalid_request', async () => {
    for (const b of ['{', '', '{"from": "DV",}', "{'from':'DV'}", 'undefined']) expectError(await postJson(t.base, '/v1/routes', b), 400, 'invalid_json');
    for (const b of ['[1]', '"DV"', '42', 'null', 'true']) {
      const r = await postJson(t.base, '/v1/routes', b);
      expectError(r, 400, 'invalid_request');
      expect(fieldNames(r)).toEqual(['(body)']);
    }
  });

  it('invalid_request names every rejected field, sorted, with a reason', async () => {
    const r = await postJson(t.base, '/v1/routes', {
      to: 42, extra: 1, preferences: { mode: 'teleport', walkingSpeedMps: 9, transitionBufferMinutes: -1, colour: 'red' },
    });
    expectError(r, 400, 'invalid_request');
    expect(fieldNames(r)).toEqual([
      'extra', 'from', 'preferences.colour', 'preferences.mode', 'preferences.transitionBufferMinutes', 'preferences.walkingSpeedMps', 'to',
    ]);
    const byField = Object.fromEntries(fields(r).map((f) => [f.field, f.reason]));
    expect(byField['preferences.walkingSpeedMps']).toMatch(/<= 3/);
    expect(byField['preferences.transitionBufferMinutes']).toMatch(/>= 0/);
    expect(byField['preferences.mode']).toMatch(/fastest/);
    expect(byField.from).toMatch(/required/);
    expect(byField.extra).toMatch(/unknown/);
  });

  it('wrong types and bounds of preferences', async () => {
    for (const [prefs, field] of [
      [{ walkingSpeedMps: '1.2' }, 'preferences.walkingSpeedMps'], [{ walkingSpeedMps: 0.49 }, 'preferences.walkingSpeedMps'],
      [{ walkingSpeedMps: 3.01 }, 'preferences.walkingSpeedMps'], [{ transitionBufferMinutes: 61 }, 'preferences.transitionBufferMinutes'],
      [{ transitionBufferMinutes: null }, 'preferences.transitionBufferMinutes'], [{ mode: 'FASTEST' }, 'preferences.mode'],
      ['fast', 'preferences'], [[], 'preferences'],
    ] as const) {
      const r = await postJson(t.base, '/v1/routes', { from: 'DV', to: 'CCT', preferences: prefs });
      expectError(r, 400, 'invalid_request');
      expect(fieldNames(r)).toEqual([field]);
    }
    for (const prefs of [{ walkingSpeedMps: 0.5 }, { walkingSpeedMps: 3 }, { transitionBufferMinutes: 60 }]) {
      expect((await postJson(t.base, '/v1/routes', { from: 'DV', to: 'CCT', preferences: prefs })).status).toBe(200);
    }
  });

  it('__proto__ and constructor keys are reported as unknown fields and pollute nothing', async () => {
    const r = await postJson(t.base, '/v1/routes', '{"from":"DV","to":"CCT","__proto__":{"polluted":true},"preferences":{"__proto__":{"mode":"step-free"},"constructor":{"x":1}}}');
    expectError(r, 400, 'invalid_request');
    expect(fieldNames(r)).toEqual(['__proto__', 'preferences.__proto__', 'preferences.constructor']);
    expect(({} as any).polluted).toBeUndefined();
    const ok = await postJson(t.base, '/v1/routes', { from: 'DV', to: 'CCT' });
    expect(ok.body.data.preferences.mode).toBe('fastest');
  });

  it('blank identifiers are invalid_request', async () => {
    const r = await postJson(t.base, '/v1/routes', { from: '  ', to: '' });
    expectError(r, 400, 'invalid_request');
    expect(fieldNames(r)).toEqual(['from', 'to']);
  });
});

describe('POST /v1/gaps/plan', () => {
  it('plans a gap with defaults', async () => {
    const r = await postJson(t.base, '/v1/gaps/plan', GAP);
    expect(r.status, r.text).toBe(200);
    t.oas.check('/v1/gaps/plan', 'post', '200', r.body);
    expect(r.headers.get('cache-control')).toBe('no-store');
    const d = r.body.data;
    expect(Object.keys(d)).toEqual(['dataVersion', 'gap', 'route', 'gapPreferences', 'assessment']);
    expect(d.gap).toMatchObject({ term: 'Fall', weekday: 'Monday', startTime: 600, endTime: 720, durationMinutes: 120 });
    expect(d.gapPreferences.riskTolerance).toBe('low');
    expect(d.route.from.code).toBe('DV');
    // The route inside the plan is the same as POST /v1/routes.
    const route = await postJson(t.base, '/v1/routes', { from: 'DV', to: 'CCT' });
    expect(d.route).toEqual(route.body.data);
  });

  it('honours university/campus, route and gap preferences', async () => {
    const r = await postJson(t.base, '/v1/gaps/plan', {
      ...GAP, from: 'KHE', to: 'ARC', campus: 'tmu', startTime: 700, endTime: 760,
      routePreferences: { transitionBufferMinutes: 10 },
      gapPreferences: { riskTolerance: 'high', willingToLeaveCampus: true, oneWayHomeCommuteMinutes: null, lunchWindowStart: 600, lunchWindowEnd: 900 },
    });
    expect(r.status, r.text).toBe(200);
    t.oas.check('/v1/gaps/plan', 'post', '200', r.body);
    expect(r.body.data.route.preferences.transitionBufferMinutes).toBe(10);
    expect(r.body.data.gapPreferences).toMatchObject({ riskTolerance: 'high', lunchWindowStart: 600, lunchWindowEnd: 900 });
    expect(r.body.data.gap.from.campus).toBe('tmu');
  });

  it('endTime must be greater than startTime', async () => {
    for (const endTime of [600, 599]) {
      const r = await postJson(t.base, '/v1/gaps/plan', { ...GAP, endTime });
      expectError(r, 400, 'invalid_request');
      expect(fieldNames(r)).toEqual(['endTime']);
    }
  });

  it('rejects out-of-range, wrong-type, unknown and missing fields together', async () => {
    const r = await postJson(t.base, '/v1/gaps/plan', {
      from: 'DV', term: 'Autumn', weekday: 'monday', startTime: -1, endTime: 1441.5, note: 'x',
      gapPreferences: { setupMinutes: 21, mealDurationMinutes: 10, oneWayHomeCommuteMinutes: 4, riskTolerance: 'none', willingToLeaveCampus: 'yes', timetable: [] },
      routePreferences: { walkingSpeedMps: 0 },
    });
    expectError(r, 400, 'invalid_request');
    expect(fieldNames(r)).toEqual([
      'endTime', 'gapPreferences.mealDurationMinutes', 'gapPreferences.oneWayHomeCommuteMinutes', 'gapPreferences.riskTolerance',
      'gapPreferences.setupMinutes', 'gapPreferences.timetable', 'gapPreferences.willingToLeaveCampus', 'note',
      'routePreferences.walkingSpeedMps', 'startTime', 'term', 'to', 'weekday',
    ]);
  });

  it('lunchWindowEnd must be greater than lunchWindowStart', async () => {
    const r = await postJson(t.base, '/v1/gaps/plan', { ...GAP, gapPreferences: { lunchWindowStart: 900 } });
    expectError(r, 400, 'invalid_request');
    expect(fieldNames(r)).toEqual(['gapPreferences.lunchWindowEnd']);
  });

  it('identity errors as for routes', async () => {
    const amb = await postJson(t.base, '/v1/gaps/plan', { ...GAP, from: 'ARC', to: 'kerr hall', campus: 'tmu' });
    expectError(amb, 409, 'ambiguous_building');
    expect(amb.body.error.details.candidates).toEqual(['KHE', 'KHN', 'KHS', 'KHW']);
    expectError(await postJson(t.base, '/v1/gaps/plan', { ...GAP, to: 'nowhere' }), 404, 'building_not_found');
  });

  it('POST order also holds here: 415, 413, invalid_json', async () => {
    expectError(await postJson(t.base, '/v1/gaps/plan', GAP, { 'content-type': 'text/json' }), 415, 'unsupported_media_type');
    expectError(await postJson(t.base, '/v1/gaps/plan', ' '.repeat(16 * 1024 + 1)), 413, 'request_too_large');
    expect((await postJson(t.base, '/v1/gaps/plan', JSON.stringify(GAP).padEnd(16 * 1024, ' '))).status).toBe(200);
    expectError(await postJson(t.base, '/v1/gaps/plan', '{"from":'), 400, 'invalid_json');
  });
});
