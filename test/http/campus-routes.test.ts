/**
 * Issue 22 over real HTTP: walking routes with geometry on the newly mapped campuses (U of T St. George,
 * uOttawa, Waterloo) and on UTM (its node coordinates), checked against the independent reference router;
 * approach points; crossings and stairs; detour warnings; building outlines; the campus extent; strict
 * GeoJSON validity of every campus map (issue 26, item 3).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { allBuildings, call, postJson, ROOT, useServer } from './helpers.ts';
import { greatCircle, ReferenceRouter } from '../build/reference-router.ts';
import { geometryProblem, strictGeoJsonProblems } from '../build/strict-geojson.ts';
import { DETOUR_WARNING_RATIO, ROUTE_PREFERENCE_DEFAULTS, ROUTE_WARNING } from '../../runtime/domain/route-result.ts';

const t = useServer();
const SOURCES = join(ROOT, 'sources');

/** Nodes of a campus graph the source calls `kind` (nodes.tsv), as "lon,lat" keys. */
function nodesOfKind(campus: string, kind: string): Set<string> {
  const [head, ...rows] = readFileSync(join(SOURCES, 'graphs', campus, 'nodes.tsv'), 'utf8').trim().split('\n');
  const k = head.split('\t').indexOf('kind');
  return new Set(rows.map((r) => r.split('\t')).filter((c) => c[k] === kind).map((c) => `${Number(c[1])},${Number(c[2])}`));
}

/** A building's positions: its location and its entrances (doors and approach points). */
async function positionsOf(campus: string, b: any): Promise<number[][]> {
  const ents = (await call(t.base, `/v1/buildings/${encodeURIComponent(b.code)}/entrances?campus=${campus}&limit=100`)).body.data;
  return [...(b.location ? [[b.location.lon, b.location.lat]] : []), ...ents.map((e: any) => [e.lon, e.lat])];
}

const nearestPair = (a: number[][], b: number[][]) => Math.min(...a.flatMap((p) => b.map((q) => greatCircle(p, q))));
const lengthOf = (pos: number[][]) => pos.slice(1).reduce((m, p, k) => m + greatCircle(pos[k], p), 0);
/** Deterministic, evenly spread sample of k items. */
const spread = <T,>(xs: T[], k: number) => Array.from({ length: Math.min(k, xs.length) }, (_, i) => xs[Math.floor((i * xs.length) / Math.min(k, xs.length))]);

describe('routes on the newly mapped campuses, against the reference router', () => {
  for (const campus of ['utsg', 'uottawa', 'waterloo-main', 'utm']) {
    it(`${campus}: sampled pairs route as the reference router says, with a drawn line of their outdoor length, within the straight-line band`, async () => {
      const located = (await allBuildings(t.base, campus)).filter((b) => b.location);
      const router = new ReferenceRouter(SOURCES, campus);
      const sample = spread(located, 7);
      const positions = new Map<string, number[][]>();
      for (const b of sample) positions.set(b.code, await positionsOf(campus, b));
      let routed = 0;
      for (const from of sample) {
        const reference = router.distances(from.code, 'fastest');
        for (const to of sample) {
          if (from === to) continue;
          const r = await postJson(t.base, '/v1/routes', { campus, from: from.code, to: to.code, geometry: true });
          expect(r.status).toBe(200);
          t.oas.check('/v1/routes', 'post', '200', r.body);
          const d = r.body.data;
          const at = `${campus} ${from.code}→${to.code}`;
          const ref = reference(to.code);
          if (ref === Infinity) {
            expect(d.status, at).not.toBe('routed');
            continue;
          }
          expect(d.status, at).toBe('routed');
          routed++;
          expect(Math.abs(d.totalDistanceMeters - ref), at).toBeLessThan(0.051);
          // never shorter than the straight line between the two buildings (an access node may sit ~1 m off its entrance point)
          const straight = nearestPair(positions.get(from.code)!, positions.get(to.code)!);
          expect(d.totalDistanceMeters, at).toBeGreaterThanOrEqual(straight - 1);
          // longer than 3 × the straight line ⇔ the detour warning (0.5 m either side for the rounding of metres)
          if (d.totalDistanceMeters > DETOUR_WARNING_RATIO * straight + 0.5) expect(d.warnings, at).toContain(ROUTE_WARNING.detour);
          if (d.totalDistanceMeters < DETOUR_WARNING_RATIO * straight - 0.5) expect(d.warnings, at).not.toContain(ROUTE_WARNING.detour);
          // fixed delays: leaving and entering (20 s) and 15 s per road crossing
          const crossings = (d.estimatedSeconds - d.totalDistanceMeters / ROUTE_PREFERENCE_DEFAULTS.walkingSpeedMps - 20) / 15;
          expect(Math.abs(crossings - Math.round(crossings)), at).toBeLessThan(0.01);
          expect(Math.round(crossings) > 0, at).toBe(d.warnings.includes(ROUTE_WARNING.crossing));
          if (d.totalDistanceMeters === 0) {
            expect(d.geometry, at).toBeNull(); // both join the graph at one point: nothing to draw
            continue;
          }
          expect(d.geometry.type).toBe('LineString');
          expect(geometryProblem(d.geometry), at).toBeNull();
          expect(Math.abs(lengthOf(d.geometry.coordinates) - d.outdoorDistanceMeters), at).toBeLessThanOrEqual(Math.max(0.01 * d.outdoorDistanceMeters, 0.1));
        }
      }
      expect(routed).toBeGreaterThanOrEqual(20);
    });
  }

  it('two routes of Waterloo: through the campus, and the Optometry detour the graph forces (said out loud)', async () => {
    const route = async (from: string, to: string) => (await postJson(t.base, '/v1/routes', { campus: 'waterloo-main', from, to, geometry: true })).body.data;
    const opt = await route('OPT', 'AL');
    expect(opt).toMatchObject({ status: 'routed' });
    expect(opt.totalDistanceMeters).toBeGreaterThan(3000);
    expect(opt.warnings).toContain(ROUTE_WARNING.detour);
    const straight = await route('MC', 'DC');
    expect(straight.status).toBe('routed');
    expect(straight.warnings).not.toContain(ROUTE_WARNING.detour);
  });
});

describe('UTM: node coordinates, stairs and crosswalks', () => {
  it('routes carry geometry; a route through a stairs node says it uses stairs; crossings cost 15 s each', async () => {
    const codes = (await allBuildings(t.base, 'utm')).filter((b) => b.location).map((b) => b.code);
    const stairs = nodesOfKind('utm', 'stairs');
    const crosswalks = nodesOfKind('utm', 'crosswalk');
    let drawn = 0;
    let withStairs = 0;
    let withCrossing = 0;
    for (const from of codes.slice(0, 12)) {
      for (const to of codes) {
        if (from === to) continue;
        const d = (await postJson(t.base, '/v1/routes', { from, to, geometry: true })).body.data;
        if (d.status !== 'routed') continue;
        expect(d.geometry, `${from}→${to}`).not.toBeNull();
        drawn++;
        const keys = d.geometry.coordinates.map(([lon, lat]: number[]) => `${lon},${lat}`);
        const passesStairs = keys.some((k: string) => stairs.has(k));
        if (passesStairs) withStairs++;
        // every route through a stairs node warns that it uses stairs
        if (passesStairs) expect(d.warnings, `${from}→${to}`).toContain(ROUTE_WARNING.stairs);
        if (d.warnings.includes(ROUTE_WARNING.crossing)) {
          withCrossing++;
          expect(keys.some((k: string) => crosswalks.has(k)), `${from}→${to}`).toBe(true);
          expect(d.estimatedSeconds - d.totalDistanceMeters / 1.35 - 20).toBeGreaterThanOrEqual(14.9);
        } else expect(keys.some((k: string) => crosswalks.has(k)), `${from}→${to}`).toBe(false);
      }
    }
    expect(drawn).toBeGreaterThan(100);
    expect(withStairs).toBeGreaterThan(0);
    expect(withCrossing).toBeGreaterThan(0);
  });

  it('the UTM map draws every path as a line, and its nine buildings without a point are located by their outline', async () => {
    const map = (await call(t.base, '/v1/campuses/utm/map')).body;
    const paths = map.features.filter((f: any) => f.properties.feature === 'path');
    expect(paths.length).toBe(2623);
    expect(paths.every((f: any) => f.geometry?.type === 'LineString')).toBe(true);
    const outlines = map.features.filter((f: any) => f.properties.feature === 'footprint');
    for (const code of ['BG', 'CUP', 'FCSH', 'GF', 'IC', 'LH', 'NSB', 'PL', 'WC']) {
      const b = (await call(t.base, `/v1/buildings/${code}`)).body.data;
      expect(b).toMatchObject({ routingCoverage: 'mapped', location: { kind: 'footprint-vertex', verificationStatus: 'verified' } });
      const own = outlines.filter((f: any) => f.properties.building === code);
      expect(own.length, code).toBeGreaterThan(0);
      expect(own.some((f: any) => f.geometry.coordinates[0].some(([lon, lat]: number[]) => lon === b.location.lon && lat === b.location.lat)), code).toBe(true);
      expect(b.provenance.some((p: any) => /^https:\/\/www\.openstreetmap\.org\/(way|relation)\/\d+$/.test(p.sourceUrl)), code).toBe(true);
    }
    const dv = (await call(t.base, '/v1/buildings/DV')).body.data;
    expect(dv.provenance.map((p: any) => p.sourceUrl)).toContain('https://www.openstreetmap.org/relation/20449624');
  });
});

describe('approach points are not entrances (BEHAVIOUR §6)', () => {
  it('U of T St. George: entranceCount 0 everywhere, the entrances endpoint lists approach points only, routes from them are inferred links', async () => {
    const buildings = await allBuildings(t.base, 'utsg');
    let approaches = 0;
    for (const b of buildings) {
      expect(b, b.code).toMatchObject({ entranceCount: 0, verifiedEntranceCount: 0, accessibility: 'unknown' });
      const ents = (await call(t.base, `/v1/buildings/${encodeURIComponent(b.code)}/entrances?campus=utsg&limit=100`)).body.data;
      for (const e of ents) expect(e, b.code).toMatchObject({ kind: 'approach', accessibility: 'unknown', verificationStatus: 'inferred' });
      approaches += ents.length;
    }
    expect(approaches).toBe(121);
    const campus = (await call(t.base, '/v1/campuses/utsg')).body.data;
    expect(campus.coverage).toMatchObject({ entrances: 0, approachPoints: 121, stepFreeVerifiedEntrances: 0 });
    const r = (await postJson(t.base, '/v1/routes', { campus: 'utsg', from: '002', to: '004' })).body.data;
    expect(r.status).toBe('routed');
    expect(r.routeVerification).not.toBe('verified');
    expect(r.warnings).toContain(ROUTE_WARNING.inferredAccessPoint);
    // the legacy alias counts no approach point either
    const legacy = (await call(t.base, '/api/campus-building?q=002&campus=utsg')).body.building;
    expect(legacy.entranceCount).toBe(0);
  });

  it('Waterloo\'s footprint-derived access points and UTM\'s approaches are listed as approach points, not counted', async () => {
    for (const [campus, code] of [['waterloo-main', 'CGR'], ['utm', 'AX']]) {
      const b = (await call(t.base, `/v1/buildings/${code}?campus=${campus}`)).body.data;
      const ents = (await call(t.base, `/v1/buildings/${code}/entrances?campus=${campus}`)).body.data;
      const approach = ents.filter((e: any) => e.kind === 'approach');
      expect(approach.length, code).toBeGreaterThan(0);
      expect(b.entranceCount, code).toBe(ents.length - approach.length);
      expect(approach.every((e: any) => e.accessibility === 'unknown' && e.verificationStatus === 'inferred')).toBe(true);
    }
  });
});

describe('campus maps: outlines, extent, strict validity', () => {
  it('every campus map is valid under strict checks; its extent bounds everything drawn and equals the campus record\'s', async () => {
    const campuses = (await call(t.base, '/v1/campuses?limit=100')).body.data;
    for (const c of campuses) {
      const r = await call(t.base, `/v1/campuses/${c.id}/map`);
      expect(strictGeoJsonProblems(r.text), c.id).toEqual([]);
      const map = r.body;
      let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
      const codes = new Set((await allBuildings(t.base, c.id)).map((b) => b.code));
      for (const f of map.features) {
        const g = f.geometry;
        const list: number[][] = g.type === 'Point' ? [g.coordinates] : g.type === 'LineString' ? g.coordinates : g.coordinates.flat();
        for (const [lon, lat] of list) [w, s, e, n] = [Math.min(w, lon), Math.min(s, lat), Math.max(e, lon), Math.max(n, lat)];
        if (f.properties.feature === 'footprint') {
          expect(g.type).toBe('Polygon');
          expect(codes.has(f.properties.building), `${c.id} ${f.properties.building}`).toBe(true);
        }
      }
      expect(c.extent, c.id).toEqual([[w, s], [e, n]]);
      expect(map.extent).toEqual(c.extent);
      expect(map.bbox).toEqual([w, s, e, n]);
      expect(c.bounds).toHaveLength(2); // the published bounds stay beside it
    }
  });
});
