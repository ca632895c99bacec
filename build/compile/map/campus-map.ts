/**
 * `maps/<campus>.geojson` (issue 10): one GeoJSON FeatureCollection (RFC 7946, [lon, lat]) per campus
 * with its buildings' location points, its entrances and every edge of its walking graph, plus the
 * connectors the build inferred, and the buildings' footprints where a source publishes them
 * (footprints.ts). Attribution and licence are foreign members of the collection.
 * Edges whose nodes have no published coordinates (UTM) keep their facts with a null geometry.
 */
import type { Building, Entrance, SourceRecord } from '../../../runtime/domain/types.ts';
import type { CampusGraph, GraphEdge } from '../routes/graph.ts';
import { compareStrings } from '../campus/buildings.ts';
import type { SourceFootprint } from '../../load/source-types.ts';
import { footprintFeatures, type FootprintGeometry } from './footprints.ts';

const round7 = (x: number) => Math.round(x * 1e7) / 1e7;

interface Feature {
  type: 'Feature';
  geometry: { type: 'Point'; coordinates: [number, number] } | { type: 'LineString'; coordinates: [number, number][] } | FootprintGeometry | null;
  properties: Record<string, unknown>;
}

const verificationOf = (e: GraphEdge) => (e.verified ? 'verified' : e.inferred ? 'inferred' : 'unknown');

function edgeFeature(graph: CampusGraph, e: GraphEdge): Feature {
  const a = graph.coords[e.from];
  const b = graph.coords[e.to];
  return {
    type: 'Feature',
    geometry: a && b ? { type: 'LineString', coordinates: [[round7(a[0]), round7(a[1])], [round7(b[0]), round7(b[1])]] } : null,
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

export function campusMap(
  campus: string,
  buildings: readonly Building[],
  entrances: readonly Entrance[][],
  graph: CampusGraph | null,
  sources: readonly SourceRecord[],
  footprints: readonly SourceFootprint[] = [],
): Buffer {
  const features: Feature[] = [...footprintFeatures(footprints, buildings)];
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
  const collection = {
    type: 'FeatureCollection',
    campus,
    attribution: unique(sources.map((s) => s.attribution)).join('; '),
    license: unique(sources.map((s) => s.license)).join('; '),
    features,
  };
  return Buffer.from(JSON.stringify(collection) + '\n');
}
