/**
 * Building footprints as campus-map features: one Polygon / MultiPolygon Feature per outline a source
 * publishes (`sources/footprints/<campus>.geojson`), drawn beside (never instead of) the building's
 * location point. Positions are rounded to 7 decimals like every map position; a position that rounds onto
 * the one before it is dropped, and a ring left with fewer than 4 positions (under a centimetre across) with it.
 */
import type { Building, Verification } from '../../../runtime/domain/types.ts';
import type { SourceFootprint } from '../../load/source-types.ts';

type Position = [number, number];
export type FootprintGeometry = { type: 'Polygon'; coordinates: Position[][] } | { type: 'MultiPolygon'; coordinates: Position[][][] };

export interface FootprintFeature {
  type: 'Feature';
  geometry: FootprintGeometry;
  properties: { feature: 'footprint'; code: string; name: string; verificationStatus: Verification };
}

const round7 = (x: number) => Math.round(x * 1e7) / 1e7;

function roundRing(ring: readonly (readonly number[])[]): Position[] {
  const out: Position[] = [];
  for (const p of ring) {
    const q: Position = [round7(p[0]), round7(p[1])];
    const last = out[out.length - 1];
    if (!last || last[0] !== q[0] || last[1] !== q[1]) out.push(q);
  }
  const [first, last] = [out[0], out[out.length - 1]];
  if (first[0] !== last[0] || first[1] !== last[1]) out.push(first); // the closing position merged into the one before it
  return out;
}

/** A polygon's rings rounded; null when its outer ring does not survive. */
function roundPolygon(rings: readonly (readonly (readonly number[])[])[]): Position[][] | null {
  const [outer, ...holes] = rings.map(roundRing);
  return outer.length < 4 ? null : [outer, ...holes.filter((r) => r.length >= 4)];
}

export function footprintGeometry(g: SourceFootprint['geometry']): FootprintGeometry | null {
  if (g.type === 'Polygon') {
    const p = roundPolygon(g.coordinates);
    return p && { type: 'Polygon', coordinates: p };
  }
  const polygons = g.coordinates.map(roundPolygon).filter((p): p is Position[][] => p !== null);
  return polygons.length ? { type: 'MultiPolygon', coordinates: polygons } : null;
}

/** Footprint features in the campus's building order (by code), for the buildings that have one. */
export function footprintFeatures(footprints: readonly SourceFootprint[], buildings: readonly Building[]): FootprintFeature[] {
  const byCode = new Map(footprints.map((f) => [f.id, f]));
  const out: FootprintFeature[] = [];
  for (const b of buildings) {
    const f = byCode.get(b.code);
    const geometry = f && footprintGeometry(f.geometry);
    if (!f || !geometry) continue;
    out.push({ type: 'Feature', geometry, properties: { feature: 'footprint', code: b.code, name: b.name, verificationStatus: f.properties.verification } });
  }
  return out;
}
