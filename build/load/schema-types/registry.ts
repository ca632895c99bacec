/* Generated from sources/schemas/registry.schema.json by build/tools/source-types.ts (npm run sources:types). Do not edit. */

/**
 * This interface was referenced by `RegistryFile`'s JSON-Schema
 * via the `definition` "id".
 */
export type Id = string;
/**
 * @minItems 2
 * @maxItems 2
 *
 * This interface was referenced by `RegistryFile`'s JSON-Schema
 * via the `definition` "lonLat".
 */
export type LonLat = [number, number];

export interface RegistryFile {
  defaultUniversity: Id;
  defaultCampus: Id;
  /**
   * @minItems 1
   */
  universities: {
    id: Id;
    name: string;
    shortName: string;
    /**
     * @minItems 1
     */
    campuses: Id[];
    defaultCampus: Id;
  }[];
  /**
   * @minItems 1
   */
  campuses: {
    id: Id;
    universityId: Id;
    name: string;
    shortName: string;
    timeZone: 'America/Toronto' | 'America/Vancouver';
    /**
     * Province whose public holidays apply
     */
    region: 'ON' | 'BC';
    /**
     * [[minLon, minLat], [maxLon, maxLat]]
     *
     * @minItems 2
     * @maxItems 2
     */
    bounds: LonLat[];
    /**
     * published by a source, or derived from the campus's own points
     */
    boundsSource: 'published' | 'derived';
    walkingGraph: boolean;
  }[];
}
