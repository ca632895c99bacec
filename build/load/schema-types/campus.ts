/* Generated from sources/schemas/campus.schema.json by build/tools/source-types.ts (npm run sources:types). Do not edit. */

/**
 * This interface was referenced by `CampusFile`'s JSON-Schema
 * via the `definition` "slug".
 */
export type Slug = string;
/**
 * This interface was referenced by `CampusFile`'s JSON-Schema
 * via the `definition` "date".
 */
export type DateText = string;
/**
 * This interface was referenced by `CampusFile`'s JSON-Schema
 * via the `definition` "code".
 */
export type Code = string;
/**
 * @minItems 2
 * @maxItems 2
 *
 * This interface was referenced by `CampusFile`'s JSON-Schema
 * via the `definition` "lonLat".
 */
export type LonLat = [number, number];
/**
 * This interface was referenced by `CampusFile`'s JSON-Schema
 * via the `definition` "verification".
 */
export type Verification = 'verified' | 'inferred' | 'unknown';

export interface CampusFile {
  campus: Slug;
  /**
   * @minItems 1
   */
  sources: Source[];
  buildings: Building[];
  entrances: Entrance[];
  places: Place[];
}
/**
 * This interface was referenced by `CampusFile`'s JSON-Schema
 * via the `definition` "source".
 */
export interface Source {
  id: string;
  title: string | null;
  url: string | null;
  retrievedAt: DateText | null;
  license: string | null;
  attribution: string | null;
  /**
   * the upstream's own status of the source: an official document it checked (verified) or a live service it observed (live-observed)
   */
  status?: 'verified' | 'live-observed';
}
/**
 * This interface was referenced by `CampusFile`'s JSON-Schema
 * via the `definition` "building".
 */
export interface Building {
  code: Code;
  /**
   * official: published by a source; derived: made from the name by the project's rule
   */
  codeSource: 'official' | 'derived';
  sourceSlug: string;
  name: string;
  aliases: string[];
  category: 'academic' | 'residence' | 'facility';
  point: LonLat | null;
  /**
   * footprint-vertex: first vertex of the footprint; approach: mapped pedestrian approach; entrance: a mapped entrance; official-map: a point from an official campus map
   */
  pointKind: 'footprint-vertex' | 'approach' | 'entrance' | 'official-map' | null;
  pointVerification?: Verification;
  hostBuilding?: {
    code: string;
    sourceId: string;
  };
  addresses?: {
    address: string;
    sourceId: string;
  }[];
  /**
   * @minItems 1
   */
  provenance: Provenance[];
}
/**
 * This interface was referenced by `CampusFile`'s JSON-Schema
 * via the `definition` "provenance".
 */
export interface Provenance {
  sourceId: string;
  nativeId: string | null;
  verification: Verification;
  lastVerified?: DateText;
}
/**
 * This interface was referenced by `CampusFile`'s JSON-Schema
 * via the `definition` "entrance".
 */
export interface Entrance {
  id: string;
  building: Code;
  /**
   * entrance: a door; approach: a mapped pedestrian approach point
   */
  kind: 'entrance' | 'approach';
  point: LonLat;
  /**
   * whether the door is open to the public; says nothing about steps
   */
  access: 'public' | 'restricted' | 'unknown';
  stepFree: 'accessible' | 'not_accessible' | 'unknown';
  verification: Verification;
  osm: string | null;
  graphNode: string | null;
  /**
   * @minItems 1
   */
  provenance: {
    sourceId: string;
    nativeId: string | null;
    lastVerified?: DateText;
  }[];
  /**
   * whether the door has a power (automatic) opener as the source records it; null = not recorded; absent = the source has no such field
   */
  powerDoor?: boolean | null;
}
/**
 * This interface was referenced by `CampusFile`'s JSON-Schema
 * via the `definition` "place".
 */
export interface Place {
  id: Slug;
  name: string;
  kind: 'dining' | 'study' | 'library' | 'service' | 'recreation' | 'amenity' | 'facility';
  building: Code;
  amenities: string[];
  /**
   * listed: named by a source as a place; building-name: the official building name states its kind
   */
  origin: 'listed' | 'building-name';
  hours: Hours | null;
  publishedHours?: PublishedHours;
  /**
   * @minItems 1
   */
  provenance: Provenance[];
}
/**
 * Opening hours as an OpenStreetMap opening_hours string (documented subset) with their own provenance
 *
 * This interface was referenced by `CampusFile`'s JSON-Schema
 * via the `definition` "hours".
 */
export interface Hours {
  openingHours: string;
  sourceId: string;
  sourceUrl?: string;
  observedAt: DateText;
  verification: Verification;
  expiresAt?: DateText;
  validForDays?: number;
}
/**
 * Opening hours as the place's owner publishes them, in free text, without a validity period (a standing weekly schedule): kept verbatim; the build reads it into opening hours only when every part of it is understood (BEHAVIOUR §9)
 *
 * This interface was referenced by `CampusFile`'s JSON-Schema
 * via the `definition` "publishedHours".
 */
export interface PublishedHours {
  text: string;
  sourceId: string;
  nativeId: string | null;
  /**
   * when the owner last edited the record that holds the text
   */
  lastEdited: string;
}
