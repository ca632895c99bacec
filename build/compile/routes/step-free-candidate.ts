/**
 * Step-free candidates (BEHAVIOUR §7, issue 24): for every ordered building pair whose step-free route is
 * `unavailable`, the shortest path that uses no segment with recorded stairs (unknown stairs allowed),
 * from a door of the first building to a door of the second that is not recorded as not-step-free; doors
 * recorded step-free are preferred (both ends, then one end, then none; the shortest path within a rank).
 * Computed only where the campus's graph records stairs at all: elsewhere "avoids every recorded stair"
 * would say nothing, so the campus has no candidates.
 */
import { newCandidates, writeCandidate, readRouteCell, type CandidateCell } from '../../../runtime/contract/index.ts';
import { OUTCOME } from '../../../runtime/domain/types.ts';
import type { SourceEntrance } from '../../load/source-types.ts';
import { entrancesInRecordOrder, isStepFreeEntrance, type CampusBuilding } from '../campus/buildings.ts';
import type { AccessKind, CampusGraph } from './graph.ts';
import type { PathCollector } from './paths.ts';
import { bestTarget, type RouteMatrix } from './route-matrix.ts';
import { recordedStairs, routedFacts } from './path-facts.ts';
import { dijkstra, pathEdges, pathNodes, type ShortestPaths } from './shortest-paths.ts';

export interface StepFreeCandidates {
  n: number;
  /** runtime/contract/candidates.ts layout. */
  data: Float64Array;
  /** Ordered pairs with a step-free outcome `unavailable`, and those of them with a candidate. */
  unavailablePairs: number;
  withCandidate: number;
  /** Median of (candidate metres − fastest route metres) over the pairs with a candidate and a routed fastest route, or null. */
  medianExtraMeters: number | null;
}

/** Whether the campus's graph records stairs anywhere (else it has no candidates). */
export function graphRecordsStairs(graph: CampusGraph | null): graph is CampusGraph {
  return graph !== null && (graph.edges.some((e) => e.stairs === 'true') || graph.nodeKinds.includes('stairs'));
}

/** A door of a building usable by a candidate: a real entrance (not an approach point) not recorded as not-step-free, on the graph. */
function usableDoor(graph: CampusGraph, e: SourceEntrance): boolean {
  return e.kind === 'entrance' && e.stepFree !== 'not_accessible' && graph.attachment.has(e.id);
}

/** The doors of one building where a candidate may start or end. */
interface Doors {
  /** Graph nodes of doors recorded step-free, and of every usable door (sorted, unique). */
  stepFreeNodes: number[];
  anyNodes: number[];
  /** Node → index (artifact order) of the door used there: a recorded step-free one first, then the smallest id. */
  doorAt: Map<number, number>;
  /** Node → how that door joins the graph (at its own node, or by an inferred ≤ 50 m link). */
  kindAt: Map<number, AccessKind>;
}

function doorsOf(graph: CampusGraph, b: CampusBuilding, index: number): Doors {
  const doorAt = new Map<number, number>();
  const kindAt = new Map<number, AccessKind>();
  const stepFree = new Set<number>();
  const kindOf = new Map(graph.access[index].filter((a) => a.entrance !== null).map((a) => [a.entrance!, a.kind]));
  entrancesInRecordOrder(b).forEach((e, k) => {
    if (!usableDoor(graph, e)) return;
    const v = graph.attachment.get(e.id)!;
    const kind = kindOf.get(e.id) ?? 'snapped-door';
    if (kindAt.get(v) !== 'door') kindAt.set(v, kind);
    if (isStepFreeEntrance(e)) {
      if (!stepFree.has(v)) doorAt.set(v, k);
      stepFree.add(v);
    } else if (!doorAt.has(v)) doorAt.set(v, k);
  });
  const sorted = (xs: Iterable<number>) => [...xs].sort((x, y) => x - y);
  return { stepFreeNodes: sorted(stepFree), anyNodes: sorted(doorAt.keys()), doorAt, kindAt };
}

/** The chosen path: tree and target, preferring recorded step-free doors, then the shorter walk. */
function choosePath(
  fromStepFree: ShortestPaths | null,
  fromAny: ShortestPaths | null,
  to: Doors,
): { tree: ShortestPaths; target: number } | null {
  const reach = (tree: ShortestPaths | null, targets: number[]) => {
    const target = tree ? bestTarget(tree, targets) : -1;
    return target < 0 ? null : { tree: tree!, target, meters: tree!.dist[target] };
  };
  const both = reach(fromStepFree, to.stepFreeNodes);
  if (both) return both;
  // One end recorded step-free: whichever is shorter (ties: the start door).
  const start = reach(fromStepFree, to.anyNodes);
  const end = reach(fromAny, to.stepFreeNodes);
  if (start || end) return !end || (start && start.meters <= end.meters) ? start : end;
  return reach(fromAny, to.anyNodes);
}

/** The candidates of every pair; their walked paths go to family `family` of `paths`. */
export function computeStepFreeCandidates(
  buildings: readonly CampusBuilding[],
  graph: CampusGraph,
  matrix: RouteMatrix,
  paths: PathCollector,
  family: number,
): StepFreeCandidates {
  const n = buildings.length;
  const data = newCandidates(n);
  const stepFreeMode = matrix.modes.indexOf('step-free');
  const fastestMode = matrix.modes.indexOf('fastest');
  if (stepFreeMode < 0 || fastestMode < 0) throw new Error('step-free candidates need the fastest and step-free route matrices');
  const extra: number[] = [];
  const costs = Float64Array.from(graph.edges, (e, k) => (recordedStairs(graph, k) ? Infinity : e.meters));
  const doors = buildings.map((b, i) => doorsOf(graph, b, i));
  const isUnavailable = (i: number, j: number) =>
    OUTCOME[readRouteCell(matrix.data, n, stepFreeMode, i, j).outcome] === 'unavailable';
  let unavailablePairs = 0;
  let withCandidate = 0;
  for (let i = 0; i < n; i++) {
    const from = doors[i];
    const fromStepFree = from.stepFreeNodes.length ? dijkstra(graph, from.stepFreeNodes, costs) : null;
    const fromAny = from.anyNodes.length ? dijkstra(graph, from.anyNodes, costs) : null;
    for (let j = 0; j < n; j++) {
      if (i === j || !isUnavailable(i, j)) continue;
      unavailablePairs++;
      const chosen = choosePath(fromStepFree, fromAny, doors[j]);
      if (!chosen) continue;
      const edges = pathEdges(chosen.tree, chosen.target);
      const walk = pathNodes(chosen.tree, chosen.target);
      const facts = routedFacts(graph, walk, edges, [from.kindAt.get(walk[0])!, doors[j].kindAt.get(chosen.target)!]);
      const cell: CandidateCell = {
        totalMeters: facts.totalMeters,
        delaySeconds: facts.delaySeconds,
        segments: edges.length,
        segmentsWithoutStepFreeFact: edges.filter((e) => !graph.edges[e].accessible).length,
        stairsAvoided: matrix.fastestStairs[i * n + j],
        fromEntrance: from.doorAt.get(walk[0])!,
        toEntrance: doors[j].doorAt.get(chosen.target)!,
        flags: facts.flags,
      };
      writeCandidate(data, n, i, j, cell);
      const fastestCell = readRouteCell(matrix.data, n, fastestMode, i, j);
      if (OUTCOME[fastestCell.outcome] === 'routed') extra.push(cell.totalMeters - fastestCell.totalMeters);
      paths.add(family, i, j, walk);
      withCandidate++;
    }
  }
  extra.sort((a, b) => a - b);
  const medianExtraMeters = extra.length === 0 ? null : Math.round(((extra[(extra.length - 1) >> 1] + extra[extra.length >> 1]) / 2) * 10) / 10;
  return { n, data, unavailablePairs, withCandidate, medianExtraMeters };
}
