/**
 * A general importer of a path network published as GeoJSON lines (LineString / MultiLineString
 * features) into walking-graph rows of `sources/graphs/<campus>/` (edges.tsv, nodes.tsv). Pure: the
 * caller reads the file and writes the rows. What a source's attributes mean is the caller's mapping
 * (`NetworkMapping`); the noding is the same for every source:
 *
 * - positions are rounded to 7 decimals (≈ 1 cm); a node is one such position;
 * - lines are noded where they share an end point, and where an end point of one line lies on a vertex
 *   of another (that line is split there); two lines that merely share an interior vertex, or cross
 *   between vertices, are NOT joined (an overpass is not an intersection), so such a vertex becomes
 *   one node per occurrence (id suffixed with the record and vertex);
 * - every vertex is a node and every pair of consecutive vertices an edge, so route geometry and the
 *   map follow the published lines exactly; node ids are derived from the coordinates, so the same
 *   input gives byte-identical rows.
 *
 * A feature the mapping leaves out is counted by reason; a feature that cannot be read (no or a broken
 * geometry, an attribute the mapping does not understand) is left out whole and reported as
 * `file#record: reason` — never half-imported, never a crash.
 */
import type { GraphEdgeRow, GraphNodeRow, LonLat } from '../load/source-types.ts';
import { haversineMeters, round7 } from '../compile/geo.ts';

/** What a source says about each segment of one of its lines. */
export interface SegmentFacts {
  environment: GraphEdgeRow['environment'];
  stairs: GraphEdgeRow['stairs'];
  crossing: NonNullable<GraphEdgeRow['crossing']>;
  accessibility: GraphEdgeRow['accessibility'];
  verification: GraphEdgeRow['verification'];
  /** both: walkable both ways; forward / backward: only along / against the digitised order. */
  direction: 'both' | 'forward' | 'backward';
  /** The source's own classification as published (e.g. Sidewalk), or null. */
  pathType: string | null;
}

export type Properties = Record<string, unknown>;

/** How one source's features become walking edges. */
export interface NetworkMapping {
  /** File name used in `sourceRef` (`file#record`) and in messages. */
  file: string;
  /** Prefixes of node ids (followed by `lon,lat`) and edge ids (followed by `record.segment`). */
  nodePrefix: string;
  edgePrefix: string;
  /** The native id of a feature (default: its index in the file). */
  recordId?: (feature: { id?: unknown; properties: Properties }, index: number) => string;
  /** Why the feature is not part of the walking network (e.g. closed to walkers), or null. */
  exclude: (properties: Properties) => string | null;
  /** The facts of the feature's segments, or why its attributes cannot be read. */
  facts: (properties: Properties) => SegmentFacts | string;
}

export type NetworkEdgeRow = Required<Pick<GraphEdgeRow, 'crossing' | 'pathType' | 'sourceRef'>> & GraphEdgeRow;
export type NetworkNodeRow = Omit<GraphNodeRow, 'kind'>;

export interface NetworkImport {
  edges: NetworkEdgeRow[];
  nodes: NetworkNodeRow[];
  /** `file#record: reason`, in file order. */
  problems: string[];
  /** Features left out by the mapping, per reason. */
  excluded: Record<string, number>;
  stats: { features: number; imported: number; endPoints: number; splitAtEndPoints: number; unjoinedSharedVertices: number };
}

/** Largest length of one edge the graph schema accepts. */
const MAX_EDGE_METERS = 5000;
const key = (p: LonLat) => `${p[0].toFixed(7)},${p[1].toFixed(7)}`;

/** The id of the node at `p` where it is a junction or a vertex of one line only (what a caller may join to, e.g. a door's point). */
export const nodeIdAt = (mapping: Pick<NetworkMapping, 'nodePrefix'>, p: LonLat): string => mapping.nodePrefix + key(p);

/** The lines of a geometry as rounded positions without repeats, or why it cannot be read. */
export function readLines(geometry: unknown): LonLat[][] | string {
  if (geometry === null || typeof geometry !== 'object') return 'no geometry';
  const g = geometry as { type?: unknown; coordinates?: unknown };
  let parts: unknown[];
  if (g.type === 'LineString') parts = [g.coordinates];
  else if (g.type === 'MultiLineString' && Array.isArray(g.coordinates)) parts = g.coordinates;
  else return `geometry type ${JSON.stringify(g.type)} is not a LineString or MultiLineString`;
  if (parts.length === 0) return 'MultiLineString without lines';
  const lines: LonLat[][] = [];
  for (const [j, part] of parts.entries()) {
    const where = parts.length > 1 ? `line ${j}: ` : '';
    if (!Array.isArray(part)) return `${where}coordinates are not an array of positions`;
    const line: LonLat[] = [];
    for (const [k, pos] of part.entries()) {
      if (!Array.isArray(pos) || pos.length < 2 || !pos.every((v) => typeof v === 'number' && Number.isFinite(v))) {
        return `${where}position ${k} is not [lon, lat] in numbers`;
      }
      const [lon, lat] = pos as number[];
      if (lon < -180 || lon > 180 || lat < -90 || lat > 90) return `${where}position ${k} [${lon}, ${lat}] is outside WGS 84 lon/lat`;
      const p: LonLat = [round7(lon), round7(lat)];
      const last = line[line.length - 1];
      if (!last || last[0] !== p[0] || last[1] !== p[1]) line.push(p);
    }
    if (line.length < 2) return `${where}fewer than 2 distinct positions`;
    lines.push(line);
  }
  return lines;
}

interface ReadFeature {
  record: string;
  facts: SegmentFacts;
  lines: LonLat[][];
}

export function importLineNetwork(collection: unknown, mapping: NetworkMapping): NetworkImport {
  const problems: string[] = [];
  const excluded: Record<string, number> = {};
  const features = (collection as { features?: unknown } | null)?.features;
  if ((collection as { type?: unknown } | null)?.type !== 'FeatureCollection' || !Array.isArray(features)) {
    problems.push(`${mapping.file}: not a GeoJSON FeatureCollection with a features array`);
    return { edges: [], nodes: [], problems, excluded, stats: { features: 0, imported: 0, endPoints: 0, splitAtEndPoints: 0, unjoinedSharedVertices: 0 } };
  }

  // 1. Read every feature; leave out what the mapping excludes and what cannot be read.
  const read: ReadFeature[] = [];
  const records = new Set<string>();
  features.forEach((f: unknown, index: number) => {
    const feature = (f ?? {}) as { id?: unknown; properties?: unknown; geometry?: unknown };
    const properties = (feature.properties && typeof feature.properties === 'object' ? feature.properties : {}) as Properties;
    const record = mapping.recordId ? mapping.recordId({ id: feature.id, properties }, index) : String(index);
    const where = `${mapping.file}#${record}`;
    if (records.has(record)) return void problems.push(`${where}: record id is not unique`);
    records.add(record);
    const reason = mapping.exclude(properties);
    if (reason !== null) return void (excluded[reason] = (excluded[reason] ?? 0) + 1);
    const lines = readLines(feature.geometry);
    if (typeof lines === 'string') return void problems.push(`${where}: ${lines}`);
    const facts = mapping.facts(properties);
    if (typeof facts === 'string') return void problems.push(`${where}: ${facts}`);
    if (facts.pathType !== null && (facts.pathType === '' || /[\t\n\r]/.test(facts.pathType))) {
      return void problems.push(`${where}: path type ${JSON.stringify(facts.pathType)} is empty or holds a tab or line break`);
    }
    read.push({ record, facts, lines });
  });

  // 2. Junctions: every end point. An interior vertex at a junction splits its line there.
  const junctions = new Set<string>();
  for (const f of read) for (const line of f.lines) for (const p of [line[0], line[line.length - 1]]) junctions.add(key(p));
  const interiorCount = new Map<string, number>();
  for (const f of read) {
    for (const line of f.lines) {
      for (let k = 1; k < line.length - 1; k++) {
        const id = key(line[k]);
        interiorCount.set(id, (interiorCount.get(id) ?? 0) + 1);
      }
    }
  }
  let splitAtEndPoints = 0;
  let unjoinedSharedVertices = 0;
  for (const [id, count] of interiorCount) {
    if (junctions.has(id)) splitAtEndPoints++;
    else if (count > 1) unjoinedSharedVertices++;
  }

  // 3. Nodes and edges.
  const nodes = new Map<string, LonLat>();
  const edges: NetworkEdgeRow[] = [];
  for (const f of read) {
    let segment = 0;
    const where = `${mapping.file}#${f.record}`;
    const rows: NetworkEdgeRow[] = [];
    const ids: string[][] = f.lines.map((line, j) =>
      line.map((p, k) => {
        const at = key(p);
        const interior = k > 0 && k < line.length - 1;
        // a vertex shared only by interior vertices is not a junction: one node per occurrence
        return mapping.nodePrefix + (interior && !junctions.has(at) && interiorCount.get(at)! > 1 ? `${at}~${f.record}.${j}.${k}` : at);
      }),
    );
    let broken: string | null = null;
    f.lines.forEach((line, j) => {
      line.forEach((p, k) => nodes.set(ids[j][k], p));
      for (let k = 0; k + 1 < line.length; k++) {
        const meters = Math.round(haversineMeters(line[k], line[k + 1]) * 100) / 100;
        if (meters > MAX_EDGE_METERS) broken ??= `segment ${segment} is ${meters} m long (more than ${MAX_EDGE_METERS} m between two vertices)`;
        const [a, b] = f.facts.direction === 'backward' ? [ids[j][k + 1], ids[j][k]] : [ids[j][k], ids[j][k + 1]];
        rows.push({
          id: `${mapping.edgePrefix}${f.record}.${segment++}`,
          from: a,
          to: b,
          meters: Math.max(meters, 0.01),
          environment: f.facts.environment,
          stairs: f.facts.stairs,
          bidirectional: f.facts.direction === 'both' ? 'true' : 'false',
          accessibility: f.facts.accessibility,
          verification: f.facts.verification,
          osm: '-',
          crossing: f.facts.crossing,
          pathType: f.facts.pathType ?? '-',
          sourceRef: where,
        });
      }
    });
    if (broken) problems.push(`${where}: ${broken}`);
    else edges.push(...rows);
  }
  const used = new Set(edges.flatMap((e) => [e.from, e.to]));
  const nodeRows = [...nodes]
    .filter(([id]) => used.has(id))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([id, [lon, lat]]) => ({ id, lon, lat, osm: '-' }));
  const imported = new Set(edges.map((e) => e.sourceRef)).size;
  return {
    edges,
    nodes: nodeRows,
    problems,
    excluded,
    stats: { features: features.length, imported, endPoints: junctions.size, splitAtEndPoints, unjoinedSharedVertices },
  };
}

/** Edge columns in file order: the project's columns, then the optional ones this importer fills. */
export const NETWORK_EDGE_COLUMNS = [
  'id', 'from', 'to', 'meters', 'environment', 'stairs', 'bidirectional', 'accessibility', 'verification', 'osm', 'crossing', 'pathType', 'sourceRef',
] as const;
export const NETWORK_NODE_COLUMNS = ['id', 'lon', 'lat', 'osm'] as const;

/** A TSV text of rows in the given columns (values must hold no tab or newline). */
export function tsvText<R extends object>(columns: readonly (keyof R & string)[], rows: readonly R[]): string {
  const cell = (v: unknown) => {
    const s = String(v);
    if (/[\t\n\r]/.test(s)) throw new Error(`a TSV value holds a tab or newline: ${JSON.stringify(s)}`);
    return s;
  };
  return [columns.join('\t'), ...rows.map((r) => columns.map((c) => cell(r[c])).join('\t'))].join('\n') + '\n';
}
