/**
 * Checks of the building outlines (footprints/<campus>.geojson) beyond their schema: each outline
 * names a building and sources of its campus, its rings are closed, simple polygons (no repeated
 * consecutive position, no self-intersection, holes inside the outer ring), and a building point of
 * kind `footprint-vertex` is a vertex of one of its building's outlines from a source the point cites (an
 * outline of another source or version, e.g. UBC's 2026-03 file beside points from its 2026-08 one, may differ).
 */
import type { LonLat, SourceCampusFile, SourceOutline } from '../load/source-types.ts';

type Position = readonly [number, number];
type Report = (file: string, pointer: string, reason: string) => void;

const same = (a: Position, b: Position) => a[0] === b[0] && a[1] === b[1];

/** Orientation of c relative to the line a→b: > 0 left, < 0 right, 0 on it. */
function orient(a: Position, b: Position, c: Position): number {
  return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
}

function onSegment(a: Position, b: Position, p: Position): boolean {
  return Math.min(a[0], b[0]) <= p[0] && p[0] <= Math.max(a[0], b[0]) && Math.min(a[1], b[1]) <= p[1] && p[1] <= Math.max(a[1], b[1]);
}

/** Whether segments ab and cd share any point (touching counts). */
export function segmentsMeet(a: Position, b: Position, c: Position, d: Position): boolean {
  const o1 = orient(a, b, c);
  const o2 = orient(a, b, d);
  const o3 = orient(c, d, a);
  const o4 = orient(c, d, b);
  if (((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) && ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0))) return true;
  return (o1 === 0 && onSegment(a, b, c)) || (o2 === 0 && onSegment(a, b, d)) || (o3 === 0 && onSegment(c, d, a)) || (o4 === 0 && onSegment(c, d, b));
}

/** Why a ring is not a closed simple ring, or null. */
export function ringProblem(ring: readonly Position[]): string | null {
  if (!same(ring[0], ring[ring.length - 1])) return 'ring is not closed (first position ≠ last)';
  for (let k = 1; k < ring.length; k++) if (same(ring[k - 1], ring[k])) return `position ${k} repeats the one before it`;
  const n = ring.length - 1; // segments
  if (n < 3) return 'ring has fewer than 3 distinct positions';
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const adjacent = j === i + 1 || (i === 0 && j === n - 1);
      if (adjacent) {
        // neighbours share one end; they may not fold back over each other
        const [shared, p, q] = j === i + 1 ? [ring[j], ring[i], ring[j + 1]] : [ring[i], ring[i + 1], ring[j]];
        if (orient(p, shared, q) === 0 && (p[0] - shared[0]) * (q[0] - shared[0]) + (p[1] - shared[1]) * (q[1] - shared[1]) > 0) {
          return `segments ${i} and ${j} overlap (a spike)`;
        }
        continue;
      }
      if (segmentsMeet(ring[i], ring[i + 1], ring[j], ring[j + 1])) return `segments ${i} and ${j} intersect`;
    }
  }
  return null;
}

/** Even-odd point-in-ring test (points on the boundary may go either way). */
export function insideRing(p: Position, ring: readonly Position[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 2; i < ring.length - 1; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Why a polygon (outer ring, then holes) is not closed simple rings with its holes inside the outer ring and apart, or null. */
export function polygonProblem(rings: readonly (readonly Position[])[]): string | null {
  for (const [k, ring] of rings.entries()) {
    const problem = ringProblem(ring);
    if (problem) return `ring ${k}: ${problem}`;
  }
  for (let k = 1; k < rings.length; k++) {
    if (!insideRing(rings[k][0], rings[0])) return `hole ${k} is not inside the outer ring`;
    for (let r = 0; r < k; r++) {
      for (let i = 0; i + 1 < rings[k].length; i++) {
        for (let j = 0; j + 1 < rings[r].length; j++) {
          if (segmentsMeet(rings[k][i], rings[k][i + 1], rings[r][j], rings[r][j + 1])) return `ring ${k} meets ring ${r}`;
        }
      }
    }
  }
  return null;
}

/** The polygons of an outline (a Polygon is one). */
export function polygonsOf(outline: SourceOutline): Position[][][] {
  return outline.geometry.type === 'Polygon' ? [outline.geometry.coordinates] : outline.geometry.coordinates;
}

/** `file`: the footprints file; `campusFile`: the campus file (for the footprint-vertex check). */
export function checkOutlines(outlines: readonly SourceOutline[], campus: SourceCampusFile, file: string, campusFile: string, report: Report): void {
  const codes = new Set(campus.buildings.map((b) => b.code));
  const sources = new Set(campus.sources.map((s) => s.id));
  const ids = new Set<string>();
  const vertices = new Map<string, Set<string>>();
  outlines.forEach((o, i) => {
    const at = `/features/${i}`;
    if (ids.has(o.id)) report(file, `${at}/id`, `duplicate outline id "${o.id}"`);
    ids.add(o.id);
    const { building, provenance } = o.properties;
    if (!codes.has(building)) report(file, `${at}/properties/building`, `unknown building code "${building}" (not in campuses/${campus.campus}.json)`);
    provenance.forEach((r, j) => {
      if (!sources.has(r.sourceId)) report(file, `${at}/properties/provenance/${j}/sourceId`, `unknown source "${r.sourceId}" (not in the campus's sources)`);
    });
    polygonsOf(o).forEach((rings, p) => {
      const problem = polygonProblem(rings);
      if (problem) report(file, `${at}/geometry`, `polygon ${p}: ${problem}`);
    });
    // vertices per building and source: a point is checked against the outlines of its own source
    for (const r of provenance) {
      const key = `${building}\u0000${r.sourceId}`;
      const own = vertices.get(key) ?? new Set<string>();
      for (const rings of polygonsOf(o)) for (const ring of rings) for (const v of ring) own.add(`${v[0]},${v[1]}`);
      vertices.set(key, own);
    }
  });
  campus.buildings.forEach((b, i) => {
    const p: LonLat | null = b.point;
    if (!p || b.pointKind !== 'footprint-vertex') return;
    // Only outlines of a source the point cites: another source's (or another version's) outline may differ.
    const own = b.provenance.map((r) => vertices.get(`${b.code}\u0000${r.sourceId}`)).filter((s): s is Set<string> => s !== undefined);
    if (own.length > 0 && !own.some((s) => s.has(`${p[0]},${p[1]}`))) {
      report(campusFile, `/buildings/${i}/point`, `point of kind footprint-vertex is not a vertex of building ${b.code}'s outline`);
    }
  });
}
