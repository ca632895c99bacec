/* Generated from sources/schemas/footprint.schema.json by build/tools/source-types.ts (npm run sources:types). Do not edit. */

/**
 * @minItems 2
 * @maxItems 2
 *
 * This interface was referenced by `FootprintFile`'s JSON-Schema
 * via the `definition` "position".
 */
export type Position = [number, number];
/**
 * closed: the first position repeated last (the build checks it, and that the ring is simple)
 *
 * @minItems 4
 *
 * This interface was referenced by `FootprintFile`'s JSON-Schema
 * via the `definition` "ring".
 */
export type Ring = Position[];
/**
 * outer ring first, then holes
 *
 * @minItems 1
 *
 * This interface was referenced by `FootprintFile`'s JSON-Schema
 * via the `definition` "polygon".
 */
export type Polygon = Ring[];

export interface FootprintFile {
  type: 'FeatureCollection';
  campus: string;
  features: Outline[];
}
/**
 * This interface was referenced by `FootprintFile`'s JSON-Schema
 * via the `definition` "outline".
 */
export interface Outline {
  type: 'Feature';
  /**
   * the outline's id in the source file
   */
  id: string;
  properties: {
    /**
     * code of the building in campuses/<campus>.json
     */
    building: string;
    /**
     * @minItems 1
     */
    provenance: Ref[];
    /**
     * where the outline was read (repository/path@commit)
     */
    origin: string;
  };
  geometry:
    | {
        type: 'Polygon';
        coordinates: Polygon;
      }
    | {
        type: 'MultiPolygon';
        /**
         * @minItems 1
         */
        coordinates: Polygon[];
      };
}
/**
 * This interface was referenced by `FootprintFile`'s JSON-Schema
 * via the `definition` "ref".
 */
export interface Ref {
  /**
   * a source of the campus file
   */
  sourceId: string;
  /**
   * the outline's record in that source (e.g. way/123), or null when the source does not say
   */
  nativeId: string | null;
  verification: 'verified' | 'inferred' | 'unknown';
  lastVerified?: string;
}
