/**
 * The walking-graph tables of the one-off reference importer (import-reference.ts): a reference graph's
 * edge and node rows in the project's columns (sources/schemas/graph.schema.json). A record id in the
 * `osm` column that is not an OpenStreetMap element (Waterloo's `inferred/…` connectors and footprint
 * access points) is the source's own id: kept as `sourceRef`, with `osm` '-'. Optional columns
 * (`kind`, `sourceRef`) are written only for graphs that have them.
 */
import { isOsmElement } from '../compile/campus/provenance.ts';

type Row = Record<string, string>;

const EDGE_COLUMNS = ['id', 'from', 'to', 'meters', 'environment', 'stairs', 'bidirectional', 'accessibility', 'verification', 'osm'];
const NODE_COLUMNS = ['id', 'lon', 'lat', 'osm'];

/** The column when some row has a value in it. */
const optional = (rows: Row[], col: string) => (rows.some((r) => r[col] !== undefined && r[col] !== '-') ? [col] : []);
const nativeRef = (row: Row): Row => (isOsmElement(row.osm) || row.osm === '-' ? { osm: row.osm } : { osm: '-', sourceRef: row.osm });

function table(rows: Row[], cols: string[]): string {
  const cell = (r: Row, c: string) => (c === 'verification' && r[c] === 'source-backed' ? 'verified' : (r[c] ?? '-'));
  return [cols.join('\t'), ...rows.map((r) => cols.map((c) => cell(r, c)).join('\t'))].join('\n') + '\n';
}

/**
 * `projectColumns`: the rows already have the project's edge columns (UTM's file); otherwise the reference's
 * (`mode`, no stairs, direction or accessibility: stairs unknown, two-way as the meta says, unknown).
 */
export function graphTables(edgeRows: Row[], nodeRows: Row[], projectColumns: boolean): { edges: Row[]; edgesTsv: string; nodesTsv: string } {
  const edges = edgeRows.map((e) => ({
    ...(projectColumns
      ? e
      : {
          id: e.id, from: e.from, to: e.to, meters: e.meters,
          environment: e.mode === 'outdoor-walk' ? 'outdoor' : e.mode,
          stairs: 'unknown', bidirectional: 'true', accessibility: 'unknown',
          verification: e.verification === 'source-backed' ? 'verified' : e.verification,
        }),
    ...nativeRef(e),
  }));
  const nodes = nodeRows.map((n) => ({ ...n, ...nativeRef(n) }));
  return {
    edges,
    edgesTsv: table(edges, [...EDGE_COLUMNS, ...optional(edges, 'sourceRef')]),
    nodesTsv: table(nodes, [...NODE_COLUMNS, ...optional(nodes, 'kind'), ...optional(nodes, 'sourceRef')]),
  };
}
