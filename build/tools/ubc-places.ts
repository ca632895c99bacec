/**
 * UBC Vancouver's points of interest (reference `ubc/poi.geojson`) as the campus's places: those inside one
 * of its buildings (the building of the address record, else the footprint containing the point), with a
 * kind from one table and their hours as published (read by the build, not here). Pure; facts only (no
 * descriptions, contacts or links). A record that cannot be read is reported as `file#feature: reason`.
 */
import type { LonLat, SourcePlace } from '../load/source-types.ts';
import { insideRing } from '../check/outlines.ts';
import { matchKey } from '../../runtime/domain/match-key.ts';
import { editDate, FILES, UBC_SOURCES, type GeoFeature } from './ubc-geodata.ts';

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
export function footprintAt(point: [number, number], footprints: readonly { uid: string; polygons: LonLat[][][] }[]): string | null {
  for (const f of footprints) {
    if (f.polygons.some(([outer, ...holes]) => insideRing(point, outer) && !holes.some((h) => insideRing(point, h)))) return f.uid;
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
  footprints: readonly { uid: string; polygons: LonLat[][][] }[],
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
