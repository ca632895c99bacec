/**
 * UBC Vancouver from its own open geodata, through real HTTP on the real dataset (issue 23): routes on
 * UBC's walking network with geometry, entrance step-free facts and power doors, building accessibility
 * that follows from them, places with their published hours (inferred standing schedules) evaluated with
 * an injected clock, the campus map's footprints and stairs, coverage and attribution.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getIssues } from '@placemarkio/check-geojson';
import type { StartedServer } from '../../runtime/server.ts';
import { call, OpenApiValidator, startTestServer } from './helpers.ts';

// Wednesday 10 June 2026, 10:00 in Vancouver (PDT = UTC−7).
const WEDNESDAY_10AM = new Date('2026-06-10T17:00:00.000Z');
let clock = WEDNESDAY_10AM;
let srv: StartedServer;
let base: string;
let oas: OpenApiValidator;
beforeAll(async () => {
  srv = await startTestServer({ now: () => clock });
  base = srv.url;
  oas = new OpenApiValidator((await call(base, '/v1/openapi.json')).body);
});
afterAll(() => srv?.close());

const UBC = 'campus=ubc-vancouver';
const get = async (path: string) => {
  const r = await call(base, path);
  expect(r.status, r.text).toBe(200);
  return r;
};

describe('routes on UBC\'s walking network', () => {
  it('a UBC route is routed on the mapped network, with geometry from one building to the other', async () => {
    const r = await get(`/v1/routes?${UBC}&from=IBLC&to=CHEM&geometry=true`);
    oas.check('/v1/routes', 'get', '200', r.body);
    const d = r.body.data;
    expect(d).toMatchObject({ status: 'routed', accuracy: 'Mapped campus path, indoor estimate', routeVerification: 'mixed' });
    expect(d.totalDistanceMeters).toBeGreaterThan(50);
    expect(d.totalDistanceMeters).toBeLessThan(400);
    expect(d.geometry.type).toBe('LineString');
    expect(d.geometry.coordinates.length).toBeGreaterThan(2);
    const ents = async (code: string) => (await get(`/v1/buildings/${code}/entrances?${UBC}`)).body.data.map((e: any) => `${e.lon},${e.lat}`);
    expect(await ents('IBLC')).toContain(d.geometry.coordinates[0].join(','));
    expect(await ents('CHEM')).toContain(d.geometry.coordinates.at(-1).join(','));
    expect(d.warnings).toContain('Step-free access along this route is not verified.');
  });

  it('step-free: unavailable with the reason, never invented (no UBC segment is recorded step-free)', async () => {
    const d = (await get(`/v1/routes?${UBC}&from=IBLC&to=CHEM&mode=step-free`)).body.data;
    expect(d).toMatchObject({ status: 'unavailable', totalDistanceMeters: null, routeVerification: 'unavailable' });
    expect(d.warnings.join(' ')).toMatch(/no path of verified step-free segments/);
  });
});

describe('entrances: step-free facts and power doors from UBC\'s own records', () => {
  it('each door carries ACCESSIBLE as its step-free fact, POWER_DOOR as powerDoor, and the record with its last edit', async () => {
    const r = await get(`/v1/buildings/IBLC/entrances?${UBC}`);
    oas.check('/v1/buildings/{building}/entrances', 'get', '200', r.body);
    const doors = r.body.data;
    expect(doors.map((e: any) => [e.accessibility, e.powerDoor]).sort()).toEqual(
      [['accessible', false], ['accessible', true], ['not_accessible', false], ['not_accessible', false], ['not_accessible', false]],
    );
    for (const e of doors) {
      expect(e.verificationStatus).toBe('verified');
      const record = e.provenance.find((p: any) => p.source === 'UBC Vancouver Geospatial Open Data: building entrances');
      expect(record).toMatchObject({ verificationStatus: 'verified', sourceUrl: expect.stringMatching(/ubcv_building_entraces\.geojson$/) });
      expect(record.lastVerified).toMatch(/^20(2[0-6])-\d{2}-\d{2}$/);
    }
    expect(doors.filter((e: any) => e.onWalkingGraph)).toHaveLength(5);
  });

  it('a building is accessible because one of its entrances is; not_accessible when every entrance is not', async () => {
    const geog = (await get(`/v1/buildings/GEOG?${UBC}`)).body.data;
    const doors = (await get(`/v1/buildings/GEOG/entrances?${UBC}`)).body.data;
    expect(doors.some((e: any) => e.accessibility === 'not_accessible')).toBe(true);
    expect(doors.some((e: any) => e.accessibility === 'accessible' && e.verificationStatus === 'verified')).toBe(true);
    expect(geog.accessibility).toBe('accessible');
    const aprp = (await get(`/v1/buildings/APRP?${UBC}`)).body.data;
    expect((await get(`/v1/buildings/APRP/entrances?${UBC}`)).body.data.every((e: any) => e.accessibility === 'not_accessible')).toBe(true);
    expect(aprp.accessibility).toBe('not_accessible');
  });
});

describe('places with their published hours', () => {
  const place = async (id: string) => (await get(`/v1/places/${id}`)).body.data;

  it('a parsed standing schedule is evaluated as inferred, dated by the record\'s last edit, its text kept', async () => {
    clock = WEDNESDAY_10AM;
    const r = await get('/v1/places/ubc-career-services');
    oas.check('/v1/places/{placeId}', 'get', '200', r.body);
    expect(r.body.data).toMatchObject({
      building: 'BRCK', kind: 'service', availability: 'open', availabilityVerification: 'inferred',
      nextTransition: '2026-06-11T00:00:00.000Z', hoursText: 'M-F: 9 am - 5 pm; Sat-Sun: Closed',
      hours: { openingHours: 'Mo-Fr 09:00-17:00; Sa-Su off', verificationStatus: 'inferred', observedAt: '2024-01-16', expiresAt: null, validForDays: null },
      hoursProvenance: { lastVerified: '2024-01-16', verificationStatus: 'inferred' },
    });
    clock = new Date('2026-06-13T19:00:00.000Z'); // Saturday noon
    expect(await place('ubc-career-services')).toMatchObject({ availability: 'closed', availabilityVerification: 'inferred', nextTransition: '2026-06-15T16:00:00.000Z' });
    clock = new Date('2026-03-07T01:00:00.000Z'); // Friday 6 March 17:00 PST; Monday 9 March 09:00 is PDT (DST began on the 8th)
    expect(await place('ubc-career-services')).toMatchObject({ availability: 'closed', nextTransition: '2026-03-09T16:00:00.000Z' });
    clock = new Date('2026-07-01T19:00:00.000Z'); // Canada Day: a BC public holiday the text does not cover
    expect(await place('ubc-career-services')).toMatchObject({ availability: 'unknown', availabilityVerification: 'unknown', nextTransition: '2026-07-02T07:00:00.000Z' }); // closed from the next local midnight
  });

  it('text that is not understood whole stays unknown, kept as published', async () => {
    clock = WEDNESDAY_10AM;
    expect(await place('ubc-koerner-library')).toMatchObject({
      availability: 'unknown', availabilityVerification: 'unknown', hours: null, hoursProvenance: null,
      hoursText: 'M-Th: 8am - 8pm; Fri: 8am - 6pm, Sa-Sunt: 11am - 6pm',
    });
  });

  it('openNow filters over inferred hours; availabilityVerification tells the inference from a fact', async () => {
    clock = WEDNESDAY_10AM;
    const list = async (q: string) => {
      const out: any[] = [];
      for (let offset = 0; ; offset += 100) {
        const r = await get(`/v1/places?${UBC}&limit=100&offset=${offset}${q}`);
        oas.check('/v1/places', 'get', '200', r.body);
        out.push(...r.body.data);
        if (r.body.meta.pagination.nextOffset === null) return out;
      }
    };
    const open = await list('&openNow=open');
    expect(open.map((p) => p.id)).toContain('ubc-career-services');
    expect(open.length).toBeGreaterThan(50);
    expect(open.every((p) => p.availabilityVerification === 'inferred' && p.hours.verificationStatus === 'inferred')).toBe(true);
    const closed = await list('&openNow=closed');
    expect(closed.every((p) => p.availabilityVerification === 'inferred')).toBe(true);
    const unknown = await list('&openNow=unknown');
    expect(unknown.map((p) => p.id)).toContain('ubc-koerner-library');
    expect(unknown.every((p) => p.availabilityVerification === 'unknown')).toBe(true);
    const all = await list('');
    expect(open.length + closed.length + unknown.length).toBe(all.length);
    const campus = (await get('/v1/campuses/ubc-vancouver')).body.data;
    expect(all.length).toBe(campus.placeCount);
    expect(all.filter((p) => p.hours !== null).length).toBe(campus.coverage.placesWithHours);
    expect(all.filter((p) => p.hoursText !== null).length).toBeGreaterThan(campus.coverage.placesWithHours);
  });
});

describe('the campus map, coverage and attribution', () => {
  it('coverage states the network\'s date; the root record carries UBC\'s attribution beside the ODbL notice', async () => {
    const c = (await get('/v1/campuses/ubc-vancouver')).body.data;
    expect(c.walkingGraph).toBe(true);
    expect(c.coverage).toMatchObject({ walkingGraphLastVerified: '2022-04-01', buildingsOnWalkingGraph: 234, stepFreeVerifiedEntrances: 587 });
    expect(c.coverage.pairs.routed).toBeGreaterThan(0.98);
    const utm = (await get('/v1/campuses/utm')).body.data;
    expect(utm.coverage.walkingGraphLastVerified).toBe('2026-08-10');
    const root = (await get('/v1')).body.data;
    expect(root.attribution).toBe('© OpenStreetMap contributors (ODbL 1.0); University of British Columbia (PDDL 1.0)');
    expect(root.license.attributions).toEqual(expect.arrayContaining(['© OpenStreetMap contributors', 'University of British Columbia']));
  });

  // last: its checks take seconds, and a keep-alive socket idle that long may be closed under the next request
  it('UBC\'s map: its network with stairs, footprints as polygons beside the building points, valid GeoJSON', async () => {
    const r = await get('/v1/campuses/ubc-vancouver/map');
    expect(getIssues(r.text)).toEqual([]);
    const of = (k: string) => r.body.features.filter((f: any) => f.properties.feature === k);
    // the schema check on every footprint, entrance and building, and on a sample of the 24,606 paths (ajv over all takes seconds)
    oas.check('/v1/campuses/{campus}/map', 'get', '200', { ...r.body, features: r.body.features.filter((f: any, i: number) => f.properties.feature !== 'path' || i % 50 === 0) });
    expect(of('building')).toHaveLength(236);
    // one Polygon feature per polygon of an outline (a MultiPolygon's parts apart), the building's code as `building`
    const footprints = of('footprint');
    expect(new Set(footprints.map((f: any) => f.properties.building)).size).toBe(236);
    expect(footprints.length).toBeGreaterThanOrEqual(236);
    expect(new Set(footprints.map((f: any) => f.geometry.type))).toEqual(new Set(['Polygon']));
    expect(footprints.find((f: any) => f.properties.building === 'IBLC').properties).toEqual({ feature: 'footprint', building: 'IBLC', id: expect.stringMatching(/^VBL/), verificationStatus: 'verified', osm: null });
    const paths = of('path');
    expect(paths.filter((f: any) => f.properties.stairs === 'true').length).toBeGreaterThan(100);
    expect(paths.filter((f: any) => f.properties.stairs === 'false').length).toBeLessThan(10); // only where STAIRS = N is recorded
    expect(paths.find((f: any) => f.properties.pathType === 'Crosswalk').properties).toMatchObject({ crossing: 'true', sourceRef: expect.stringMatching(/^routes-2022-04-01\.geojson#\d+$/) });
    expect(of('entrance').filter((f: any) => f.properties.powerDoor === true).length).toBeGreaterThan(100);
    expect(r.body.attribution).toBe('University of British Columbia');
    expect(r.body.license).toMatch(/PDDL/);
  });
});
