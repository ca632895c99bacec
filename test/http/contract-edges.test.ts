/**
 * Contract edges found by a review of SPEC/BEHAVIOUR against the running server — through real HTTP.
 */
import { describe, expect, it } from 'vitest';
import { call, expectError, postJson, useServer } from './helpers.ts';

const t = useServer();

describe('query whitelists on POST', () => {
  it('any query parameter on a v1 POST is invalid_query, before the body is read', async () => {
    expectError(await postJson(t.base, '/v1/routes?campus=tmu', { from: 'DV', to: 'CCT' }), 400, 'invalid_query');
    expectError(await postJson(t.base, '/v1/gaps/plan?x=1', 'not even json'), 400, 'invalid_query');
  });

  it('the deprecated POST aliases keep ignoring the query string', async () => {
    expect((await postJson(t.base, '/api/campus-route?_=1', { from: 'DV', to: 'CCT' })).status).toBe(200);
  });
});

describe('path parameters', () => {
  it('a blank university or campus id is invalid_identifier', async () => {
    expectError(await call(t.base, '/v1/universities/%20'), 400, 'invalid_identifier');
    expectError(await call(t.base, '/v1/campuses/%20'), 400, 'invalid_identifier');
  });

  it('a long place id that matches the pattern is simply not found', async () => {
    expectError(await call(t.base, `/v1/places/${'a'.repeat(300)}`), 404, 'place_not_found');
  });
});

describe('paging and ETags', () => {
  it('an offset beyond every list, however large, is an empty last page', async () => {
    const r = await call(t.base, '/v1/buildings?offset=9007199254740993123');
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([]);
    expect(r.body.meta.pagination.nextOffset).toBeNull();
  });

  it('default limit/offset spelled out are the same resource (same ETag)', async () => {
    const tags = await Promise.all(['/v1/buildings', '/v1/buildings?limit=50', '/v1/buildings?offset=0&limit=50'].map(async (p) => (await call(t.base, p)).headers.get('etag')));
    expect(new Set(tags).size).toBe(1);
    expect((await call(t.base, '/v1/buildings?limit=49')).headers.get('etag')).not.toBe(tags[0]);
  });
});

describe('invalid_request details', () => {
  it('lists at most 50 offending fields and counts the rest', async () => {
    const body: Record<string, unknown> = { from: 'DV', to: 'CCT' };
    for (let i = 0; i < 120; i++) body[`extra${String(i).padStart(3, '0')}`] = i;
    const r = await postJson(t.base, '/v1/routes', body);
    expectError(r, 400, 'invalid_request');
    expect(r.body.error.details.fields).toHaveLength(50);
    expect(r.body.error.details.omittedFields).toBe(70);
    expect(r.body.error.details.fields[0].field).toBe('extra000');
    expect(r.body.error.message).toMatch(/and 115 more/);
  });
});

describe('route time and the gap plan agree', () => {
  it('estimatedSeconds is kept to 0.1 s, so travel = ceil(estimatedSeconds / 60) matches the formula', async () => {
    // Carleton NW → GY is approximate: 188.3 m at 0.672 m/s + 20 s = 300.2 s → 6 minutes, not 5.
    const req = { from: 'NW', to: 'GY', campus: 'carleton', routePreferences: { walkingSpeedMps: 0.672 } };
    const route = await postJson(t.base, '/v1/routes', { from: req.from, to: req.to, campus: req.campus, preferences: req.routePreferences });
    expect(route.status, route.text).toBe(200);
    const secs = route.body.data.estimatedSeconds;
    expect(secs).toBeCloseTo(route.body.data.totalDistanceMeters / 0.672 + 20, 1);
    const plan = await postJson(t.base, '/v1/gaps/plan', { ...req, term: 'Fall', weekday: 'Monday', startTime: 600, endTime: 700 });
    expect(plan.status, plan.text).toBe(200);
    expect(plan.body.data.assessment.travelMinutes).toBe(Math.ceil(secs / 60));
    expect(plan.body.data.route.estimatedSeconds).toBe(secs);
  });
});
