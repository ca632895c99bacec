/**
 * All-pairs building routes of one campus for every mode (BEHAVIOUR §7), as the route matrix of
 * runtime/contract/matrix.ts.
 */
import { ROUTE_FLAG, ROUTE_MODES, type RouteMode, type RouteStatus } from '../../../runtime/domain/types.ts';
import { newMatrix, writeRouteCell, type RouteFacts } from '../../../runtime/contract/index.ts';
import type { CampusGraph, GraphEdge } from './graph.ts';
import { dijkstra, pathEdges, pathNodes, type ShortestPaths } from './shortest-paths.ts';
import { PathCollector, type RoutePaths } from './paths.ts';
import { haversineMeters, roundTenth } from '../geo.ts';
import { isStepFreeEntrance, type CampusBuilding } from '../campus/buildings.ts';

export const DETOUR_FACTOR = 1.3;
export const OUTDOOR_COST_PREFER_INDOOR = 1.75;
export const SECONDS_PER_EXIT_OR_ENTRY = 10;
export const SECONDS_PER_CROSSING = 15;
export const SECONDS_PER_FLOOR_BY_STAIRS = 20;
/** A routed pair leaves one building and enters another. */
const BUILDING_DELAY = 2 * SECONDS_PER_EXIT_OR_ENTRY;

export type OutcomeCounts = Record<RouteStatus, number>;

export interface RouteMatrix {
  n: number;
  modes: RouteMode[];
  data: Float64Array;
  counts: Record<RouteMode, OutcomeCounts>;
  /** Node sequence of every routed cell whose nodes all have coordinates (runtime/contract/paths.ts). */
  paths: RoutePaths;
}

type Cell = RouteFacts;

const SAME_BUILDING: Cell = {
  outcome: 'same-building', totalMeters: 0, indoorMeters: 0, outdoorMeters: 0,
  delaySeconds: 0, floorChanges: 0, verification: 'verified', flags: 0,
};

function unavailable(flags: number): Cell {
  return {
    outcome: 'unavailable', totalMeters: NaN, indoorMeters: NaN, outdoorMeters: NaN,
    delaySeconds: NaN, floorChanges: NaN, verification: 'unavailable', flags,
  };
}

function approximate(meters: number, flags: number): Cell {
  return {
    outcome: 'approximate', totalMeters: roundTenth(meters * DETOUR_FACTOR), indoorMeters: NaN, outdoorMeters: NaN,
    delaySeconds: BUILDING_DELAY, floorChanges: NaN, verification: 'inferred', flags,
  };
}

/** Facts of a mapped path (edges in walking order). */
export function routedCell(edges: readonly GraphEdge[]): Cell {
  let indoor = 0;
  let outdoor = 0;
  let verified = 0;
  let flags = 0;
  for (const e of edges) {
    if (e.indoor) indoor += e.meters;
    else outdoor += e.meters;
    if (e.verified) verified++;
    if (e.stairs === 'true') flags |= ROUTE_FLAG.STAIRS;
    if (e.stairs === 'unknown') flags |= ROUTE_FLAG.STAIRS_UNKNOWN;
    if (!e.accessible) flags |= ROUTE_FLAG.ACCESSIBILITY_UNVERIFIED;
    if (e.inferred) flags |= e.accessPoint ? ROUTE_FLAG.INFERRED_ACCESS_POINT : ROUTE_FLAG.INFERRED_CONNECTOR;
    if (e.oneWay) flags |= ROUTE_FLAG.ONE_WAY;
  }
  const crossings = 0; // no crossing data in the sources
  const floorChanges = 0; // no floor data in the sources
  return {
    outcome: 'routed',
    totalMeters: roundTenth(indoor + outdoor),
    indoorMeters: roundTenth(indoor),
    outdoorMeters: roundTenth(outdoor),
    delaySeconds: BUILDING_DELAY + crossings * SECONDS_PER_CROSSING + floorChanges * SECONDS_PER_FLOOR_BY_STAIRS,
    floorChanges,
    verification: verified === edges.length ? 'verified' : verified > 0 ? 'mixed' : 'inferred',
    flags,
  };
}

/** Cost of each edge in a mode; Infinity = not usable. */
export function edgeCosts(edges: readonly GraphEdge[], mode: RouteMode): Float64Array {
  return Float64Array.from(edges, (e) => {
    if (mode === 'prefer-indoor') return e.indoor ? e.meters : e.meters * OUTDOOR_COST_PREFER_INDOOR;
    if (mode === 'step-free') return e.stairs === 'false' && e.accessible && e.verified ? e.meters : Infinity;
    return e.meters;
  });
}

/** Nearest-pair great-circle distance between two buildings' points (Infinity if either has none). */
function nearestPairMeters(a: CampusBuilding, b: CampusBuilding): number {
  let best = Infinity;
  for (const p of a.points) for (const q of b.points) best = Math.min(best, haversineMeters(p, q));
  return best;
}

/**
 * Graph nodes where a building joins the graph, sorted and unique: its usable entrances' nodes, and
 * outside step-free mode the node of its location point when that is linked.
 */
function entranceNodes(b: CampusBuilding, index: number, graph: CampusGraph | null, mode: RouteMode): number[] {
  if (!graph) return [];
  const nodes = new Set<number>();
  if (mode !== 'step-free' && graph.pointLinks[index] >= 0) nodes.add(graph.pointLinks[index]);
  for (const e of b.entrances) {
    if (mode === 'step-free' && !isStepFreeEntrance(e)) continue;
    const v = graph.attachment.get(e.id);
    if (v !== undefined) nodes.add(v);
  }
  return [...nodes].sort((x, y) => x - y);
}

/** Cheapest target node reached (ties → smaller index), or -1. */
function bestTarget(paths: ShortestPaths, targets: readonly number[]): number {
  let best = -1;
  for (const t of targets) if (paths.dist[t] < Infinity && (best < 0 || paths.dist[t] < paths.dist[best])) best = t;
  return best;
}

export function computeRouteMatrix(
  buildings: readonly CampusBuilding[],
  graph: CampusGraph | null,
  modes: RouteMode[] = [...ROUTE_MODES],
): RouteMatrix {
  const n = buildings.length;
  const paths = new PathCollector(modes.length, n, graph);
  const data = newMatrix(modes.length, n);
  const counts = {} as Record<RouteMode, OutcomeCounts>;
  const located = buildings.map((b) => b.points.length > 0);
  const approx = new Map<number, number>(); // i*n+j (i<j) → nearest-pair metres, computed on demand
  const approxMeters = (i: number, j: number): number => {
    const key = Math.min(i, j) * n + Math.max(i, j);
    let m = approx.get(key);
    if (m === undefined) approx.set(key, (m = nearestPairMeters(buildings[i], buildings[j])));
    return m;
  };
  const offGraphFlag = graph ? ROUTE_FLAG.NOT_ON_GRAPH : ROUTE_FLAG.NO_GRAPH;

  modes.forEach((mode, m) => {
    const modeCounts: OutcomeCounts = { 'same-building': 0, routed: 0, approximate: 0, unavailable: 0 };
    const costs = graph ? edgeCosts(graph.edges, mode) : null;
    const nodes = buildings.map((b, i) => entranceNodes(b, i, graph, mode));
    const hasStepFreeEntrance = buildings.map((b) => b.entrances.some(isStepFreeEntrance));
    for (let i = 0; i < n; i++) {
      const tree = graph && costs && nodes[i].length > 0 ? dijkstra(graph, nodes[i], costs) : null;
      for (let j = 0; j < n; j++) {
        let cell: Cell;
        const target = tree ? bestTarget(tree, nodes[j]) : -1;
        if (i === j) cell = SAME_BUILDING;
        else if (target >= 0) {
          cell = routedCell(pathEdges(tree!, target).map((e) => graph!.edges[e]));
          paths.add(m, i, j, pathNodes(tree!, target));
        }
        else if (mode === 'step-free') {
          let flags = located[i] && located[j] ? 0 : ROUTE_FLAG.NO_LOCATION;
          if (!hasStepFreeEntrance[i] || !hasStepFreeEntrance[j]) flags |= ROUTE_FLAG.STEP_FREE_NO_ENTRANCE;
          else {
            flags |= ROUTE_FLAG.STEP_FREE_NO_PATH;
            if (!graph || nodes[i].length === 0 || nodes[j].length === 0) flags |= offGraphFlag;
          }
          cell = unavailable(flags);
        } else if (!located[i] || !located[j]) cell = unavailable(ROUTE_FLAG.NO_LOCATION);
        else cell = approximate(approxMeters(i, j), offGraphFlag);
        modeCounts[cell.outcome]++;
        writeRouteCell(data, n, m, i, j, cell);
      }
    }
    counts[mode] = modeCounts;
  });
  return { n, modes, data, counts, paths: paths.result() };
}
