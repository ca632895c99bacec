/**
 * All-pairs building routes of one campus for every mode (BEHAVIOUR §7), as the route matrix of
 * runtime/contract/matrix.ts. A routed walk longer than DETOUR_WARNING_RATIO × the straight line
 * between the two buildings' nearest points is flagged (the walking graph may miss a connection).
 */
import { ROUTE_FLAG, ROUTE_MODES, type RouteMode, type RouteStatus } from '../../../runtime/domain/types.ts';
import { DETOUR_WARNING_RATIO } from '../../../runtime/domain/route-result.ts';
import { newMatrix, writeRouteCell, type RouteFacts } from '../../../runtime/contract/index.ts';
import type { AccessKind, CampusGraph, GraphEdge } from './graph.ts';
import { dijkstra, pathEdges, pathNodes, type ShortestPaths } from './shortest-paths.ts';
import { PathCollector } from './paths.ts';
import { BUILDING_DELAY, recordedStairs, routedFacts } from './path-facts.ts';
import { haversineMeters, roundTenth } from '../geo.ts';
import { isStepFreeEntrance, type CampusBuilding } from '../campus/buildings.ts';

export const DETOUR_FACTOR = 1.3;
export const OUTDOOR_COST_PREFER_INDOOR = 1.75;

export type OutcomeCounts = Record<RouteStatus, number>;

/** A routed pair of the fastest mode flagged as a detour. */
export interface Detour {
  from: number;
  to: number;
  walkMeters: number;
  straightMeters: number;
}

export interface RouteMatrix {
  n: number;
  modes: RouteMode[];
  data: Float64Array;
  counts: Record<RouteMode, OutcomeCounts>;
  /** Fastest-mode detours, in matrix order. */
  detours: Detour[];
  /** [from * n + to]: edges with recorded stairs (recordedStairs) on the fastest-mode route of a routed pair, else 0. */
  fastestStairs: Int32Array;
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

/** Cost of each edge in a mode; Infinity = not usable (step-free: stairs edges, and edges at a stairs node). */
export function edgeCosts(graph: Pick<CampusGraph, 'edges' | 'nodeKinds'>, mode: RouteMode): Float64Array {
  const stairsNode = (v: number) => graph.nodeKinds[v] === 'stairs';
  return Float64Array.from(graph.edges, (e: GraphEdge) => {
    if (mode === 'prefer-indoor') return e.indoor ? e.meters : e.meters * OUTDOOR_COST_PREFER_INDOOR;
    if (mode === 'step-free') return e.stairs === 'false' && e.accessible && e.verified && !stairsNode(e.from) && !stairsNode(e.to) ? e.meters : Infinity;
    return e.meters;
  });
}

/** Nearest-pair great-circle distance between two buildings' points (Infinity if either has none). */
function nearestPairMeters(a: CampusBuilding, b: CampusBuilding): number {
  let best = Infinity;
  for (const p of a.points) for (const q of b.points) best = Math.min(best, haversineMeters(p, q));
  return best;
}

/** Preference among access kinds at one node: a door at its own node first. */
const ACCESS_RANK: Readonly<Record<AccessKind, number>> = { door: 0, 'snapped-door': 1, approach: 2, point: 3 };

/**
 * Graph nodes where a building joins the graph in a mode, each with how it joins there (the best kind
 * when several do): every access outside step-free mode; in step-free mode only its verified step-free
 * doors at their own nodes (an inferred link is never step-free).
 */
export function accessNodes(b: CampusBuilding, index: number, graph: CampusGraph | null, mode: RouteMode): Map<number, AccessKind> {
  const out = new Map<number, AccessKind>();
  if (!graph) return out;
  const stepFree = new Set(b.entrances.filter(isStepFreeEntrance).map((e) => e.id));
  for (const a of graph.access[index]) {
    if (mode === 'step-free' && !(a.kind === 'door' && stepFree.has(a.entrance!))) continue;
    const had = out.get(a.node);
    if (had === undefined || ACCESS_RANK[a.kind] < ACCESS_RANK[had]) out.set(a.node, a.kind);
  }
  return out;
}

/** Cheapest target node reached (ties → smaller index), or -1. */
export function bestTarget(paths: ShortestPaths, targets: readonly number[]): number {
  let best = -1;
  for (const t of targets) if (paths.dist[t] < Infinity && (best < 0 || paths.dist[t] < paths.dist[best])) best = t;
  return best;
}

/**
 * The matrix of every mode; the walked path of every routed cell goes to `paths` (families 0 … modes − 1,
 * in mode order), where a caller may add more families after them (the step-free candidates).
 */
export function computeRouteMatrix(
  buildings: readonly CampusBuilding[],
  graph: CampusGraph | null,
  paths: PathCollector = new PathCollector(ROUTE_MODES.length, buildings.length, graph),
  modes: RouteMode[] = [...ROUTE_MODES],
): RouteMatrix {
  const n = buildings.length;
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
  const detours: Detour[] = [];
  const fastestStairs = new Int32Array(n * n);

  modes.forEach((mode, m) => {
    const modeCounts: OutcomeCounts = { 'same-building': 0, routed: 0, approximate: 0, unavailable: 0 };
    const costs = graph ? edgeCosts(graph, mode) : null;
    const access = buildings.map((b, i) => accessNodes(b, i, graph, mode));
    const nodes = access.map((a) => [...a.keys()].sort((x, y) => x - y));
    const hasStepFreeEntrance = buildings.map((b) => b.entrances.some(isStepFreeEntrance));
    for (let i = 0; i < n; i++) {
      const tree = graph && costs && nodes[i].length > 0 ? dijkstra(graph, nodes[i], costs) : null;
      for (let j = 0; j < n; j++) {
        let cell: Cell;
        const target = tree ? bestTarget(tree, nodes[j]) : -1;
        if (i === j) cell = SAME_BUILDING;
        else if (target >= 0) {
          const walk = pathNodes(tree!, target);
          const edges = pathEdges(tree!, target);
          cell = routedFacts(graph!, walk, edges, [access[i].get(walk[0])!, access[j].get(target)!]);
          if (mode === 'fastest') fastestStairs[i * n + j] = edges.filter((e) => recordedStairs(graph!, e)).length;
          const straight = approxMeters(i, j);
          if (cell.totalMeters > DETOUR_WARNING_RATIO * straight) {
            cell.flags |= ROUTE_FLAG.DETOUR;
            if (mode === 'fastest') detours.push({ from: i, to: j, walkMeters: cell.totalMeters, straightMeters: roundTenth(straight) });
          }
          paths.add(m, i, j, walk);
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
  return { n, modes, data, counts, detours, fastestStairs };
}
