/**
 * `maps/<campus>.geojson` (issue 10, 22): one GeoJSON FeatureCollection (RFC 7946, [lon, lat]) per campus
 * with its building outlines (one Polygon feature per polygon, building code as a property), its
 * buildings' location points, its entrances and approach points, and every edge of its walking graph
 * plus the connectors the build inferred. Attribution and licence are foreign members; `bbox` (RFC 7946)
 * and `extent` (the same box as [[west, south], [east, north]]) bound everything drawn.
 * Valid under strict checks: an edge whose two ends share one position (a zero-length link of the
 * source) is a Point, never a zero-length line; an edge without node coordinates has a null geometry.
 */
import type { Building, Entrance, SourceRecord } from '../../../runtime/domain/types.ts';
import type { LonLat, SourceOutline } from '../../load/source-types.ts';
import type { CampusGraph, GraphEdge } from '../routes/graph.ts';
import { compareStrings } from '../campus/buildings.ts';
import { polygonsOf } from '../../check/outlines.ts';
import { isOsmElement } from '../campus/provenance.ts';
import { round7 } from '../geo.ts';

const position = (p: readonly number[]): [number, number] => [round7(p[0]), round7(p[1])];

type Geometry =
  | { type: 'Point'; coordinates: [number, number] }
  | { type: 'LineString'; coordinates: [number, number][] }
  | { type: 'Polygon'; coordinates: [number, number][][] };

interface Feature {
  type: 'Feature';
  geometry: Geometry | null;
  properties: Record<string, unknown>;
}

/** [[west, south], [east, north]] of every position drawn, or null when nothing is. */
export type Extent = [LonLat, LonLat] | null;

const verificationOf = (e: GraphEdge) => (e.verified ? 'verified' : e.inferred ? 'inferred' : 'unknown');

function edgeGeometry(graph: CampusGraph, e: GraphEdge): Geometry | null {
  const a = graph.coords[e.from];
  const b = graph.coords[e.to];
  if (!a || !b) return null;
  const [p, q] = [position(a), position(b)];
  return p[0] === q[0] && p[1] === q[1] ? { type: 'Point', coordinates: p } : { type: 'LineString', coordinates: [p, q] };
}

function edgeFeature(graph: CampusGraph, e: GraphEdge): Feature {
  return {
    type: 'Feature',
    geometry: edgeGeometry(graph, e),
    properties: {
      feature: e.id === null ? 'connector' : 'path',
      id: e.id,
      meters: Math.round(e.meters * 100) / 100,
      verification: verificationOf(e),
      stairs: e.stairs,
      environment: e.indoor ? 'indoor' : 'outdoor',
      oneWay: e.oneWay,
      osm: e.osm === '-' ? null : e.osm,
      crossing: e.crossing,
      pathType: e.pathType,
      sourceRef: e.sourceRef,
    },
  };
}

/** One Polygon feature per polygon of an outline (a MultiPolygon's parts are drawn separately). */
function outlineFeatures(o: SourceOutline): Feature[] {
  const refs = o.properties.provenance;
  const osm = refs.map((r) => r.nativeId).filter(isOsmElement);
  return polygonsOf(o).map((rings) => ({
    type: 'Feature',
    geometry: { type: 'Polygon', coordinates: rings.map((ring) => ring.map(position)) },
    properties: { feature: 'footprint', building: o.properties.building, id: o.id, verificationStatus: refs[0].verification, osm: osm.length ? osm : null },
  }));
}

function extentOf(features: readonly Feature[]): Extent {
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  const add = (p: readonly number[]) => {
    w = Math.min(w, p[0]);
    e = Math.max(e, p[0]);
    s = Math.min(s, p[1]);
    n = Math.max(n, p[1]);
  };
  for (const { geometry: g } of features) {
    if (g?.type === 'Point') add(g.coordinates);
    else if (g?.type === 'LineString') g.coordinates.forEach(add);
    else if (g?.type === 'Polygon') for (const ring of g.coordinates) ring.forEach(add);
  }
  return w === Infinity ? null : [[w, s], [e, n]];
}

export function campusMap(
  campus: string,
  buildings: readonly Building[],
  entrances: readonly Entrance[][],
  outlines: readonly SourceOutline[],
  graph: CampusGraph | null,
  sources: readonly SourceRecord[],
): { bytes: Buffer; extent: Extent } {
  const features: Feature[] = [];
  const order = new Map(buildings.map((b, i) => [b.code, i]));
  const sorted = [...outlines].sort((a, b) => order.get(a.properties.building)! - order.get(b.properties.building)! || compareStrings(a.id, b.id));
  for (const o of sorted) features.push(...outlineFeatures(o));
  for (const b of buildings) {
    if (!b.location) continue;
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [b.location.lon, b.location.lat] },
      properties: { feature: 'building', code: b.code, name: b.name, category: b.category, locationKind: b.location.kind, verificationStatus: b.location.verificationStatus },
    });
  }
  buildings.forEach((b, i) => {
    for (const e of entrances[i]) {
      features.push({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [e.lon, e.lat] },
        properties: {
          feature: 'entrance', id: e.id, building: b.code, kind: e.kind, access: e.access, accessibility: e.accessibility,
          verificationStatus: e.verificationStatus, onWalkingGraph: e.onWalkingGraph, powerDoor: e.powerDoor,
        },
      });
    }
  });
  if (graph) for (const e of graph.edges) features.push(edgeFeature(graph, e));
  const unique = (xs: (string | null)[]) => [...new Set(xs.filter((x): x is string => !!x))].sort(compareStrings);
  const extent = extentOf(features);
  const collection = {
    type: 'FeatureCollection',
    campus,
    attribution: unique(sources.map((s) => s.attribution)).join('; '),
    license: unique(sources.map((s) => s.license)).join('; '),
    ...(extent ? { bbox: [...extent[0], ...extent[1]], extent } : {}),
    features,
  };
  return { bytes: Buffer.from(JSON.stringify(collection) + '\n'), extent };
}
