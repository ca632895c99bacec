/**
 * Build time vs graph size: the build's own graph + all-pairs routing-matrix functions
 * (build/graph.ts buildCampusGraph, build/route-matrix.ts computeRouteMatrix) on the real UTM
 * graph and on synthetic grid graphs of ~2k / 10k / 50k edges with 100 buildings.
 */
import path from 'node:path';
import { loadSources } from '../../build/load/load-sources.ts';
import { validateSources } from '../../build/check/validate.ts';
import { buildCampusGraph } from '../../build/compile/routes/graph.ts';
import { computeRouteMatrix } from '../../build/compile/routes/route-matrix.ts';
import { campusBuildings, type CampusBuilding } from '../../build/compile/campus/buildings.ts';
import type { CampusGraphSource, GraphEdgeRow, SourceBuilding, SourceEntrance } from '../../build/load/source-types.ts';
import { ROOT } from './lib/proc.ts';

export interface GraphScalingRow {
  graph: string;
  nodes: number;
  edges: number;
  buildings: number;
  ms: number;
}

function time(buildings: CampusBuilding[], source: CampusGraphSource, entrances: SourceEntrance[]): { ms: number; nodes: number; edges: number } {
  const t0 = performance.now();
  const graph = buildCampusGraph(source, entrances, buildings.map((b) => ({ entrances: b.entrances, point: b.source.point })));
  computeRouteMatrix(buildings, graph);
  return { ms: performance.now() - t0, nodes: graph.nodeIds.length, edges: graph.edges.length };
}

/** A side × side grid (≈ 2·side² edges), 100 buildings each with one entrance on a random node. */
function grid(targetEdges: number): { source: CampusGraphSource; buildings: CampusBuilding[]; entrances: SourceEntrance[] } {
  const side = Math.ceil(Math.sqrt(targetEdges / 2));
  const id = (x: number, y: number) => `n${x}_${y}`;
  const lonLat = (x: number, y: number): [number, number] => [-79.66 + x * 0.0001, 43.55 + y * 0.0001];
  const nodes = [];
  const edges: GraphEdgeRow[] = [];
  for (let x = 0; x < side; x++) {
    for (let y = 0; y < side; y++) {
      const [lon, lat] = lonLat(x, y);
      nodes.push({ id: id(x, y), lon, lat, osm: '' });
      const base = { meters: 10, environment: 'outdoor' as const, stairs: 'false' as const, bidirectional: 'true' as const, accessibility: 'accessible' as const, verification: 'verified' as const, osm: '' };
      if (x + 1 < side) edges.push({ id: `e${edges.length}`, from: id(x, y), to: id(x + 1, y), ...base });
      if (y + 1 < side) edges.push({ id: `e${edges.length}`, from: id(x, y), to: id(x, y + 1), ...base });
    }
  }
  let seed = 12345;
  const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n);
  const buildings: CampusBuilding[] = [];
  const entrances: SourceEntrance[] = [];
  for (let b = 0; b < 100; b++) {
    const x = rnd(side);
    const y = rnd(side);
    const code = `B${String(b).padStart(3, '0')}`;
    const ent: SourceEntrance = {
      id: `${code}-e`, building: code, kind: 'entrance', point: lonLat(x, y), access: 'public', stepFree: 'accessible',
      verification: 'verified', osm: null, graphNode: id(x, y), provenance: [],
    };
    const source = { code, name: code, aliases: [], category: 'academic', point: lonLat(x, y) } as unknown as SourceBuilding;
    entrances.push(ent);
    buildings.push({ source, entrances: [ent], points: [ent.point] });
  }
  const source: CampusGraphSource = { campus: 'grid', meta: { campus: 'grid', sourceId: 'synthetic', license: '', retrievedAt: null, direction: 'per-edge' }, edges, nodes };
  return { source, buildings, entrances };
}

export async function graphScaling(): Promise<GraphScalingRow[]> {
  const rows: GraphScalingRow[] = [];
  const valid = validateSources(loadSources(path.join(ROOT, 'sources')));
  const utm = valid.campuses.find((c) => c.campus === 'utm');
  const utmGraph = valid.graphs.get('utm');
  if (utm && utmGraph) {
    const buildings = campusBuildings(utm);
    const r = time(buildings, utmGraph, utm.entrances);
    rows.push({ graph: 'UTM (real)', nodes: r.nodes, edges: r.edges, buildings: buildings.length, ms: r.ms });
  }
  for (const size of [2_000, 10_000, 50_000]) {
    const g = grid(size);
    const r = time(g.buildings, g.source, g.entrances);
    rows.push({ graph: `grid ~${size / 1000}k edges`, nodes: r.nodes, edges: r.edges, buildings: g.buildings.length, ms: r.ms });
  }
  return rows;
}

if (process.argv[1] && process.argv[1].endsWith('graph-scaling.ts')) {
  console.table(await graphScaling());
}
