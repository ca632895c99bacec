/**
 * Issue 10 over real HTTP: building locations, entrances, route geometry, campus maps, coverage and
 * OpenStreetMap links.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strictGeoJsonProblems } from '../build/strict-geojson.ts';
import { allBuildings as allOf, call, expectError, postJson, ROOT, useServer } from './helpers.ts';
import { greatCircle } from '../build/reference-router.ts';

const t = useServer();
const source = (campus: string) => JSON.parse(readFileSync(join(ROOT, 'sources', 'campuses', `${campus}.json`), 'utf8'));

const allBuildings = (campus: string) => allOf(t.base, campus);

describe('building location', () => {
  it('every campus: within the campus bounds (± 200 m) and equal to the sources point, kind = pointKind; null without one', async () => {
    const campuses = (await call(t.base, '/v1/campuses?limit=100')).body.data;
    for (const c of campuses) {
      const byCode = new Map(source(c.id).buildings.map((b: any) => [b.code, b]));
      const [[w, s], [e, n]] = c.bounds;
      const margin = 0.003;
      for (const b of await allBuildings(c.id)) {
        t.oas.check('/v1/buildings/{building}', 'get', '200', { data: b, meta: { apiVersion: 'v1', dataVersion: 'x', requestId: '00000000-0000-4000-8000-000000000000' } });
        const src: any = byCode.get(b.code);
        if (!src.point) {
          expect(b.location, `${c.id} ${b.code}`).toBeNull();
          continue;
        }
        expect(Object.keys(b.location)).toEqual(['lat', 'lon', 'kind', 'verificationStatus']);
        expect(b.location.kind).toBe(src.pointKind);
        expect(Math.abs(b.location.lon - src.point[0])).toBeLessThanOrEqual(0.5e-7);
        expect(Math.abs(b.location.lat - src.point[1])).toBeLessThanOrEqual(0.5e-7);
        expect(b.location.lon, `${c.id} ${b.code}`).toBeGreaterThanOrEqual(w - margin);
        expect(b.location.lon, `${c.id} ${b.code}`).toBeLessThanOrEqual(e + margin);
        expect(b.location.lat, `${c.id} ${b.code}`).toBeGreaterThanOrEqual(s - margin);
        expect(b.location.lat, `${c.id} ${b.code}`).toBeLessThanOrEqual(n + margin);
      }
    }
  });

  it('OpenStreetMap provenance links the element page', async () => {
    const slc = (await call(t.base, '/v1/buildings/SLC?campus=tmu')).body.data;
    expect(slc.provenance.map((p: any) => p.sourceUrl)).toContain('https://www.openstreetmap.org/way/298926536');
    const ents = (await call(t.base, '/v1/buildings/SLC/entrances?campus=tmu')).body.data;
    for (const e of ents) expect(e.provenance[0].sourceUrl).toMatch(/^https:\/\/www\.openstreetmap\.org\/node\/\d+$/);
  });
});

describe('GET /v1/buildings/{building}/entrances', () => {
  it('a UTM building with a verified step-free entrance', async () => {
    const r = await call(t.base, '/v1/buildings/DV/entrances');
    expect(r.status).toBe(200);
    t.oas.check('/v1/buildings/{building}/entrances', 'get', '200', r.body);
    expect(r.headers.get('cache-control')).toBe('public, max-age=300, s-maxage=3600, stale-while-revalidate=86400');
    const dv = (await call(t.base, '/v1/buildings/DV')).body.data;
    expect(r.body.data.length).toBe(dv.entranceCount);
    expect(r.body.meta.pagination).toMatchObject({ offset: 0, count: dv.entranceCount, total: dv.entranceCount, nextOffset: null });
    expect(Object.keys(r.body.data[0])).toEqual(['id', 'kind', 'lat', 'lon', 'access', 'accessibility', 'powerDoor', 'verificationStatus', 'onWalkingGraph', 'provenance']);
    expect(r.body.data.every((e: any) => e.powerDoor === null)).toBe(true); // UTM's survey records no power doors
    expect(r.body.data.some((e: any) => e.accessibility === 'accessible' && e.verificationStatus === 'verified' && e.onWalkingGraph)).toBe(true);
    const ids = r.body.data.map((e: any) => e.id);
    expect(ids).toEqual([...ids].sort());
    // by name, paginated, ETag/304
    const page = await call(t.base, '/v1/buildings/William%20G.%20Davis%20Building/entrances?limit=1&offset=1');
    expect(page.body.data).toEqual([r.body.data[1]]);
    const again = await call(t.base, '/v1/buildings/DV/entrances', { headers: { 'if-none-match': r.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('404, 409, 400 like the building lookup', async () => {
    expectError(await call(t.base, '/v1/buildings/NOPE/entrances'), 404, 'building_not_found');
    const amb = await call(t.base, '/v1/buildings/Kerr%20Hall/entrances?campus=tmu');
    expectError(amb, 409, 'ambiguous_building');
    expect(amb.body.error.details.candidates).toEqual(['KHE', 'KHN', 'KHS', 'KHW']);
    expectError(await call(t.base, '/v1/buildings/%20/entrances'), 400, 'invalid_identifier');
    expectError(await call(t.base, `/v1/buildings/${'A'.repeat(241)}/entrances`), 400, 'invalid_identifier');
    expectError(await call(t.base, '/v1/buildings/DV/entrances?foo=1'), 400, 'invalid_query');
    expectError(await call(t.base, '/v1/buildings/DV/entrances?limit=0'), 400, 'invalid_query');
    expectError(await call(t.base, '/v1/buildings/DV/entrances?campus=nowhere'), 404, 'campus_not_found');
    expectError(await call(t.base, '/v1/buildings/DV/entrances', { method: 'POST' }), 405, 'method_not_allowed');
  });
});

/** Positions a route may start or end at for a building: its entrances and its location point. */
async function endsOf(campus: string, code: string): Promise<number[][]> {
  const b = (await call(t.base, `/v1/buildings/${code}?campus=${campus}`)).body.data;
  const ents = (await call(t.base, `/v1/buildings/${code}/entrances?campus=${campus}&limit=100`)).body.data;
  return [...ents.map((e: any) => [e.lon, e.lat]), ...(b.location ? [[b.location.lon, b.location.lat]] : [])];
}

describe('POST /v1/routes with geometry', () => {
  it('every routed pair of Brock: a LineString whose length is outdoorDistanceMeters ± 1 %, from and to the entrances used', async () => {
    const codes = (await allBuildings('brock')).map((b) => b.code);
    const ends = new Map<string, number[][]>();
    for (const c of codes) ends.set(c, await endsOf('brock', c));
    let routed = 0;
    for (const from of codes) {
      for (const to of codes) {
        const r = await postJson(t.base, '/v1/routes', { campus: 'brock', from, to, geometry: true });
        expect(r.status).toBe(200);
        const d = r.body.data;
        if (d.status !== 'routed') {
          expect(d.geometry).toBeNull();
          continue;
        }
        routed++;
        t.oas.check('/v1/routes', 'post', '200', r.body);
        const pos: number[][] = d.geometry.coordinates;
        expect(d.geometry.type).toBe('LineString');
        let len = 0;
        for (let k = 1; k < pos.length; k++) len += greatCircle(pos[k - 1], pos[k]);
        expect(Math.abs(len - d.outdoorDistanceMeters), `${from}→${to}`).toBeLessThanOrEqual(Math.max(0.01 * d.outdoorDistanceMeters, 0.1));
        const at = (p: number[], list: number[][]) => list.some((q) => q[0] === p[0] && q[1] === p[1]);
        expect(at(pos[0], ends.get(from)!), `${from} start`).toBe(true);
        expect(at(pos[pos.length - 1], ends.get(to)!), `${to} end`).toBe(true);
      }
    }
    expect(routed).toBe(codes.length * (codes.length - 1));
  });

  it('null for same-building, approximate and unavailable; absent without the flag (same bytes as geometry: false)', async () => {
    expect((await postJson(t.base, '/v1/routes', { from: 'DV', to: 'DV', geometry: true })).body.data).toMatchObject({ status: 'same-building', geometry: null });
    // Waterloo's BSC has no entrance and lies > 50 m from the walking graph
    const approx = (await postJson(t.base, '/v1/routes', { campus: 'waterloo-main', from: 'BSC', to: 'AL', geometry: true })).body.data;
    expect(approx).toMatchObject({ status: 'approximate', geometry: null });
    const unavailable = (await postJson(t.base, '/v1/routes', { campus: 'brock', from: 'MC', to: 'IH', preferences: { mode: 'step-free' }, geometry: true })).body.data;
    expect(unavailable).toMatchObject({ status: 'unavailable', geometry: null });
    const plain = await postJson(t.base, '/v1/routes', { campus: 'brock', from: 'MC', to: 'IH' });
    const off = await postJson(t.base, '/v1/routes', { campus: 'brock', from: 'MC', to: 'IH', geometry: false });
    expect('geometry' in plain.body.data).toBe(false);
    const strip = (text: string) => text.replace(/"requestId":"[^"]+"/, '');
    expect(strip(off.text)).toBe(strip(plain.text));
    expect(plain.body.data).toMatchObject({ status: 'routed', totalDistanceMeters: expect.closeTo(302, -1) });
    expectError(await postJson(t.base, '/v1/routes', { from: 'DV', to: 'CCT', geometry: 'yes' }), 400, 'invalid_request');
    // The deprecated alias keeps its shape.
    expect('geometry' in (await postJson(t.base, '/api/campus-route', { from: 'DV', to: 'CCT', geometry: true })).body.route).toBe(false);
  });
});

describe('GET /v1/campuses/{campus}/map', () => {
  it('valid GeoJSON with every graph edge, attribution and licence; cacheable (ETag/304, HEAD)', async () => {
    for (const id of ['carleton', 'utm', 'utsg']) {
      const r = await call(t.base, `/v1/campuses/${id}/map`);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('application/geo+json');
      expect(r.headers.get('cache-control')).toBe('public, max-age=300, s-maxage=3600, stale-while-revalidate=86400');
      t.oas.check('/v1/campuses/{campus}/map', 'get', '200', r.body);
      expect(strictGeoJsonProblems(r.text)).toEqual([]);
      expect(r.body.attribution).toContain('OpenStreetMap contributors');
      expect(typeof r.body.license).toBe('string');
      const edgesFile = join(ROOT, 'sources', 'graphs', id, 'edges.tsv');
      const kinds = (k: string) => r.body.features.filter((f: any) => f.properties.feature === k);
      const edgeRows = readFileSync(edgesFile, 'utf8').trim().split('\n').length - 1;
      expect(kinds('path').length).toBe(edgeRows);
      // every path is drawn (UTM's nodes have coordinates now): a line, or a point for a link of zero length
      expect(kinds('path').filter((f: any) => f.geometry?.type !== 'LineString' && !(f.geometry?.type === 'Point' && f.properties.meters === 0))).toEqual([]);
      const campus = (await call(t.base, `/v1/campuses/${id}`)).body.data;
      expect(kinds('building').length).toBe(campus.coverage.buildingsWithLocation);
      expect(kinds('entrance').length).toBe(campus.coverage.entrances + campus.coverage.approachPoints);
      expect(kinds('entrance').filter((f: any) => f.properties.kind === 'approach').length).toBe(campus.coverage.approachPoints);
      expect(new Set(kinds('footprint').map((f: any) => f.properties.building)).size).toBe(campus.coverage.buildingsWithFootprint);
      expect(r.body.extent).toEqual(campus.extent);
      expect(campus.coverage.walkingGraphEdges).toBe(edgeRows);
      const etag = r.headers.get('etag')!;
      expect((await call(t.base, `/v1/campuses/${id.toUpperCase()}/map`, { headers: { 'if-none-match': etag } })).status).toBe(304);
      const head = await call(t.base, `/v1/campuses/${id}/map`, { method: 'HEAD' });
      expect(head.text).toBe('');
      expect(head.headers.get('etag')).toBe(etag);
    }
    const path = (await call(t.base, '/v1/campuses/carleton/map')).body.features.find((f: any) => f.properties.feature === 'path');
    expect(Object.keys(path.properties)).toEqual(['feature', 'id', 'meters', 'verification', 'stairs', 'environment', 'oneWay', 'osm', 'crossing', 'pathType', 'sourceRef']);
    expect(path.properties.osm).toMatch(/^(way|node)\/\d+$/);
    expectError(await call(t.base, '/v1/campuses/nowhere/map'), 404, 'campus_not_found');
  });
});

describe('coverage and capabilities', () => {
  it('campus coverage and root capabilities', async () => {
    const c = (await call(t.base, '/v1/campuses/carleton')).body.data;
    expect(c.coverage).toMatchObject({ buildings: 48, entrances: 15, walkingGraphEdges: 2009 });
    expect(c.coverage.pairs.routed + c.coverage.pairs.approximate + c.coverage.pairs.unavailable).toBeCloseTo(1, 3);
    expect(c.capabilities).toEqual(expect.arrayContaining(['mapped-walking-routes', 'entrances', 'route-geometry', 'campus-map', 'building-locations']));
    expect((await call(t.base, '/v1/campuses/utm')).body.data.capabilities).toContain('route-geometry');
    const root = (await call(t.base, '/v1')).body.data;
    expect(root.capabilities).toEqual(expect.arrayContaining(['building-locations', 'entrances', 'route-geometry', 'campus-maps']));
    // every campus whose walking graph is in sources/graphs/ has one, and draws its routes
    const graphs = readdirSync(join(ROOT, 'sources', 'graphs')).sort();
    expect(graphs.length).toBe(15);
    expect(root.campuses.filter((x: any) => x.walkingGraph).map((x: any) => x.id).sort()).toEqual(graphs);
    for (const x of root.campuses.filter((c: any) => c.walkingGraph)) expect(x.capabilities, x.id).toContain('route-geometry');
  });
});
