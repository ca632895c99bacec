/**
 * Types shared by build and runtime: the API records of SPEC §2 / BEHAVIOUR and the value lists
 * stored in artifacts. The artifact files themselves are described in runtime/contract/.
 */

// Value lists: each declared once as an `as const` array; the types below and the JSON Schemas
// (runtime/schemas/), query whitelists and OpenAPI enums derive from them.
export const VERIFICATIONS = ['verified', 'inferred', 'unknown'] as const;
export type Verification = (typeof VERIFICATIONS)[number];
export const BUILDING_CATEGORIES = ['academic', 'residence', 'facility'] as const;
export type Category = (typeof BUILDING_CATEGORIES)[number];
export const ACCESSIBILITIES = ['accessible', 'not_accessible', 'unknown'] as const;
export type Accessibility = (typeof ACCESSIBILITIES)[number];
export const ROUTING_COVERAGES = ['mapped', 'identity-only'] as const;
export type RoutingCoverage = (typeof ROUTING_COVERAGES)[number];
export const PLACE_KINDS = ['dining', 'study', 'library', 'service', 'recreation', 'amenity', 'facility'] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];
export const AVAILABILITIES = ['open', 'closed', 'unknown'] as const;
export type Availability = (typeof AVAILABILITIES)[number];
/** Public-holiday regions (domain/holidays.ts has their rules). */
export const REGIONS = ['ON', 'BC'] as const;
export type Region = (typeof REGIONS)[number];
export const BOUNDS_SOURCES = ['published', 'derived'] as const;
export type BoundsSource = (typeof BOUNDS_SOURCES)[number];
/** What a building's location point is (the sources' pointKind), never a centroid. */
export const LOCATION_KINDS = ['footprint-vertex', 'approach', 'entrance', 'official-map'] as const;
export type LocationKind = (typeof LOCATION_KINDS)[number];
export const ENTRANCE_KINDS = ['entrance', 'approach'] as const;
export type EntranceKind = (typeof ENTRANCE_KINDS)[number];
/** Whether a door is open to the public (says nothing about steps). */
export const ENTRANCE_ACCESS = ['public', 'restricted', 'unknown'] as const;
export type EntranceAccess = (typeof ENTRANCE_ACCESS)[number];
export type RouteMode = 'fastest' | 'prefer-indoor' | 'step-free';
export const ROUTE_MODES: readonly RouteMode[] = ['fastest', 'prefer-indoor', 'step-free'];

/** SPEC §2.3 */
export interface Provenance {
  source: string;
  sourceUrl: string;
  lastVerified: string;
  verificationStatus: Verification;
}

/** BEHAVIOUR §6: a real point of the building, WGS 84, 7 decimals at most. */
export interface BuildingLocation {
  lat: number;
  lon: number;
  kind: LocationKind;
  verificationStatus: Verification;
}

/** The Building record of the legacy aliases: its original shape, frozen (no `location`). */
export interface LegacyBuilding {
  code: string;
  name: string;
  category: Category;
  aliases: string[];
  routingCoverage: RoutingCoverage;
  entranceCount: number;
  verifiedEntranceCount: number;
  accessibility: Accessibility;
  indoorRoomNodeCount: number;
  provenance: Provenance[];
  university: string;
  campus: string;
}

/** SPEC §2.2 + BEHAVIOUR §6 (university, campus, location) — key order is the serialized order. */
export interface Building extends LegacyBuilding {
  location: BuildingLocation | null;
}

/** One door or approach of a building (issue 10) — key order is the serialized order. */
export interface Entrance {
  id: string;
  kind: EntranceKind;
  lat: number;
  lon: number;
  access: EntranceAccess;
  /** The step-free fact, only from a source that states it. */
  accessibility: Accessibility;
  /** Whether the door has a power opener, as its source records it; null = not recorded. */
  powerDoor: boolean | null;
  verificationStatus: Verification;
  /** Whether routing can use it (it joins the walking graph). */
  onWalkingGraph: boolean;
  provenance: Provenance[];
}

/** Coverage of a campus's data (issue 10); pair shares are of ordered pairs of distinct buildings, fastest mode. */
export interface CampusCoverage {
  buildings: number;
  buildingsWithLocation: number;
  /** Buildings with at least one outline (footprint) on the map (issue 22). */
  buildingsWithFootprint: number;
  buildingsOnWalkingGraph: number;
  /** Doors; approach points are not entrances (BEHAVIOUR §6). */
  entrances: number;
  /** Approach points: where a building meets the walking network, not a door (issue 22). */
  approachPoints: number;
  stepFreeVerifiedEntrances: number;
  walkingGraphEdges: number;
  /** Date of the walking graph's facts (its source's own date, else its retrieval), null when none is known or there is no graph. */
  walkingGraphLastVerified: string | null;
  pairs: { routed: number; approximate: number; unavailable: number };
  places: number;
  placesWithHours: number;
}

/** A GeoJSON LineString (RFC 7946): [lon, lat] positions, at least two distinct. */
export interface LineString {
  type: 'LineString';
  coordinates: [number, number][];
}

/** Hours of a place as published (OSM opening_hours) with their own provenance. */
export interface PlaceHours {
  openingHours: string;
  source: string;
  sourceUrl: string | null;
  observedAt: string;
  verificationStatus: Verification;
  expiresAt: string | null;
  validForDays: number | null;
}

/**
 * Weekly schedule compiled at build time from an opening_hours string.
 * Minutes are local wall-clock minutes of the week, Monday 00:00 = 0, Sunday 24:00 = 10080.
 * `intervals` are half-open [start, end), sorted, non-overlapping, merged; an overnight range
 * that runs past Sunday 24:00 wraps to the start of the week.
 * `publicHoliday`: 'closed' (PH off), 'not-covered' (no PH rule → unknown on holidays),
 * or the open [start, end) minute-of-day ranges that apply on a public holiday.
 */
export interface WeeklySchedule {
  intervals: [number, number][];
  publicHoliday: 'closed' | 'not-covered' | [number, number][];
}

/** A place as stored in the artifact: the API record minus the per-request availability fields. */
export interface PlaceRecord {
  id: string;
  name: string;
  kind: PlaceKind;
  building: string;
  university: string;
  campus: string;
  amenities: string[];
  hours: PlaceHours | null;
  /** The hours as the owner published them in free text (BEHAVIOUR §9), whether or not they could be read; else null. */
  hoursText: string | null;
  schedule: WeeklySchedule | null;
  hoursProvenance: Provenance | null;
  provenance: Provenance[];
}

/** Availability of a place at an instant (BEHAVIOUR §9): the state, and when it next changes within 7 days. */
export interface AvailabilityAt {
  availability: Availability;
  /** Epoch milliseconds of the first instant at which the state differs, or null. */
  nextTransition: number | null;
}

export interface SourceRecord {
  id: string;
  title: string | null;
  url: string | null;
  retrievedAt: string | null;
  license: string | null;
  attribution: string | null;
  /** The upstream's own status of the source, where it gave one. */
  status?: 'verified' | 'live-observed';
}

// ---------------------------------------------------------------- routing matrix contract

/** Outcome codes stored in the matrix. */
export const OUTCOME = ['same-building', 'routed', 'approximate', 'unavailable'] as const;
export type RouteStatus = (typeof OUTCOME)[number];
/** routeVerification codes stored in the matrix. */
export const ROUTE_VERIFICATION = ['verified', 'mixed', 'inferred', 'unavailable'] as const;
export type RouteVerification = (typeof ROUTE_VERIFICATION)[number];

/**
 * Facts behind warnings, as bit flags in the matrix (BEHAVIOUR §7).
 * The runtime turns them into warning sentences.
 */
export const ROUTE_FLAG = {
  STAIRS: 1, // the path uses at least one stairs edge
  ACCESSIBILITY_UNVERIFIED: 2, // some edge used has no verified step-free accessibility
  INFERRED_CONNECTOR: 4, // the path uses an inferred connector (e.g. the ≤ 50 m entrance snap)
  CROSSING: 8, // the path crosses a road
  STAIRS_UNKNOWN: 16, // some edge used has no stairs information
  STEP_FREE_NO_ENTRANCE: 32, // step-free: a building has no verified step-free entrance
  STEP_FREE_NO_PATH: 64, // step-free: verified step-free entrances exist, but no path of verified step-free edges joins them
  NO_LOCATION: 128, // a building has no known location
  NOT_ON_GRAPH: 256, // the campus has a walking graph but a building is not connected to it
  NO_GRAPH: 512, // the campus has no mapped walking graph
  ONE_WAY: 1024, // the path uses a one-way segment (so the reverse route may differ)
  INFERRED_ACCESS_POINT: 2048, // a building joins the path at an inferred access point: its location point (≤ 50 m) or an approach point
  DETOUR: 4096, // the walk is more than 3× the straight line between the buildings' nearest points
} as const;

/** A university of the registry (sources/registry.json). */
export interface RegistryUniversity {
  id: string;
  name: string;
  shortName: string;
  campuses: string[];
  defaultCampus: string;
}

/** A campus of the registry (sources/registry.json). */
export interface RegistryCampus {
  id: string;
  universityId: string;
  name: string;
  shortName: string;
  timeZone: string;
  region: Region;
  bounds: [[number, number], [number, number]];
  boundsSource: BoundsSource;
  walkingGraph: boolean;
}
