/* Generated from sources/schemas/graph.schema.json by build/tools/source-types.ts (npm run sources:types). Do not edit. */

export interface GraphRows {
  [k: string]: unknown;
}
/**
 * This interface was referenced by `GraphRows`'s JSON-Schema
 * via the `definition` "edge".
 */
export interface Edge {
  id: string;
  from: string;
  to: string;
  meters: number;
  environment: 'outdoor' | 'indoor';
  stairs: 'true' | 'false' | 'unknown';
  bidirectional: 'true' | 'false';
  accessibility: 'accessible' | 'not_accessible' | 'unknown';
  verification: 'verified' | 'inferred' | 'unknown';
  osm: string;
}
/**
 * This interface was referenced by `GraphRows`'s JSON-Schema
 * via the `definition` "node".
 */
export interface Node {
  id: string;
  lon: number;
  lat: number;
  osm: string;
}
/**
 * This interface was referenced by `GraphRows`'s JSON-Schema
 * via the `definition` "meta".
 */
export interface Meta {
  campus: string;
  sourceId: string;
  /**
   * where the graph was read (repository/path@commit)
   */
  origin?: string;
  license: string;
  retrievedAt: string | null;
  /**
   * per-edge: the bidirectional column is a fact of the source; assumed-bidirectional: the source gives no direction and every edge is taken as two-way
   */
  direction: 'per-edge' | 'assumed-bidirectional';
}
