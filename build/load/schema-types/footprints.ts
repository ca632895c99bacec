/* Generated from sources/schemas/footprints.schema.json by build/tools/source-types.ts (npm run sources:types). Do not edit. */

/**
 * @minItems 2
 * @maxItems 2
 *
 * This interface was referenced by `FootprintsFile`'s JSON-Schema
 * via the `definition` "position".
 */
export type Position = [number, number];
/**
 * a closed linear ring: at least 4 positions, the last equal to the first
 *
 * @minItems 4
 *
 * This interface was referenced by `FootprintsFile`'s JSON-Schema
 * via the `definition` "ring".
 */
export type Ring = Position[];
/**
 * outer ring first, then holes
 *
 * @minItems 1
 *
 * This interface was referenced by `FootprintsFile`'s JSON-Schema
 * via the `definition` "polygon".
 */
export type Polygon = Ring[];

export interface FootprintsFile {
  type: 'FeatureCollection';
  campus: string;
  features: Footprint[];
}
/**
 * This interface was referenced by `FootprintsFile`'s JSON-Schema
 * via the `definition` "footprint".
 */
export interface Footprint {
  type: 'Feature';
  /**
   * the building's code in campuses/<campus>.json
   */
  id: string;
  properties: {
    sourceId: string;
    nativeId: string | null;
    verification: 'verified' | 'inferred' | 'unknown';
    lastVerified?: string;
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
