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
  /**
   * great-circle length between the endpoints; 0 only where the source joins two nodes at one position (the build checks it)
   */
  meters: number;
  environment: 'outdoor' | 'indoor';
  stairs: 'true' | 'false' | 'unknown';
  bidirectional: 'true' | 'false';
  accessibility: 'accessible' | 'not_accessible' | 'unknown';
  verification: 'verified' | 'inferred' | 'unknown';
  osm: string;
  /**
   * optional column: whether the segment crosses a road as the source states it (e.g. a crosswalk); absent or unknown = not recorded
   */
  crossing?: 'true' | 'false' | 'unknown';
  /**
   * optional column: the source's own classification of the segment as published (e.g. Sidewalk, Crosswalk); '-' = none given
   */
  pathType?: string;
  /**
   * optional column: the source's native id of the record the segment comes from when it is not an OpenStreetMap element (e.g. file#feature); '-' = none
   */
  sourceRef?: string;
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
  /**
   * optional column: what the source says the node is; '-' = not recorded
   */
  kind?: '-' | 'path-intersection' | 'crosswalk' | 'stairs' | 'building-entrance';
  /**
   * optional column: the source's native id of the node's record when it is not an OpenStreetMap node (e.g. a point the source derived from a footprint); '-' = none
   */
  sourceRef?: string;
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
  /**
   * where the node coordinates were read, when not with the edges (repository/path@commit)
   */
  nodesOrigin?: string;
  license: string;
  retrievedAt: string | null;
  /**
   * the date of the graph's facts as its source states it (e.g. the date of the published version read), when that differs from the retrieval
   */
  lastVerified?: string;
  /**
   * per-edge: the bidirectional column is a fact of the source; assumed-bidirectional: the source gives no direction and every edge is taken as two-way
   */
  direction: 'per-edge' | 'assumed-bidirectional';
}
