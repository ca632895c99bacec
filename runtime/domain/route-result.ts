/**
 * Route result (SPEC §2.6, BEHAVIOUR §7): turns one precomputed matrix cell into the Route record,
 * applies the route preference defaults, and writes the warnings from the cell's facts.
 */
import type { RouteCell } from '../contract/matrix.ts';
import {
  OUTCOME,
  ROUTE_FLAG,
  ROUTE_MODES,
  ROUTE_VERIFICATION,
  type Building,
  type RouteMode,
  type RouteStatus,
  type RouteVerification,
} from './types.ts';

export interface RoutePreferences {
  mode: RouteMode;
  walkingSpeedMps: number;
  transitionBufferMinutes: number;
}
export type RoutePreferencesInput = Partial<RoutePreferences>;

export const ROUTE_PREFERENCE_DEFAULTS: Readonly<RoutePreferences> = {
  mode: 'fastest',
  walkingSpeedMps: 1.35,
  transitionBufferMinutes: 5,
};

/** Bounds for the HTTP layer's JSON Schema (BEHAVIOUR §7), written once here. */
export const ROUTE_PREFERENCE_BOUNDS = {
  mode: { enum: ROUTE_MODES },
  walkingSpeedMps: { minimum: 0.5, maximum: 3.0 },
  transitionBufferMinutes: { minimum: 0, maximum: 60 },
} as const;

/** Applied preferences, in SPEC order. Bounds are validated by the caller. */
export function resolveRoutePreferences(input: RoutePreferencesInput = {}): RoutePreferences {
  return {
    mode: input.mode ?? ROUTE_PREFERENCE_DEFAULTS.mode,
    walkingSpeedMps: input.walkingSpeedMps ?? ROUTE_PREFERENCE_DEFAULTS.walkingSpeedMps,
    transitionBufferMinutes: input.transitionBufferMinutes ?? ROUTE_PREFERENCE_DEFAULTS.transitionBufferMinutes,
  };
}

export const ROUTE_ACCURACY = {
  sameBuilding: 'Same building',
  verifiedRoute: 'Verified outdoor route, indoor estimate',
  mappedPath: 'Mapped campus path, indoor estimate',
  approximate: 'Approximate building-to-building estimate',
  unavailable: 'Location unavailable',
} as const;
export type RouteAccuracyKind = keyof typeof ROUTE_ACCURACY;
export type RouteAccuracy = (typeof ROUTE_ACCURACY)[RouteAccuracyKind];
/** Accuracy kinds whose indoor part is an estimate (decisions are taken on the kind, not on its wording). */
const INDOOR_ESTIMATE: Readonly<Record<RouteAccuracyKind, boolean>> = {
  sameBuilding: false, verifiedRoute: true, mappedPath: true, approximate: false, unavailable: false,
};

/** SPEC §2.6 — key order is the serialized order. */
export interface Route {
  dataVersion: string;
  from: Building;
  to: Building;
  preferences: RoutePreferences;
  status: RouteStatus;
  accuracy: RouteAccuracy;
  totalDistanceMeters: number | null;
  indoorDistanceMeters: number | null;
  outdoorDistanceMeters: number | null;
  estimatedSeconds: number | null;
  floorChanges: number | null;
  warnings: string[];
  routeVerification: RouteVerification;
}

/** A routed walk longer than this many times the straight line between the buildings' nearest points is a detour. */
export const DETOUR_WARNING_RATIO = 3;

export const ROUTE_WARNING = {
  noGraph: 'This campus has no mapped walking paths: the distance is a straight line between the buildings × 1.3, not a path you can follow.',
  notOnGraph: 'A building is not connected to the mapped walking paths: the distance is a straight line between the buildings × 1.3, not a path you can follow.',
  noPath: 'No mapped path joins these buildings: the distance is a straight line between them × 1.3, not a path you can follow.',
  noLocation: 'A building has no known location, so no route, distance or time can be given.',
  stepFreeNoEntrance: 'No step-free route: a building has no verified step-free entrance.',
  stepFreeNoPath: 'No step-free route: no path of verified step-free segments joins the verified step-free entrances.',
  noStairsRecorded: "This campus's walking graph records no stairs, so no path that avoids stairs can be offered in their place.",
  noRoute: 'No route could be found between these buildings.',
  stairs: 'The route uses stairs, so it is not step-free.',
  stepFreeUnverified: 'Step-free access along this route is not verified.',
  inferredConnector: 'Part of the path is an inferred link between an entrance and the nearest mapped path (within 50 m).',
  inferredAccessPoint: 'A building joins the walking paths at an inferred access point (an approach point or its mapped location, not a mapped door), so the door may be elsewhere.',
  crossing: 'The route crosses a road.',
  oneWay: 'Part of the path is one-way, so the route back may differ.',
  detour: `The walk is more than ${DETOUR_WARNING_RATIO} times the straight line between the buildings: the mapped walking paths may miss a connection (an indoor link, a crossing), so a shorter way may exist.`,
} as const;

/** Whether a cell's flags hold `bit` (ROUTE_FLAG). */
export const has = (flags: number, bit: number) => (flags & bit) !== 0;

/** Warning sentences for a cell, in a fixed order: why the outcome, then facts of the path. */
export function routeWarnings(status: RouteStatus, flags: number, mode: RouteMode): string[] {
  const w: string[] = [];
  if (status === 'approximate') {
    w.push(
      has(flags, ROUTE_FLAG.NO_GRAPH)
        ? ROUTE_WARNING.noGraph
        : has(flags, ROUTE_FLAG.NOT_ON_GRAPH)
          ? ROUTE_WARNING.notOnGraph
          : ROUTE_WARNING.noPath,
    );
  }
  if (status === 'unavailable') {
    if (has(flags, ROUTE_FLAG.NO_LOCATION)) w.push(ROUTE_WARNING.noLocation);
    if (has(flags, ROUTE_FLAG.STEP_FREE_NO_ENTRANCE)) w.push(ROUTE_WARNING.stepFreeNoEntrance);
    if (has(flags, ROUTE_FLAG.STEP_FREE_NO_PATH)) w.push(ROUTE_WARNING.stepFreeNoPath);
    if (w.length === 0) w.push(ROUTE_WARNING.noRoute);
  }
  if (status === 'routed') {
    if (mode !== 'step-free') {
      if (has(flags, ROUTE_FLAG.STAIRS)) w.push(ROUTE_WARNING.stairs);
      else if (has(flags, ROUTE_FLAG.STAIRS_UNKNOWN | ROUTE_FLAG.ACCESSIBILITY_UNVERIFIED)) {
        w.push(ROUTE_WARNING.stepFreeUnverified);
      }
    }
    if (has(flags, ROUTE_FLAG.INFERRED_CONNECTOR)) w.push(ROUTE_WARNING.inferredConnector);
    if (has(flags, ROUTE_FLAG.INFERRED_ACCESS_POINT)) w.push(ROUTE_WARNING.inferredAccessPoint);
    if (has(flags, ROUTE_FLAG.CROSSING)) w.push(ROUTE_WARNING.crossing);
    if (has(flags, ROUTE_FLAG.ONE_WAY)) w.push(ROUTE_WARNING.oneWay);
    if (has(flags, ROUTE_FLAG.DETOUR)) w.push(ROUTE_WARNING.detour);
  }
  return w;
}

function accuracyKindOf(status: RouteStatus, verification: RouteVerification): RouteAccuracyKind {
  switch (status) {
    case 'same-building':
      return 'sameBuilding';
    case 'routed':
      return verification === 'verified' ? 'verifiedRoute' : 'mappedPath';
    case 'approximate':
      return 'approximate';
    case 'unavailable':
      return 'unavailable';
  }
}

/** Whether the route's indoor part is an estimate (BEHAVIOUR §8 confidence). */
export function routeHasIndoorEstimate(route: Route): boolean {
  return INDOOR_ESTIMATE[accuracyKindOf(route.status, route.routeVerification)];
}

const orNull = (x: number): number | null => (Number.isFinite(x) ? x : null);
/** Metres are reported to 0.1 m. */
export const metres = (x: number): number | null => (Number.isFinite(x) ? Math.round(x * 10) / 10 : null);

/**
 * The time of a walk as reported: its reported metres (metres()) at the walking speed plus its fixed delays, to
 * 0.1 s; the gap planner's travel = ceil(estimatedSeconds / 60) then agrees with the formula.
 */
export const estimatedSecondsOf = (reportedMeters: number, walkingSpeedMps: number, delaySeconds: number): number =>
  Math.round((reportedMeters / walkingSpeedMps + delaySeconds) * 10) / 10;

export function routeFromCell(
  cell: RouteCell,
  from: Building,
  to: Building,
  preferences: RoutePreferences,
  dataVersion: string,
): Route {
  const status = OUTCOME[cell.outcome];
  const routeVerification = ROUTE_VERIFICATION[cell.verification];
  if (status === undefined || routeVerification === undefined) {
    throw new Error(`invalid route cell: outcome ${cell.outcome}, verification ${cell.verification}`);
  }
  const total = metres(cell.totalMeters); // the reported metres (the stored Float32 value to 0.1 m) give the time
  return {
    dataVersion,
    from,
    to,
    preferences,
    status,
    accuracy: ROUTE_ACCURACY[accuracyKindOf(status, routeVerification)],
    totalDistanceMeters: total,
    indoorDistanceMeters: metres(cell.indoorMeters),
    outdoorDistanceMeters: metres(cell.outdoorMeters),
    estimatedSeconds: total === null ? null : estimatedSecondsOf(total, preferences.walkingSpeedMps, orNull(cell.delaySeconds) ?? 0),
    floorChanges: orNull(cell.floorChanges),
    warnings: routeWarnings(status, cell.flags | 0, preferences.mode),
    routeVerification,
  };
}

/** Facts of a route that decisions are taken on (the gap planner), kept beside the Route: never serialized. */
export interface RouteFacts {
  /** Unavailable because a building has no known location (BEHAVIOUR §8). */
  unknownLocation: boolean;
}

/** The facts of a matrix cell (the same flags its warnings are written from). */
export function routeFactsOf(cell: RouteCell): RouteFacts {
  return { unknownLocation: OUTCOME[cell.outcome] === 'unavailable' && has(cell.flags | 0, ROUTE_FLAG.NO_LOCATION) };
}

