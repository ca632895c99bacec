/** Root, universities, campuses and the OpenAPI document, through real HTTP. */
import { describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { call, expectError, UUID_V4, useServer } from './helpers.ts';
import { weakEtag } from '../../runtime/http/etag.ts';

const t = useServer();

describe('OpenAPI document', () => {
  it('has an ETag that covers its bytes (the document changes with the code, not only the data)', async () => {
    const r = await call(t.base, '/v1/openapi.json');
    const { dataVersion } = (await call(t.base, '/v1')).body.meta;
    expect(r.headers.get('etag')).toBe(weakEtag(dataVersion, '/v1/openapi.json', '', r.text));
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const r = await call(t.base, '/v1/openapi.json');
    expect(r.status).toBe(200);
    expect(r.body.openapi).toBe('3.1.0');
    const v = new Validator();
    const res = await v.validate(r.body);
    expect(res.errors ?? []).toEqual([]);
    expect(res.valid).toBe(true);
    expect(v.version).toBe('3.1');
  });

  it('documents every served path with its GET and POST operations (HEAD and OPTIONS once, in the description)', async () => {
    const doc = t.oas.doc;
    const expected: Record<string, string[]> = {
      '/v1': ['get'],
      '/v1/openapi.json': ['get'],
      '/v1/universities': ['get'],
      '/v1/universities/{university}': ['get'],
      '/v1/campuses': ['get'],
      '/v1/campuses/{campus}': ['get'],
      '/v1/buildings': ['get'],
      '/v1/buildings/{building}': ['get'],
      '/v1/buildings/{building}/entrances': ['get'],
      '/v1/campuses/{campus}/map': ['get'],
      '/v1/places': ['get'],
      '/v1/places/{placeId}': ['get'],
      '/v1/routes': ['get', 'post'],
      '/v1/gaps/plan': ['post'],
      '/v1/datasets': ['get'],
      '/v1/datasets/{dataVersion}/{file}': ['get'],
      '/api/campus-buildings': ['get'],
      '/api/campus-building': ['get'],
      '/api/campus-route': ['post'],
      '/api/campus-gap-plan': ['post'],
      '/api/campus-places': ['get'],
      '/api/campus-place': ['get'],
    };
    expect(Object.keys(doc.paths).sort()).toEqual(Object.keys(expected).sort());
    for (const [p, methods] of Object.entries(expected)) {
      // `parameters` at path level holds the path parameters, shared by every operation.
      expect(Object.keys(doc.paths[p]).filter((k) => k !== 'parameters').sort(), p).toEqual([...methods].sort());
      const names = [...p.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      expect((doc.paths[p].parameters ?? []).map((x: { name: string }) => x.name), p).toEqual(names);
    }
    const description = doc.info.description as string;
    expect(description).toMatch(/\*\*HEAD\*\* — every path with a GET also answers HEAD/);
    expect(description).toMatch(/\*\*OPTIONS\*\* — every path answers OPTIONS \(CORS preflight\): 204/);
    for (const [p, item] of Object.entries(doc.paths as Record<string, Record<string, { description?: string }>>)) {
      for (const m of ['get', 'post']) if (item[m]) expect(item[m]!.description?.length ?? 0, `${m} ${p} description`).toBeGreaterThan(20);
    }
    for (const name of ['Building', 'Provenance', 'Route', 'RoutePreferences', 'RoutePreferencesInput', 'RouteRequest', 'Place', 'GapPlan', 'GapPlanRequest', 'GapPreferences', 'ErrorEnvelope', 'LegacyError']) {
      expect(doc.components.schemas[name], name).toBeDefined();
    }
  });

  it('publishes the request bounds that the server enforces', () => {
    const p = t.oas.doc.components.schemas.RoutePreferencesInput.properties;
    expect(p.walkingSpeedMps).toMatchObject({ minimum: 0.5, maximum: 3 });
    expect(p.transitionBufferMinutes).toMatchObject({ minimum: 0, maximum: 60 });
    expect(p.mode.enum).toEqual(['fastest', 'prefer-indoor', 'step-free']);
    const g = t.oas.doc.components.schemas.GapPreferencesInput.properties;
    expect(g.setupMinutes).toMatchObject({ minimum: 0, maximum: 20 });
    expect(g.oneWayHomeCommuteMinutes).toMatchObject({ type: ['number', 'null'], minimum: 5, maximum: 180 });
  });
});

describe('GET /v1', () => {
  it('serves the root record at /v1 and /v1/', async () => {
    for (const path of ['/v1', '/v1/']) {
      const r = await call(t.base, path);
      expect(r.status).toBe(200);
      t.oas.check('/v1', 'get', '200', r.body);
      expect(Object.keys(r.body)).toEqual(['data', 'meta']);
      expect(Object.keys(r.body.meta)).toEqual(['apiVersion', 'dataVersion', 'generatedAt', 'requestId']);
      expect(r.body.meta.requestId).toMatch(UUID_V4);
      expect(r.headers.get('x-request-id')).toBe(r.body.meta.requestId);
      const d = r.body.data;
      expect(d.apiVersion).toBe('v1');
      expect(d.authentication).toBe('none');
      expect(d.attribution).toContain('© OpenStreetMap contributors');
      expect(d.license.name).toContain('ODbL');
      expect(d.privacy).toMatch(/timetable/);
      expect(d.universities).toHaveLength(13);
      expect(d.campuses).toHaveLength(15);
      expect(d.dataVersion).toMatch(/^\d{4}-\d{2}-\d{2}\.[0-9a-f]{8}$/);
    }
  });

  it('rejects any query parameter', async () => {
    expectError(await call(t.base, '/v1?x=1'), 400, 'invalid_query');
  });
});

describe('universities and campuses', () => {
  it('lists universities in registry order, paginated', async () => {
    const r = await call(t.base, '/v1/universities');
    t.oas.check('/v1/universities', 'get', '200', r.body);
    expect(r.body.data.map((u: any) => u.id)).toEqual([
      'uoft', 'carleton', 'tmu', 'queens', 'laurier', 'york', 'mcmaster', 'western', 'guelph', 'uottawa', 'brock', 'ubc', 'waterloo',
    ]);
    expect(r.body.meta.pagination).toEqual({ limit: 50, offset: 0, count: 13, total: 13, nextOffset: null });
    const page = await call(t.base, '/v1/universities?limit=5&offset=10');
    expect(page.body.data.map((u: any) => u.id)).toEqual(['brock', 'ubc', 'waterloo']);
    expect(page.body.meta.pagination).toEqual({ limit: 5, offset: 10, count: 3, total: 13, nextOffset: null });
    expect(page.body.meta.filters).toBeUndefined();
  });

  it('one university, case-insensitive; unknown → 404 university_not_found', async () => {
    const r = await call(t.base, '/v1/universities/UofT');
    expect(r.status).toBe(200);
    t.oas.check('/v1/universities/{university}', 'get', '200', r.body);
    expect(r.body.data).toMatchObject({ id: 'uoft', campuses: ['utm', 'utsg', 'utsc'], defaultCampus: 'utm', isDefault: true });
    expectError(await call(t.base, '/v1/universities/nowhere'), 404, 'university_not_found');
  });

  it('lists campuses, filtered by university; unknown university → 400', async () => {
    const all = await call(t.base, '/v1/campuses');
    t.oas.check('/v1/campuses', 'get', '200', all.body);
    expect(all.body.data).toHaveLength(15);
    const uoft = await call(t.base, '/v1/campuses?university=UOFT');
    expect(uoft.body.data.map((c: any) => c.id)).toEqual(['utm', 'utsg', 'utsc']);
    expect(uoft.body.meta.filters).toEqual({ university: 'uoft' });
    expectError(await call(t.base, '/v1/campuses?university=nowhere'), 400, 'invalid_query');
  });

  it('one campus; unknown → 404 campus_not_found', async () => {
    const r = await call(t.base, '/v1/campuses/UBC-Vancouver/');
    t.oas.check('/v1/campuses/{campus}', 'get', '200', r.body);
    expect(r.body.data).toMatchObject({ id: 'ubc-vancouver', university: 'ubc', timeZone: 'America/Vancouver', region: 'BC' });
    expectError(await call(t.base, '/v1/campuses/atlantis'), 404, 'campus_not_found');
  });
});
