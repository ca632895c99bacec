/**
 * The UBC geodata importer (build/tools/import-ubc.ts, ubc-geodata.ts, ubc-places.ts) on a small reference directory
 * written by the test: entrance facts by GLOBALID (ACCESSIBLE / POWER_DOOR codings, Current only),
 * places by address join then footprint with their hours text, footprints, the graph files; bad records
 * reported as `file#feature: reason`; a file that cannot be read writes nothing; re-running changes nothing.
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { computeUbcImport, importUbc } from '../../build/tools/import-ubc.ts';
import { PLACE_KIND_OF_SERVICE_TYPE } from '../../build/tools/ubc-places.ts';
import { cleanupTempDirs, tempDir } from './helpers.ts';

afterAll(cleanupTempDirs);

const U1 = '11111111-1111-4111-8111-111111111111';
const U2 = '22222222-2222-4222-8222-222222222222';
const U3 = '33333333-3333-4333-8333-333333333333';
const point = (lon: number, lat: number) => ({ type: 'Point', coordinates: [lon, lat] });
const square = (lon: number, lat: number, d = 0.0002) => ({
  type: 'Polygon',
  coordinates: [[[lon, lat], [lon + d, lat], [lon + d, lat + d], [lon, lat + d], [lon, lat]]],
});
const fc = (features: unknown[]) => ({ type: 'FeatureCollection', features });
const feature = (properties: Record<string, unknown>, geometry: unknown) => ({ type: 'Feature', properties, geometry });

const CAMPUS = {
  campus: 'ubc-vancouver',
  sources: [{ id: 'ubc-open-geodata-2026-08', title: 'UBC', url: 'https://example.org/ubc', retrievedAt: '2026-09-29', license: 'PDDL', attribution: 'University of British Columbia' }],
  buildings: ['AAA', 'BBB'].map((code, i) => ({
    code, codeSource: 'official', sourceSlug: code.toLowerCase(), name: `Building ${code}`, aliases: [], category: 'academic',
    point: [-123.25 + i * 0.001, 49.26], pointKind: 'footprint-vertex',
    provenance: [{ sourceId: 'ubc-open-geodata-2026-08', nativeId: `building/VBL1000${i}`, verification: 'verified' }],
  })),
  entrances: [U1, U2, U3].map((u, i) => ({
    id: `ubc-entrance-${u}`, building: i < 2 ? 'AAA' : 'BBB', kind: 'entrance', point: [-123.25 + i * 0.0001, 49.2601], access: 'unknown',
    stepFree: 'unknown', verification: 'verified', osm: null, graphNode: null,
    provenance: [{ sourceId: 'ubc-open-geodata-2026-08', nativeId: `entrance/${u}` }],
  })),
  places: [{
    id: 'ubc-vancouver-building-bbb-library', name: 'Building BBB Library', kind: 'library', building: 'BBB', amenities: [], origin: 'building-name', hours: null,
    provenance: [{ sourceId: 'ubc-open-geodata-2026-08', nativeId: 'building/VBL10001', verification: 'verified' }],
  }],
};

function writeReference(dir: string, override: Record<string, string> = {}): void {
  const ubc = join(dir, 'ubc');
  mkdirSync(ubc, { recursive: true });
  const files: Record<string, unknown> = {
    'routes-2022-04-01.geojson': fc([
      feature({ ROAD_TYPE: 'Sidewalk', STAIRS: null, PEDESTRIAN_ACCESS: 'Y' }, { type: 'LineString', coordinates: [[-123.25, 49.2601], [-123.2499, 49.2601], [-123.249, 49.2601]] }),
      feature({ ROAD_TYPE: 'Crosswalk', STAIRS: 'Y', PEDESTRIAN_ACCESS: 'Y' }, { type: 'LineString', coordinates: [[-123.249, 49.2601], [-123.249, 49.2605]] }),
      feature({ ROAD_TYPE: 'Local', STAIRS: null, PEDESTRIAN_ACCESS: 'N' }, { type: 'LineString', coordinates: [[-123.25, 49.2601], [-123.25, 49.261]] }),
      feature({ ROAD_TYPE: 'Sidewalk', PEDESTRIAN_ACCESS: 'Y' }, null),
    ]),
    'building-entrances.geojson': fc([
      feature({ GLOBALID: `{${U1.toUpperCase()}}`, STATUS: 'Current', ACCESSIBLE: 1, POWER_DOOR: 1, LAST_EDITED_DATE: '20251105175721' }, point(-123.25, 49.2601)),
      feature({ GLOBALID: `{${U2.toUpperCase()}}`, STATUS: 'Current', ACCESSIBLE: 0, POWER_DOOR: 2, LAST_EDITED_DATE: '20240101000000' }, point(-123.2499, 49.2601)),
      feature({ GLOBALID: `{${U3.toUpperCase()}}`, STATUS: 'Pending', ACCESSIBLE: 1, POWER_DOOR: 1, LAST_EDITED_DATE: '20240101000000' }, point(-123.2498, 49.2601)),
      feature({ GLOBALID: '{44444444-4444-4444-8444-444444444444}', STATUS: 'Current', ACCESSIBLE: 7, POWER_DOOR: 0, LAST_EDITED_DATE: '20240101000000' }, point(-123.2, 49.2)),
    ]),
    'address.geojson': fc([
      feature({ ADD_UID: 'VAD1', BLDG_UID: 'VBL10000', STATUS: 'Current' }, point(-123.25, 49.26)),
      feature({ ADD_UID: 'VAD9', BLDG_UID: 'VBL99999', STATUS: 'Current' }, point(-123.3, 49.3)),
    ]),
    'buildings.geojson': fc([
      feature({ BLDG_UID: 'VBL10000', LAST_EDITED_DATE: '20240220195546' }, square(-123.25, 49.26)),
      feature({ BLDG_UID: 'VBL10001', LAST_EDITED_DATE: '20240220195546' }, square(-123.249, 49.26)),
      feature({ BLDG_UID: 'VBL99999' }, { type: 'Polygon', coordinates: [[[-123.3, 49.3], [-123.29, 49.3], [-123.29, 49.31], [-123.3, 49.31]]] }),
    ]),
    'poi.geojson': fc([
      feature({ POI_ID: 'VPOI1', ADD_ID: 'VAD1', PLACENAME: 'Corner  Cafe ', SERVICE_TYPE: 'cafe', HOURS: 'M-F: 9 am - 5 pm; Sat-Sun: Closed', STATUS: 'Current', LAST_EDITED_DATE: '20260317232224', HTML: '<p>sentences are not copied</p>' }, point(-123.2499, 49.2601)),
      feature({ POI_ID: 'VPOI2', ADD_ID: null, PLACENAME: 'Stacks', SERVICE_TYPE: 'library', HOURS: 'M-Th: 8am - 8pm; Sa-Sunt: 11am - 6pm', STATUS: 'Current', LAST_EDITED_DATE: '20250101000000' }, point(-123.2489, 49.2601)),
      feature({ POI_ID: 'VPOI3', ADD_ID: 'VAD9', PLACENAME: 'Elsewhere', SERVICE_TYPE: 'cafe', HOURS: null, STATUS: 'Current', LAST_EDITED_DATE: '20250101000000' }, point(-123.3, 49.3)),
      feature({ POI_ID: 'VPOI4', ADD_ID: 'VAD1', PLACENAME: 'Gone', SERVICE_TYPE: 'cafe', HOURS: null, STATUS: 'Retired', LAST_EDITED_DATE: '20250101000000' }, point(-123.25, 49.26)),
      feature({ POI_ID: 'VPOI5', ADD_ID: 'VAD1', PLACENAME: 'Mystery', SERVICE_TYPE: 'teleporter', HOURS: null, STATUS: 'Current', LAST_EDITED_DATE: '20250101000000' }, point(-123.25, 49.26)),
      feature({ POI_ID: 'VPOI6', ADD_ID: 'VAD1', PLACENAME: 'Nowhere', SERVICE_TYPE: 'cafe', HOURS: null, STATUS: 'Current', LAST_EDITED_DATE: '20250101000000' }, null),
    ]),
  };
  for (const [name, content] of Object.entries(files)) writeFileSync(join(ubc, name), override[name] ?? JSON.stringify(content));
}

function setup(override: Record<string, string> = {}) {
  const ref = tempDir('ubc-ref-');
  writeReference(ref, override);
  const sources = tempDir('ubc-sources-');
  mkdirSync(join(sources, 'campuses'));
  writeFileSync(join(sources, 'campuses', 'ubc-vancouver.json'), JSON.stringify(CAMPUS, null, 1) + '\n');
  return { ref, sources };
}

function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (rel: string) => {
    for (const name of readdirSync(join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${name.name}` : name.name;
      if (name.isDirectory()) walk(child);
      else out[child] = readFileSync(join(dir, child), 'utf8');
    }
  };
  walk('');
  return out;
}

describe('UBC geodata import', () => {
  beforeEach(() => void vi.spyOn(console, 'log').mockImplementation(() => {}));

  it('entrances: step-free and power door from the current record joined by GLOBALID, with its last edit', () => {
    const { ref, sources } = setup();
    const campus = JSON.parse(computeUbcImport(ref, sources).files.get('campuses/ubc-vancouver.json')!);
    const [e1, e2, e3] = campus.entrances;
    expect(e1).toMatchObject({ stepFree: 'accessible', powerDoor: true, graphNode: 'ubc--123.2500000,49.2601000' });
    expect(e1.provenance[1]).toEqual({ sourceId: 'ubc-geodata-entrances-2026-03', nativeId: `entrance/${U1}`, lastVerified: '2025-11-05' });
    expect(e2).toMatchObject({ stepFree: 'not_accessible', powerDoor: null }); // POWER_DOOR 2 is undocumented: unknown
    expect(e2.graphNode).toBe('ubc--123.2499000,49.2601000'); // the door's point is a vertex of the network
    expect(e3).toMatchObject({ stepFree: 'unknown', powerDoor: null, graphNode: null }); // Pending record: no facts taken
    expect(e3.provenance).toHaveLength(1);
  });

  it('places: current points of interest in the campus\'s buildings, kind from the one table, hours text verbatim', () => {
    const { ref, sources } = setup();
    const campus = JSON.parse(computeUbcImport(ref, sources).files.get('campuses/ubc-vancouver.json')!);
    const byId = Object.fromEntries(campus.places.map((p: any) => [p.id, p]));
    expect(Object.keys(byId)).toEqual(['ubc-corner-cafe', 'ubc-stacks']); // the building-name library is covered by a listed one
    expect(byId['ubc-corner-cafe']).toEqual({
      id: 'ubc-corner-cafe', name: 'Corner Cafe', kind: PLACE_KIND_OF_SERVICE_TYPE.cafe, building: 'AAA', amenities: ['cafe'], origin: 'listed', hours: null,
      publishedHours: { text: 'M-F: 9 am - 5 pm; Sat-Sun: Closed', sourceId: 'ubc-geodata-poi-2026-03', nativeId: 'poi/VPOI1', lastEdited: '2026-03-17' },
      provenance: [
        { sourceId: 'ubc-geodata-poi-2026-03', nativeId: 'poi/VPOI1', verification: 'verified', lastVerified: '2026-03-17' },
        { sourceId: 'ubc-geodata-address-2026-03', nativeId: 'address/VAD1', verification: 'verified' },
      ],
    });
    // no address: the footprint that contains the point; an unreadable text is still kept as published
    expect(byId['ubc-stacks']).toMatchObject({ building: 'BBB', kind: 'library', publishedHours: { text: 'M-Th: 8am - 8pm; Sa-Sunt: 11am - 6pm' } });
    expect(byId['ubc-stacks'].provenance[1]).toEqual({ sourceId: 'ubc-geodata-buildings-2026-03', nativeId: 'building/VBL10001', verification: 'verified' });
    expect(JSON.stringify(campus)).not.toContain('sentences are not copied');
  });

  it('reports every record it leaves out as file#feature: reason; the graph, footprints and sources are written', () => {
    const { ref, sources } = setup();
    const result = computeUbcImport(ref, sources);
    expect(result.problems).toEqual([
      'routes-2022-04-01.geojson#3: no geometry',
      'building-entrances.geojson#3: ACCESSIBLE 7 is not 0, 1, 2 or null',
      'poi.geojson#4: SERVICE_TYPE "teleporter" has no place kind (PLACE_KIND_OF_SERVICE_TYPE)',
      'poi.geojson#5: geometry is not a Point',
    ]);
    const edges = result.files.get('graphs/ubc-vancouver/edges.tsv')!.trim().split('\n');
    expect(edges[0]).toBe('id\tfrom\tto\tmeters\tenvironment\tstairs\tbidirectional\taccessibility\tverification\tosm\tcrossing\tpathType\tsourceRef');
    expect(edges).toHaveLength(4);
    expect(edges[3].split('\t')).toEqual(['ubc-route-1.0', 'ubc--123.2490000,49.2601000', 'ubc--123.2490000,49.2605000', '44.48', 'outdoor', 'true', 'true', 'unknown', 'verified', '-', 'true', 'Crosswalk', 'routes-2022-04-01.geojson#1']);
    expect(JSON.parse(result.files.get('graphs/ubc-vancouver/meta.json')!)).toMatchObject({ sourceId: 'ubc-geodata-routes-2022-04', lastVerified: '2022-04-01', retrievedAt: null });
    const footprints = JSON.parse(result.files.get('footprints/ubc-vancouver.geojson')!);
    expect(footprints.features.map((f: any) => [f.id, f.properties.building, f.properties.provenance[0].nativeId, f.properties.provenance[0].lastVerified])).toEqual([
      ['VBL10000', 'AAA', 'building/VBL10000', '2024-02-20'], ['VBL10001', 'BBB', 'building/VBL10001', '2024-02-20'],
    ]);
    const campus = JSON.parse(result.files.get('campuses/ubc-vancouver.json')!);
    expect(campus.sources.map((s: any) => s.id)).toEqual([
      'ubc-open-geodata-2026-08', 'ubc-geodata-routes-2022-04', 'ubc-geodata-entrances-2026-03', 'ubc-geodata-poi-2026-03', 'ubc-geodata-address-2026-03', 'ubc-geodata-buildings-2026-03',
    ]);
  });

  it('leaves out a footprint the build would refuse (not a simple ring), as file#feature: reason', () => {
    const bowTie = { type: 'Polygon', coordinates: [[[-123.25, 49.26], [-123.2498, 49.2602], [-123.2498, 49.26], [-123.25, 49.2602], [-123.25, 49.26]]] };
    const { ref, sources } = setup({
      'buildings.geojson': JSON.stringify(fc([feature({ BLDG_UID: 'VBL10000' }, bowTie), feature({ BLDG_UID: 'VBL10001' }, square(-123.249, 49.26))])),
    });
    const result = computeUbcImport(ref, sources);
    expect(result.problems).toContain('buildings.geojson#0: ring 0: segments 0 and 2 intersect');
    expect(JSON.parse(result.files.get('footprints/ubc-vancouver.geojson')!).features.map((f: any) => f.id)).toEqual(['VBL10001']);
  });

  it('writes every file; running it again changes nothing', () => {
    const { ref, sources } = setup();
    expect(importUbc(ref, sources)).toBe(0);
    const first = snapshot(sources);
    expect(Object.keys(first).sort()).toEqual([
      'campuses/ubc-vancouver.json', 'footprints/ubc-vancouver.geojson', 'graphs/ubc-vancouver/edges.tsv', 'graphs/ubc-vancouver/meta.json', 'graphs/ubc-vancouver/nodes.tsv',
    ]);
    expect(importUbc(ref, sources)).toBe(0);
    expect(snapshot(sources)).toEqual(first);
  });

  it('a file that cannot be read stops the import before anything is written (no crash, no half-written sources)', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const [file, content, message] of [
      ['poi.geojson', '{"type": "FeatureCollection", "features": [', /^import-ubc: poi\.geojson: not JSON/],
      ['routes-2022-04-01.geojson', '{"type": "Feature"}', /^import-ubc: routes-2022-04-01\.geojson: not a GeoJSON FeatureCollection/],
      ['buildings.geojson', '[]', /^import-ubc: buildings\.geojson: not a GeoJSON FeatureCollection/],
    ] as const) {
      const { ref, sources } = setup({ [file]: content });
      const before = snapshot(sources);
      expect(importUbc(ref, sources)).toBe(1);
      expect(snapshot(sources)).toEqual(before);
      expect(String(errors.mock.lastCall?.[0])).toMatch(message);
    }
    errors.mockRestore();
  });
});
