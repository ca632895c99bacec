/**
 * UBC Vancouver's own open geodata (reference `ubc/`, README there) mapped onto the project's sources:
 * the walking network's attributes (for the general GeoJSON network importer), each entrance's step-free
 * and power-door facts, building footprints (points of interest as places: ubc-places.ts).
 * Pure: import-ubc.ts reads the files and writes `sources/`. Facts carry over, sentences do not (no
 * descriptions, contacts or notes). A record that cannot be read is reported as `file#feature: reason`
 * and left out whole.
 */
import type { LonLat, SourceCampusFile, SourceEntrance } from '../load/source-types.ts';
import { polygonProblem as outlinePolygonProblem } from '../check/outlines.ts';
import type { NetworkMapping, Properties, SegmentFacts } from './geojson-network.ts';
import type { SourceOutline } from '../load/source-types.ts';

type SourceRecordRow = SourceCampusFile['sources'][number];

const REPO = 'https://github.com/UBCGeodata/ubc-geospatial-opendata/blob';
const LICENSE = 'Open Data Commons Public Domain Dedication and License (PDDL) 1.0';
const ATTRIBUTION = 'University of British Columbia';
export const ROUTES_COMMIT = '6901e5c180279e1cc3a7c148207c1826d765247f';
export const LOCATIONS_COMMIT = '77bcae4295bd44fece3173b5ae6f550b128c4bc3';

/** Reference file names (as in `file#feature` messages and edge `sourceRef`s). */
export const FILES = {
  routes: 'routes-2022-04-01.geojson',
  entrances: 'building-entrances.geojson',
  poi: 'poi.geojson',
  address: 'address.geojson',
  buildings: 'buildings.geojson',
} as const;

const source = (id: string, title: string, path: string, commit: string): SourceRecordRow => ({
  id, title, url: `${REPO}/${commit}/${path}`, retrievedAt: null, license: LICENSE, attribution: ATTRIBUTION,
});
/** The source records this import adds to the campus file (one per published file it reads). */
export const UBC_SOURCES = {
  routes: source('ubc-geodata-routes-2022-04', 'UBC Vancouver Geospatial Open Data: walking network (ubcv_routes, 2022-04-01)', 'ubcv/transportation/geojson/ubcv_routes.geojson', ROUTES_COMMIT),
  entrances: source('ubc-geodata-entrances-2026-03', 'UBC Vancouver Geospatial Open Data: building entrances', 'ubcv/locations/geojson/ubcv_building_entraces.geojson', LOCATIONS_COMMIT),
  poi: source('ubc-geodata-poi-2026-03', 'UBC Vancouver Geospatial Open Data: points of interest', 'ubcv/locations/geojson/ubcv_poi.geojson', LOCATIONS_COMMIT),
  address: source('ubc-geodata-address-2026-03', 'UBC Vancouver Geospatial Open Data: addresses', 'ubcv/locations/geojson/ubcv_address.geojson', LOCATIONS_COMMIT),
  buildings: source('ubc-geodata-buildings-2026-03', 'UBC Vancouver Geospatial Open Data: building footprints', 'ubcv/locations/geojson/ubcv_buildings.geojson', LOCATIONS_COMMIT),
};
/** The network's date: the published version read (every later one was out of reach; reference README). */
export const ROUTES_LAST_VERIFIED = '2022-04-01';

// ------------------------------------------------------------------ walking network

/** `STAIRS`: Y and Steep record stairs; N records none; null = not recorded (never "no stairs"). */
const STAIRS: Record<string, SegmentFacts['stairs']> = { Y: 'true', Steep: 'true', N: 'false' };
/** `ROAD_TYPE`s that are road crossings. Every other published type is a stated kind of path along (not across) a road. */
const CROSSING_TYPES = new Set(['Crosswalk', 'Street_Crossing']);
const INDOOR_TYPES = new Set(['Bldg_Inside']);

export const UBC_ROUTES: NetworkMapping = {
  file: FILES.routes,
  nodePrefix: 'ubc-',
  edgePrefix: 'ubc-route-',
  exclude: (p) => (p.PEDESTRIAN_ACCESS === 'N' ? 'PEDESTRIAN_ACCESS = N (closed to walkers)' : null),
  facts: (p: Properties) => {
    const stairs = p.STAIRS == null ? 'unknown' : STAIRS[String(p.STAIRS)];
    if (!stairs) return `STAIRS ${JSON.stringify(p.STAIRS)} is not Y, Steep, N or null`;
    if (p.ROAD_TYPE != null && typeof p.ROAD_TYPE !== 'string') return `ROAD_TYPE ${JSON.stringify(p.ROAD_TYPE)} is not text`;
    const type = (p.ROAD_TYPE as string | null) ?? null;
    return {
      environment: type !== null && INDOOR_TYPES.has(type) ? 'indoor' : 'outdoor',
      stairs,
      crossing: type === null ? 'unknown' : CROSSING_TYPES.has(type) ? 'true' : 'false',
      accessibility: 'unknown', // ACCESSIBLE is empty in this version
      verification: 'verified', // the university's own facility record
      direction: 'both', // ONEWAY applies to vehicles; walkers use both directions
      pathType: type,
    };
  },
};

// ------------------------------------------------------------------ shared helpers

/** `YYYYMMDDhhmmss` → `YYYY-MM-DD`, or null when it is not such a date. */
export function editDate(v: unknown): string | null {
  const m = typeof v === 'string' ? /^(\d{4})(\d{2})(\d{2})\d{6}$/.exec(v) : null;
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

export interface GeoFeature {
  index: number;
  properties: Properties;
  geometry: unknown;
}

/** The features of a parsed FeatureCollection, or why it is not one. */
export function featuresOf(collection: unknown, file: string): GeoFeature[] | string {
  const features = (collection as { features?: unknown } | null)?.features;
  if ((collection as { type?: unknown } | null)?.type !== 'FeatureCollection' || !Array.isArray(features)) return `${file}: not a GeoJSON FeatureCollection with a features array`;
  return features.map((f: unknown, index) => {
    const o = (f ?? {}) as { properties?: unknown; geometry?: unknown };
    return { index, properties: (o.properties && typeof o.properties === 'object' ? o.properties : {}) as Properties, geometry: o.geometry ?? null };
  });
}

/** The building native id `VBL…` of a campus building (`building/VBL…`), or null. */
const buildingUid = (b: SourceCampusFile['buildings'][number]) => b.provenance.map((p) => /^building\/(VBL\w+)$/.exec(p.nativeId ?? '')?.[1]).find(Boolean) ?? null;

export function buildingsByUid(campus: SourceCampusFile): Map<string, string> {
  const out = new Map<string, string>();
  for (const b of campus.buildings) {
    const uid = buildingUid(b);
    if (uid) out.set(uid, b.code);
  }
  return out;
}

// ------------------------------------------------------------------ entrances

export interface EntranceFacts {
  stepFree: SourceEntrance['stepFree'];
  powerDoor: boolean | null;
  lastVerified: string;
}

/** `ACCESSIBLE`/`POWER_DOOR`: 1 yes, 0 no, 2 undocumented (unknown), null not recorded. */
const CODED: Record<string, boolean | null> = { '1': true, '0': false, '2': null, null: null };

/** Facts per entrance uuid (lower case, no braces) of the current records; problems as `file#feature: reason`. */
export function entranceFacts(features: readonly GeoFeature[], problems: string[]): Map<string, EntranceFacts> {
  const out = new Map<string, EntranceFacts>();
  for (const f of features) {
    const p = f.properties;
    const where = `${FILES.entrances}#${f.index}`;
    if (p.STATUS !== 'Current') continue; // Pending: not built yet
    const uuid = typeof p.GLOBALID === 'string' ? /^\{([0-9A-Fa-f-]{36})\}$/.exec(p.GLOBALID)?.[1]?.toLowerCase() : undefined;
    if (!uuid) { problems.push(`${where}: GLOBALID ${JSON.stringify(p.GLOBALID)} is not a {uuid}`); continue; }
    const accessible = CODED[String(p.ACCESSIBLE)];
    const powerDoor = CODED[String(p.POWER_DOOR)];
    if (accessible === undefined) { problems.push(`${where}: ACCESSIBLE ${JSON.stringify(p.ACCESSIBLE)} is not 0, 1, 2 or null`); continue; }
    if (powerDoor === undefined) { problems.push(`${where}: POWER_DOOR ${JSON.stringify(p.POWER_DOOR)} is not 0, 1, 2 or null`); continue; }
    const lastVerified = editDate(p.LAST_EDITED_DATE);
    if (!lastVerified) { problems.push(`${where}: LAST_EDITED_DATE ${JSON.stringify(p.LAST_EDITED_DATE)} is not YYYYMMDDhhmmss`); continue; }
    if (out.has(uuid)) { problems.push(`${where}: GLOBALID ${p.GLOBALID} is not unique`); continue; }
    out.set(uuid, { stepFree: accessible === true ? 'accessible' : accessible === false ? 'not_accessible' : 'unknown', powerDoor, lastVerified });
  }
  return out;
}

const entranceUuid = (e: SourceEntrance) => /^ubc-entrance-([0-9a-f-]{36})$/.exec(e.id)?.[1] ?? null;

/**
 * The campus's entrances with UBC's facts where the record joins (by GLOBALID), provenance naming that
 * record and its last edit; graphNode where the door's point is a node of the network. Idempotent.
 */
export function withEntranceFacts(entrances: readonly SourceEntrance[], facts: ReadonlyMap<string, EntranceFacts>, nodeAt: (point: [number, number]) => string | null): SourceEntrance[] {
  return entrances.map((e) => {
    const uuid = entranceUuid(e);
    const f = uuid ? facts.get(uuid) : undefined;
    const provenance = e.provenance.filter((p) => p.sourceId !== UBC_SOURCES.entrances.id);
    if (f) provenance.push({ sourceId: UBC_SOURCES.entrances.id, nativeId: `entrance/${uuid}`, lastVerified: f.lastVerified });
    return {
      ...e,
      stepFree: f ? f.stepFree : e.stepFree,
      graphNode: nodeAt(e.point), // the network is this campus's only graph: a door is on it exactly when its point is a node
      provenance,
      powerDoor: f ? f.powerDoor : null,
    };
  });
}

// ------------------------------------------------------------------ footprints

/** Why the build would refuse a polygon: rings that are not ≥ 4 finite [lon, lat] positions, or what check/outlines.ts finds; or null. */
function polygonProblem(rings: unknown): string | null {
  if (!Array.isArray(rings) || rings.length === 0) return 'a polygon without rings';
  for (const ring of rings) {
    if (!Array.isArray(ring) || ring.length < 4) return 'a ring with fewer than 4 positions';
    if (!ring.every((p) => Array.isArray(p) && p.length === 2 && p.every((v) => typeof v === 'number' && Number.isFinite(v)))) return 'a position that is not [lon, lat]';
  }
  return outlinePolygonProblem(rings as LonLat[][]);
}

/**
 * The footprint of each campus building as published (`buildings.geojson` by BLDG_UID) in the outline format
 * of footprints/<campus>.geojson (footprint.schema.json): id = the BLDG_UID, the building's code, UBC's record.
 */
export function buildingFootprints(features: readonly GeoFeature[], ourBuildings: ReadonlyMap<string, string>, problems: string[]): SourceOutline[] {
  const out: SourceOutline[] = [];
  for (const f of features) {
    const uid = f.properties.BLDG_UID;
    const code = typeof uid === 'string' ? ourBuildings.get(uid) : undefined;
    if (!code) continue;
    const where = `${FILES.buildings}#${f.index}`;
    const g = f.geometry as { type?: unknown; coordinates?: unknown } | null;
    const polygons = g?.type === 'Polygon' ? [g.coordinates] : g?.type === 'MultiPolygon' && Array.isArray(g.coordinates) ? g.coordinates : null;
    if (!polygons || polygons.length === 0) { problems.push(`${where}: geometry is not a Polygon or MultiPolygon`); continue; }
    const problem = polygons.map(polygonProblem).find((x) => x !== null);
    if (problem) { problems.push(`${where}: ${problem}`); continue; }
    const lastVerified = editDate(f.properties.LAST_EDITED_DATE);
    out.push({
      type: 'Feature', id: uid as string,
      properties: {
        building: code,
        provenance: [{ sourceId: UBC_SOURCES.buildings.id, nativeId: `building/${uid}`, verification: 'verified', ...(lastVerified ? { lastVerified } : {}) }],
        origin: `UBCGeodata/ubc-geospatial-opendata/ubcv/locations/geojson/ubcv_buildings.geojson@${LOCATIONS_COMMIT}`,
      },
      geometry: g as SourceOutline['geometry'],
    });
  }
  const key = (o: SourceOutline) => `${o.properties.building}\u0000${o.id}`;
  return out.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}
