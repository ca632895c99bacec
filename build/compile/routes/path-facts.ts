/**
 * The facts of one walked path (BEHAVIOUR §7), from its nodes and edges in walking order and how its
 * two ends join the graph: metres, fixed delays, the verification of what it rests on, and the flags
 * behind its warnings.
 *
 * Stairs are known only where a source records them: an edge with stairs `true`, or a node the source
 * calls `stairs` (UTM); a path through either uses stairs. Crossings: a crosswalk node or an edge with
 * crossing `true` is a crossing element; a run of consecutive crossing elements is one crossing (the
 * nodes of one crosswalk, or a crossing split into several edges) and costs SECONDS_PER_CROSSING.
 */
import { ROUTE_FLAG } from '../../../runtime/domain/types.ts';
import type { RouteFacts } from '../../../runtime/contract/index.ts';
import type { AccessKind, CampusGraph, GraphEdge } from './graph.ts';
import { roundTenth } from '../geo.ts';

export const SECONDS_PER_EXIT_OR_ENTRY = 10;
export const SECONDS_PER_CROSSING = 15;
export const SECONDS_PER_FLOOR_BY_STAIRS = 20;
/** A routed pair leaves one building and enters another. */
export const BUILDING_DELAY = 2 * SECONDS_PER_EXIT_OR_ENTRY;

/** Flags of a path end by how its building joins the graph (only a door at its own node is a verified link). */
export const ACCESS_FLAGS: Readonly<Record<AccessKind, number>> = {
  door: 0,
  'snapped-door': ROUTE_FLAG.INFERRED_CONNECTOR,
  approach: ROUTE_FLAG.INFERRED_ACCESS_POINT,
  point: ROUTE_FLAG.INFERRED_ACCESS_POINT,
};

/**
 * Crossings along a path: elements in walking order are node, edge, node, …, node; two crossing
 * elements with at most one other element between them belong to the same crossing.
 */
export function crossingCount(graph: CampusGraph, nodes: readonly number[], edges: readonly number[]): number {
  let count = 0;
  let last = -Infinity;
  const mark = (position: number) => {
    if (position - last > 2) count++;
    last = position;
  };
  for (let k = 0; k < nodes.length; k++) {
    if (graph.nodeKinds[nodes[k]] === 'crosswalk') mark(2 * k);
    if (k < edges.length && graph.edges[edges[k]].crossing === 'true') mark(2 * k + 1);
  }
  return count;
}

/** Whether the path passes a node the source records as stairs. */
export function passesStairs(graph: CampusGraph, nodes: readonly number[]): boolean {
  return nodes.some((v) => graph.nodeKinds[v] === 'stairs');
}

/**
 * Facts of a mapped path. `ends`: the access kinds of its first and last node; an end that is not a
 * door at its own node is an inferred link, so the route is then at best `mixed`.
 */
export function routedFacts(graph: CampusGraph, nodes: readonly number[], edgeIndexes: readonly number[], ends: readonly [AccessKind, AccessKind]): RouteFacts {
  let indoor = 0;
  let outdoor = 0;
  let verified = 0;
  let flags = ACCESS_FLAGS[ends[0]] | ACCESS_FLAGS[ends[1]];
  for (const k of edgeIndexes) {
    const e: GraphEdge = graph.edges[k];
    if (e.indoor) indoor += e.meters;
    else outdoor += e.meters;
    if (e.verified) verified++;
    if (e.stairs === 'true') flags |= ROUTE_FLAG.STAIRS;
    if (e.stairs === 'unknown') flags |= ROUTE_FLAG.STAIRS_UNKNOWN;
    if (!e.accessible) flags |= ROUTE_FLAG.ACCESSIBILITY_UNVERIFIED;
    if (e.inferred) flags |= e.accessPoint ? ROUTE_FLAG.INFERRED_ACCESS_POINT : ROUTE_FLAG.INFERRED_CONNECTOR;
    if (e.oneWay) flags |= ROUTE_FLAG.ONE_WAY;
  }
  if (passesStairs(graph, nodes)) flags |= ROUTE_FLAG.STAIRS;
  const crossings = crossingCount(graph, nodes, edgeIndexes);
  if (crossings > 0) flags |= ROUTE_FLAG.CROSSING;
  const floorChanges = 0; // no floor data in the sources
  const inferredEnds = ends.some((k) => k !== 'door');
  return {
    outcome: 'routed',
    totalMeters: roundTenth(indoor + outdoor),
    indoorMeters: roundTenth(indoor),
    outdoorMeters: roundTenth(outdoor),
    delaySeconds: BUILDING_DELAY + crossings * SECONDS_PER_CROSSING + floorChanges * SECONDS_PER_FLOOR_BY_STAIRS,
    floorChanges,
    verification: verified === edgeIndexes.length && !inferredEnds ? 'verified' : verified > 0 ? 'mixed' : 'inferred',
    flags,
  };
}

/** Whether walking edge `e` means walking stairs the source records (the edge's stairs, or a stairs node on it). */
export function recordedStairs(graph: Pick<CampusGraph, 'edges' | 'nodeKinds'>, e: number): boolean {
  const edge = graph.edges[e];
  return edge.stairs === 'true' || graph.nodeKinds[edge.from] === 'stairs' || graph.nodeKinds[edge.to] === 'stairs';
}
