/**
 * The facts a changelog compares, per data version: what `decode.ts` reads out of the artifacts
 * (through runtime/contract) and `diff.ts` compares. Plain data; nothing here reads files.
 */

export interface EntranceSnap {
  id: string;
  /** entrance (a door) | approach (an approach point, never counted as an entrance). */
  kind: string;
  /** The step-free fact: accessible | not_accessible | unknown. */
  accessibility: string;
}

export interface BuildingSnap {
  code: string;
  name: string;
  category: string;
  aliases: string[];
  /** null: no point known. */
  location: { lat: number; lon: number } | null;
  entrances: EntranceSnap[];
}

export interface PlaceSnap {
  id: string;
  name: string;
  building: string;
  /** The published opening_hours string, or null. */
  openingHours: string | null;
  /** Everything else about the hours (source, verification, expiry) as one comparable string. */
  hoursKey: string;
}

/** Route outcome and verification of every ordered building pair, per mode. */
export interface RouteSnap {
  modes: string[];
  /** Building codes, matrix index order. */
  codes: string[];
  /** e.g. `approximate/inferred` for [mode][from][to] (indexes into modes / codes). */
  outcome(mode: number, from: number, to: number): string;
}

export interface CampusSnap {
  id: string;
  name: string;
  /** Ordered by code. */
  buildings: BuildingSnap[];
  /** Ordered by id. */
  places: PlaceSnap[];
  routes: RouteSnap;
}

export interface Snapshot {
  dataVersion: string;
  generatedAt: string;
  /** Registry order. */
  campuses: CampusSnap[];
}
