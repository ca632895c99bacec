/**
 * The step-free candidate of a route (BEHAVIOUR §7, issue 24): in step-free mode, when no verified
 * step-free route exists, the shortest path avoiding every stair the sources record, between doors not
 * recorded as not-step-free — with its evidence stated, never as a verified route. It never changes the
 * route's own fields; a gap plan never uses it.
 */
import type { CandidateCell } from '../contract/candidates.ts';
import { estimatedSecondsOf, has, metres, ROUTE_WARNING, type Route, type RoutePreferences } from './route-result.ts';
import { ROUTE_FLAG, type Entrance, type LineString } from './types.ts';

/** A door at one end of a candidate: `stepFree` true when its source records it step-free, else null (unknown). */
export interface CandidateDoor {
  id: string;
  stepFree: true | null;
}

/** BEHAVIOUR §7 — key order is the serialized order. */
export interface StepFreeCandidate {
  totalDistanceMeters: number;
  estimatedSeconds: number;
  segments: number;
  segmentsWithoutStepFreeFact: number;
  stairsAvoided: number;
  fromEntrance: CandidateDoor;
  toEntrance: CandidateDoor;
  geometry?: LineString | null;
  verification: 'unverified';
  warnings: string[];
}

export const CANDIDATE_WARNING = {
  unverified: (without: number, segments: number) =>
    `Not a verified step-free route: it avoids every stair the sources record, but ${without} of its ${segments} segments have no step-free fact (unrecorded steps, kerbs or slopes may remain).`,
  fromDoorUnknown: 'The start door is not recorded as step-free: its step-free access is unknown.',
  toDoorUnknown: 'The end door is not recorded as step-free: its step-free access is unknown.',
} as const;

/** Whether a door's source records it step-free (the same rule as the build's, on the API record). */
export function recordedStepFree(e: Entrance): boolean {
  return e.accessibility === 'accessible' && e.verificationStatus === 'verified';
}

const door = (e: Entrance): CandidateDoor => ({ id: e.id, stepFree: recordedStepFree(e) ? true : null });

/**
 * The candidate record of a stored cell; `fromDoors`/`toDoors` are the two buildings' entrances in artifact
 * order; `geometry` is undefined when the request did not ask for it.
 */
export function stepFreeCandidateOf(
  cell: CandidateCell,
  fromDoors: readonly Entrance[],
  toDoors: readonly Entrance[],
  preferences: RoutePreferences,
  geometry: LineString | null | undefined,
): StepFreeCandidate {
  const fromEntrance = door(fromDoors[cell.fromEntrance]!);
  const toEntrance = door(toDoors[cell.toEntrance]!);
  const warnings: string[] = [CANDIDATE_WARNING.unverified(cell.segmentsWithoutStepFreeFact, cell.segments)];
  if (fromEntrance.stepFree === null) warnings.push(CANDIDATE_WARNING.fromDoorUnknown);
  if (toEntrance.stepFree === null) warnings.push(CANDIDATE_WARNING.toDoorUnknown);
  if (has(cell.flags, ROUTE_FLAG.INFERRED_CONNECTOR)) warnings.push(ROUTE_WARNING.inferredConnector);
  if (has(cell.flags, ROUTE_FLAG.CROSSING)) warnings.push(ROUTE_WARNING.crossing);
  if (has(cell.flags, ROUTE_FLAG.ONE_WAY)) warnings.push(ROUTE_WARNING.oneWay);
  const total = metres(cell.totalMeters)!; // a stored candidate's metres are a number
  return {
    totalDistanceMeters: total,
    estimatedSeconds: estimatedSecondsOf(total, preferences.walkingSpeedMps, cell.delaySeconds),
    segments: cell.segments,
    segmentsWithoutStepFreeFact: cell.segmentsWithoutStepFreeFact,
    stairsAvoided: cell.stairsAvoided,
    fromEntrance,
    toEntrance,
    ...(geometry === undefined ? {} : { geometry }),
    verification: 'unverified',
    warnings,
  };
}

/** Whether a route gets the candidate field (or, where the graph records no stairs, the warning instead). */
export function wantsStepFreeCandidate(route: Route): boolean {
  return route.preferences.mode === 'step-free' && route.status === 'unavailable';
}
