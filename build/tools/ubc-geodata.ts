/**
 * UBC Vancouver's own open geodata (reference `ubc/`, README there) mapped onto the project's sources:
 * the walking network's attributes (for the general GeoJSON network importer), each entrance's step-free
 * and power-door facts, points of interest as places with their published hours, building footprints.
 * Pure: import-ubc.ts reads the files and writes `sources/`. Facts carry over, sentences do not (no
 * descriptions, contacts or notes). A record that cannot be read is reported as `file#feature: reason`
 * and left out whole.
 */
import type { SourceCampusFile, SourceEntrance, SourcePlace } from '../load/source-types.ts';
import type { NetworkMapping, Properties, SegmentFacts } from './geojson-network.ts';
import type { Footprint } from '../load/schema-types/footprints.ts';
import { matchKey } from '../../runtime/domain/match-key.ts';

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
      graphNode: nodeAt(e.point) ?? e.graphNode,
      provenance,
      powerDoor: f ? f.powerDoor : null,
    };
  });
}

// ------------------------------------------------------------------ places

/** The one table of place kinds: UBC `SERVICE_TYPE` → SPEC place kind. A type not listed is reported. */
export const PLACE_KIND_OF_SERVICE_TYPE: Readonly<Record<string, SourcePlace['kind']>> = {
  cafe: 'dining',
  restaurant: 'dining',
  library: 'library',
  campus_services: 'service',
  commercial_services: 'service',
  bank: 'service',
  medical: 'service',
  hospital: 'service',
  child_care: 'service',
  housing_student: 'service',
  athletics: 'recreation',
  field: 'recreation',
  park: 'recreation',
  garden: 'recreation',
  grocery: 'amenity',
  retail: 'amenity',
  attraction: 'amenity',
  worship: 'amenity',
  plaza: 'amenity',
  monument: 'amenity',
  academic: 'facility',
  school: 'facility',
  transit: 'facility',
  sub_building: 'facility',
};

/** Where a point lies: the building uid of the first footprint containing it (even-odd rule, holes excluded). */
export function footprintAt(point: [number, number], footprints: readonly { uid: string; polygons: number[][][][] }[]): string | null {
  const inRing = ([x, y]: [number, number], ring: number[][]) => {
    let inside = false;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
  };
  for (const f of footprints) {
    if (f.polygons.some(([outer, ...holes]) => inRing(point, outer) && !holes.some((h) => inRing(point, h)))) return f.uid;
  }
  return null;
}

export interface PlaceImport {
  places: SourcePlace[];
  counts: { current: number; inOurBuildings: number; byAddress: number; byFootprint: number; withHours: number };
}

/** An id slug of a name: its match-key words in ASCII (a word in another script is left out). */
const slug = (s: string) => matchKey(s).split(' ').filter((w) => /^[a-z0-9]+$/.test(w)).join('-');

/**
 * Current points of interest inside one of the campus's buildings (address join first, then footprint)
 * as `listed` places; ids `ubc-<name>` (`-<poi id>` when names repeat). Hours stay as published text.
 */
export function poiPlaces(
  poi: readonly GeoFeature[],
  addressBuilding: ReadonlyMap<string, { uid: string; add: string }>,
  ourBuildings: ReadonlyMap<string, string>,
  footprints: readonly { uid: string; polygons: number[][][][] }[],
  problems: string[],
): PlaceImport {
  const counts = { current: 0, inOurBuildings: 0, byAddress: 0, byFootprint: 0, withHours: 0 };
  const drafts: (SourcePlace & { poiId: string })[] = [];
  for (const f of poi) {
    const p = f.properties;
    if (p.STATUS !== 'Current') continue;
    counts.current++;
    const where = `${FILES.poi}#${f.index}`;
    const name = typeof p.PLACENAME === 'string' ? p.PLACENAME.trim().replace(/\s+/g, ' ') : '';
    const poiId = typeof p.POI_ID === 'string' && /^\w+$/.test(p.POI_ID) ? p.POI_ID : null;
    const point = (f.geometry as { type?: string; coordinates?: unknown } | null)?.type === 'Point' ? (f.geometry as { coordinates: unknown }).coordinates : null;
    if (!poiId) { problems.push(`${where}: POI_ID ${JSON.stringify(p.POI_ID)} is not an id`); continue; }
    if (!name) { problems.push(`${where}: no PLACENAME`); continue; }
    if (!Array.isArray(point) || point.length < 2 || !point.every((v) => typeof v === 'number' && Number.isFinite(v))) { problems.push(`${where}: geometry is not a Point`); continue; }
    const lastEdited = editDate(p.LAST_EDITED_DATE);
    if (!lastEdited) { problems.push(`${where}: LAST_EDITED_DATE ${JSON.stringify(p.LAST_EDITED_DATE)} is not YYYYMMDDhhmmss`); continue; }
    const byAddress = typeof p.ADD_ID === 'string' ? addressBuilding.get(p.ADD_ID) : undefined;
    const uid = byAddress && ourBuildings.has(byAddress.uid) ? byAddress.uid : footprintAt([point[0], point[1]] as [number, number], footprints);
    const building = uid ? ourBuildings.get(uid) : undefined;
    if (!building) continue; // outside the campus's buildings (parks, plazas, UEL…): a place needs a building
    const kind = PLACE_KIND_OF_SERVICE_TYPE[String(p.SERVICE_TYPE)];
    if (!kind) { problems.push(`${where}: SERVICE_TYPE ${JSON.stringify(p.SERVICE_TYPE)} has no place kind (PLACE_KIND_OF_SERVICE_TYPE)`); continue; }
    counts.inOurBuildings++;
    const viaAddress = byAddress !== undefined && byAddress.uid === uid;
    if (viaAddress) counts.byAddress++;
    else counts.byFootprint++;
    const hours = typeof p.HOURS === 'string' && p.HOURS.trim() !== '' ? p.HOURS : null;
    if (hours) counts.withHours++;
    const nativeId = `poi/${poiId}`;
    drafts.push({
      id: '', poiId, name, kind, building, amenities: [String(p.SERVICE_TYPE).replace(/_/g, ' ')], origin: 'listed', hours: null,
      ...(hours ? { publishedHours: { text: hours, sourceId: UBC_SOURCES.poi.id, nativeId, lastEdited } } : {}),
      provenance: [
        { sourceId: UBC_SOURCES.poi.id, nativeId, verification: 'verified', lastVerified: lastEdited },
        viaAddress
          ? { sourceId: UBC_SOURCES.address.id, nativeId: `address/${byAddress!.add}`, verification: 'verified' }
          : { sourceId: UBC_SOURCES.buildings.id, nativeId: `building/${uid}`, verification: 'verified' },
      ],
    });
  }
  const bySlug = new Map<string, number>();
  for (const d of drafts) bySlug.set(slug(d.name), (bySlug.get(slug(d.name)) ?? 0) + 1);
  const places = drafts.map(({ poiId, ...d }) => {
    const s = slug(d.name);
    const base = s.startsWith('ubc-') ? s : `ubc-${s}`.replace(/-$/, '');
    return { ...d, id: s === '' || bySlug.get(s)! > 1 ? `${base}-${poiId.toLowerCase()}` : base };
  });
  return { places, counts };
}

/**
 * The campus's places after this import: the points of interest, and the building-name places that no
 * listed place of the same building and kind covers (as import-reference does for listed places).
 */
export function mergePlaces(existing: readonly SourcePlace[], imported: readonly SourcePlace[]): SourcePlace[] {
  const covered = new Set(imported.map((p) => `${p.building}/${p.kind}`));
  const kept = existing.filter((p) => p.provenance[0]?.sourceId !== UBC_SOURCES.poi.id && !(p.origin === 'building-name' && covered.has(`${p.building}/${p.kind}`)));
  return [...kept, ...imported].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

// ------------------------------------------------------------------ footprints

/** Why a polygon's rings are not closed rings of ≥ 4 finite positions, or null. */
function polygonProblem(rings: unknown): string | null {
  if (!Array.isArray(rings) || rings.length === 0) return 'a polygon without rings';
  for (const ring of rings) {
    if (!Array.isArray(ring) || ring.length < 4) return 'a ring with fewer than 4 positions';
    if (!ring.every((p) => Array.isArray(p) && p.length === 2 && p.every((v) => typeof v === 'number' && Number.isFinite(v)))) return 'a position that is not [lon, lat]';
    const [a, z] = [ring[0], ring[ring.length - 1]];
    if (a[0] !== z[0] || a[1] !== z[1]) return 'a ring that is not closed';
  }
  return null;
}

/** The footprint of each campus building as published (`buildings.geojson` by BLDG_UID), by building code. */
export function buildingFootprints(features: readonly GeoFeature[], ourBuildings: ReadonlyMap<string, string>, problems: string[]): Footprint[] {
  const out: Footprint[] = [];
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
      type: 'Feature', id: code,
      properties: { sourceId: UBC_SOURCES.buildings.id, nativeId: `building/${uid}`, verification: 'verified', ...(lastVerified ? { lastVerified } : {}) },
      geometry: g as Footprint['geometry'],
    });
  }
  return out.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
