/**
 * The walking graph of one campus in index form, with the building entrances attached to it
 * (BEHAVIOUR §6, §7): an entrance whose graph node has an edge attaches there; otherwise it is linked to
 * the nearest node of the main component when that node is ≤ 50 m away, by an inferred connector (or,
 * at 0 m, at that very node: no zero-length line is made). A building none of whose entrances joins the
 * main component is linked the same way from its location point (an inferred access point). Every way
 * a building joins the graph is one of its `access` points, with what it rests on: a door at its own
 * node, a door linked by inference, or an inferred access point (an approach point or the location).
 */
import type { CampusGraphSource, GraphNodeRow, LonLat, SourceEntrance } from '../../load/source-types.ts';
import { EARTH_RADIUS_M, haversineMeters } from '../geo.ts';

export const SNAP_MAX_METERS = 50;
const METERS_PER_DEGREE_LAT = (EARTH_RADIUS_M * Math.PI) / 180;

export type NodeKind = Exclude<NonNullable<GraphNodeRow['kind']>, '-'>;

/**
 * How a building joins the graph at a node: `door` an entrance at its own graph node; `snapped-door` an
 * entrance linked by inference (≤ 50 m); `approach` an approach point (never a door, BEHAVIOUR §6);
 * `point` the building's location point (≤ 50 m). Only `door` is a verified link.
 */
export type AccessKind = 'door' | 'snapped-door' | 'approach' | 'point';
export interface Access {
  node: number;
  kind: AccessKind;
  /** The entrance (door or approach), null for the location point. */
  entrance: string | null;
}

export interface GraphEdge {
  from: number;
  to: number;
  meters: number;
  indoor: boolean;
  stairs: 'true' | 'false' | 'unknown';
  /** Whether the segment crosses a road, as the source states it ('unknown' when the source has no such column). */
  crossing: 'true' | 'false' | 'unknown';
  accessible: boolean;
  verified: boolean;
  inferred: boolean;
  oneWay: boolean;
  /** The connector from a building's location point (its access point is inferred). */
  accessPoint: boolean;
  /** Source edge id and OSM element ('-' for none); connectors made by the build have id null. */
  id: string | null;
  osm: string;
  /** The source's own path type and native record (edges.tsv pathType, sourceRef), null when not given. */
  pathType: string | null;
  sourceRef: string | null;
}

export interface CampusGraph {
  /** Node ids: the source nodes sorted by id, then one synthetic node per snapped entrance. */
  nodeIds: string[];
  /** [lon, lat] per node, null when unknown. */
  coords: (LonLat | null)[];
  /** What the source says each node is (nodes.tsv `kind`), null when not recorded. */
  nodeKinds: (NodeKind | null)[];
  edges: GraphEdge[];
  /** Outgoing arcs, CSR: arcs of node v are arcStart[v] .. arcStart[v+1]-1. */
  arcStart: Int32Array;
  arcEdge: Int32Array;
  arcTo: Int32Array;
  /** Entrance id → node index where it joins the graph (absent = not attached). */
  attachment: Map<string, number>;
  /** Entrances linked by inference (≤ 50 m). */
  snappedEntrances: number;
  /** Per building (campus order): where it joins the graph (empty: not on it). */
  access: Access[][];
  /** Edges of the source graph (the first edges; connectors follow). */
  sourceEdgeCount: number;
}

/** What the graph needs to know of a building: its entrances (doors and approach points) and its location point. */
export interface GraphBuilding {
  entrances: readonly Pick<SourceEntrance, 'id' | 'kind'>[];
  point: LonLat | null;
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Node indexes of the largest undirected component (ties → the one with the smallest index). */
export function mainComponent(nodeCount: number, edges: readonly { from: number; to: number }[]): Uint8Array {
  const parent = Int32Array.from({ length: nodeCount }, (_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
    return x;
  };
  for (const e of edges) {
    const a = find(e.from);
    const b = find(e.to);
    if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
  }
  const size = new Int32Array(nodeCount);
  for (let v = 0; v < nodeCount; v++) size[find(v)]++;
  let best = -1;
  for (let v = 0; v < nodeCount; v++) if (find(v) === v && (best < 0 || size[v] > size[best])) best = v;
  const inMain = new Uint8Array(nodeCount);
  for (let v = 0; v < nodeCount; v++) inMain[v] = find(v) === best ? 1 : 0;
  return inMain;
}

function buildArcs(nodeCount: number, edges: GraphEdge[]): Pick<CampusGraph, 'arcStart' | 'arcEdge' | 'arcTo'> {
  const degree = new Int32Array(nodeCount + 1);
  for (const e of edges) {
    degree[e.from]++;
    if (!e.oneWay) degree[e.to]++;
  }
  const arcStart = new Int32Array(nodeCount + 1);
  for (let v = 0; v < nodeCount; v++) arcStart[v + 1] = arcStart[v] + degree[v];
  const fill = arcStart.slice(0, nodeCount);
  const arcEdge = new Int32Array(arcStart[nodeCount]);
  const arcTo = new Int32Array(arcStart[nodeCount]);
  edges.forEach((e, i) => {
    arcEdge[fill[e.from]] = i;
    arcTo[fill[e.from]++] = e.to;
    if (!e.oneWay) {
      arcEdge[fill[e.to]] = i;
      arcTo[fill[e.to]++] = e.from;
    }
  });
  return { arcStart, arcEdge, arcTo };
}

/** Builds the indexed graph and attaches the campus's entrances (given in source order). */
export function buildCampusGraph(
  source: CampusGraphSource,
  entrances: readonly SourceEntrance[],
  buildings: readonly GraphBuilding[],
  { linkBuildingPoints = true } = {},
): CampusGraph {
  const ids = new Set<string>(source.nodes?.map((n) => n.id) ?? []);
  for (const e of source.edges) {
    ids.add(e.from);
    ids.add(e.to);
  }
  const nodeIds = [...ids].sort(compareStrings);
  const index = new Map(nodeIds.map((id, i) => [id, i]));
  const coords: (LonLat | null)[] = nodeIds.map(() => null);
  const nodeKinds: (NodeKind | null)[] = nodeIds.map(() => null);
  for (const n of source.nodes ?? []) {
    coords[index.get(n.id)!] = [n.lon, n.lat];
    if (n.kind && n.kind !== '-') nodeKinds[index.get(n.id)!] = n.kind;
  }

  const edges: GraphEdge[] = source.edges.map((e) => ({
    from: index.get(e.from)!,
    to: index.get(e.to)!,
    meters: e.meters,
    indoor: e.environment === 'indoor',
    stairs: e.stairs,
    crossing: e.crossing ?? 'unknown',
    accessible: e.accessibility === 'accessible',
    verified: e.verification === 'verified',
    inferred: e.verification === 'inferred',
    oneWay: e.bidirectional === 'false',
    accessPoint: false,
    id: e.id,
    osm: e.osm,
    pathType: e.pathType && e.pathType !== '-' ? e.pathType : null,
    sourceRef: e.sourceRef && e.sourceRef !== '-' ? e.sourceRef : null,
  }));
  const sourceNodeCount = nodeIds.length;
  const hasEdge = new Uint8Array(sourceNodeCount);
  for (const e of edges) hasEdge[e.from] = hasEdge[e.to] = 1;
  const inMain = mainComponent(sourceNodeCount, edges);
  const mainLocated: number[] = [];
  for (let v = 0; v < sourceNodeCount; v++) if (inMain[v] && coords[v]) mainLocated.push(v);

  /**
   * The nearest located main-component node ≤ 50 m from `point` (or -1): at 0 m that node itself, else a
   * new node at `point` linked to it by an inferred connector.
   */
  const link = (nodeId: string, point: LonLat, accessPoint: boolean): number => {
    let nearest = -1;
    let nearestMeters = Infinity;
    for (const v of mainLocated) {
      // cheap exact skip: the great-circle distance is at least the north-south one
      if (Math.abs(coords[v]![1] - point[1]) * METERS_PER_DEGREE_LAT > nearestMeters + 1e-6) continue;
      const d = haversineMeters(point, coords[v]!);
      if (d < nearestMeters) {
        nearest = v;
        nearestMeters = d;
      }
    }
    if (nearest < 0 || nearestMeters > SNAP_MAX_METERS) return -1;
    if (nearestMeters === 0) return nearest;
    const node = nodeIds.length;
    nodeIds.push(nodeId);
    coords.push(point);
    nodeKinds.push(null);
    edges.push({
      from: node, to: nearest, meters: nearestMeters, indoor: false, stairs: 'unknown', crossing: 'unknown', accessible: false,
      verified: false, inferred: true, oneWay: false, accessPoint, id: null, osm: '-', pathType: null, sourceRef: null,
    });
    return node;
  };

  const attachment = new Map<string, number>();
  const entranceAccess = new Map<string, Access>();
  const onMain = new Set<string>();
  let snappedEntrances = 0;
  for (const ent of entrances) {
    const approach = ent.kind === 'approach';
    const own = ent.graphNode === null ? undefined : index.get(ent.graphNode);
    if (own !== undefined && hasEdge[own]) {
      attachment.set(ent.id, own);
      entranceAccess.set(ent.id, { node: own, kind: approach ? 'approach' : 'door', entrance: ent.id });
      if (inMain[own]) onMain.add(ent.id);
      continue;
    }
    const node = link(`entrance:${ent.id}`, ent.point, false);
    if (node < 0) continue;
    attachment.set(ent.id, node);
    entranceAccess.set(ent.id, { node, kind: approach ? 'approach' : 'snapped-door', entrance: ent.id });
    onMain.add(ent.id);
    snappedEntrances++;
  }
  const access = buildings.map((b, i): Access[] => {
    const own = b.entrances.flatMap((e) => entranceAccess.get(e.id) ?? []);
    if (!linkBuildingPoints || !b.point || b.entrances.some((e) => onMain.has(e.id))) return own;
    const node = link(`building:${i}`, b.point, true);
    return node < 0 ? own : [...own, { node, kind: 'point', entrance: null }];
  });
  return { nodeIds, coords, nodeKinds, edges, ...buildArcs(nodeIds.length, edges), attachment, snappedEntrances, access, sourceEdgeCount: source.edges.length };
}
