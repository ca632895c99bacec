/**
 * The building outlines part of the one-off reference importer (import-reference.ts): reads
 * `<referenceDir>/footprints/<campus>.geojson` and returns the outlines in the project's form
 * (sources/schemas/footprint.schema.json), each with the provenance of its geometry:
 *  - UTM's features name their OpenStreetMap elements (`sourceIds`) and a verification of their own;
 *  - elsewhere the feature's refs that name an OpenStreetMap element are the outline's source;
 *  - where no ref names one (U of T St. George, UTSC: only the timetable is named, and the file's one
 *    map source is OpenStreetMap), the outline is the campus's OpenStreetMap source, `inferred`.
 * Geometry is copied exactly. Nothing else is read.
 */
import type { LonLat, SourceOutline } from '../load/source-types.ts';
import type { Ref } from '../load/schema-types/footprint.ts';
import { isOsmElement } from '../compile/campus/provenance.ts';

type Json = any;

/**
 * Outlines of one campus's reference file (null geometry skipped), in file order.
 * `codeOf`: the reference building id → the campus's code; UTM's features carry the code itself.
 */
export function importOutlines(
  file: Json,
  campusId: string,
  codeOf: ReadonlyMap<string, string>,
  osmSourceId: string,
  verificationOf: (v: string | null | undefined) => Ref['verification'],
  misfits: string[],
): SourceOutline[] {
  const out: SourceOutline[] = [];
  for (const f of file.features as Json[]) {
    if (!f.geometry) continue;
    const p = f.properties;
    const building = p.buildingCode ?? codeOf.get(f.id);
    if (!building) {
      misfits.push(`${campusId}: outline ${f.id} names a building the campus file lacks (skipped)`);
      continue;
    }
    let provenance: Ref[];
    if (Array.isArray(p.sourceIds)) {
      provenance = p.sourceIds.map((nativeId: string) => ({
        sourceId: osmSourceId, nativeId, verification: verificationOf(p.verificationStatus), ...(p.lastVerified ? { lastVerified: p.lastVerified } : {}),
      }));
    } else {
      provenance = (p.provenance as Json[])
        .filter((r) => isOsmElement(r.nativeId))
        .map((r) => ({ sourceId: r.sourceId, nativeId: r.nativeId, verification: verificationOf(r.verification) }));
      if (provenance.length === 0) provenance = [{ sourceId: osmSourceId, nativeId: null, verification: 'inferred' }];
    }
    out.push({ type: 'Feature', id: f.id, properties: { building, provenance, origin: p.origin ?? file.origin }, geometry: f.geometry });
  }
  return out;
}

/** The first position of the outer ring of the outline's first polygon (a real vertex, never a centroid). */
export function firstVertex(o: SourceOutline): LonLat {
  const c = o.geometry.coordinates as Json;
  const ring = o.geometry.type === 'Polygon' ? c[0] : c[0][0];
  return [ring[0][0], ring[0][1]];
}

/** OpenStreetMap elements of a building's outlines, in outline order, without repeats. */
export function osmElementsOf(outlines: readonly SourceOutline[]): Ref[] {
  const seen = new Set<string>();
  const refs: Ref[] = [];
  for (const o of outlines) {
    for (const r of o.properties.provenance) {
      if (!isOsmElement(r.nativeId) || seen.has(r.nativeId)) continue;
      seen.add(r.nativeId);
      refs.push(r);
    }
  }
  return refs;
}

/**
 * A building's outlines onto its record: a building without a point gets the first vertex of its first
 * outline (kind footprint-vertex, never a centroid), with the outline's verification; its provenance names
 * the outline's OpenStreetMap elements in place of a bare link to the site (UTM: DV → relation/20449624),
 * or gains the outline's source when its location now comes from the outline.
 */
export function applyOutlines(b: Json, outlines: readonly SourceOutline[], osmSourceId: string): void {
  const own = outlines.filter((o) => o.properties.building === b.code);
  if (own.length === 0) return;
  const located = !b.point;
  if (located) {
    b.point = firstVertex(own[0]);
    b.pointKind = 'footprint-vertex';
    b.pointVerification = own[0].properties.provenance[0].verification;
  }
  const elements = osmElementsOf(own);
  const bare = b.provenance.filter((r: Json) => r.sourceId === osmSourceId && !isOsmElement(r.nativeId));
  const known = new Set(b.provenance.map((r: Json) => `${r.sourceId} ${r.nativeId}`));
  if (bare.length && elements.length) {
    const at = b.provenance.indexOf(bare[0]);
    const replaced = elements.map((e) => ({ ...bare[0], nativeId: e.nativeId }));
    b.provenance = [...b.provenance.slice(0, at), ...replaced, ...b.provenance.slice(at + 1).filter((r: Json) => !bare.includes(r))];
  } else if ((located || elements.length) && !b.provenance.some((r: Json) => r.sourceId === osmSourceId)) {
    b.provenance.push(...(elements.length ? elements : own[0].properties.provenance).filter((r) => !known.has(`${r.sourceId} ${r.nativeId}`)));
  }
}

/** The text of footprints/<campus>.geojson: a FeatureCollection, one outline per line (readable diffs). */
export function footprintsText(campus: string, outlines: readonly SourceOutline[]): string {
  const head = `{"type":"FeatureCollection","campus":${JSON.stringify(campus)},"features":[\n`;
  return head + outlines.map((o) => JSON.stringify(o)).join(',\n') + '\n]}\n';
}
