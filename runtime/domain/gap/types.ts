/** Gap plan records (SPEC §2.7–2.9) and their value lists, each declared once (the JSON Schemas derive from them). */
import type { Building } from '../types.ts';
import type { Route, RouteFacts, RoutePreferences } from '../route-result.ts';
import type { GapPreferences, GapPreferencesInput } from './preferences.ts';

export const TERMS = ['Fall', 'Winter', 'Summer'] as const;
export type Term = (typeof TERMS)[number];
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Recommendation tags, in SPEC order (the order they are listed in). */
export const GAP_TAGS = [
  'same-room',
  'same-building',
  'nearby-route',
  'lunch-time',
  'route-verified',
  'route-estimated',
  'route-unavailable',
  'location-unknown',
  'high-transition-risk',
  'indoor-route',
  'step-free-route',
  'good-for-commuting',
] as const;
export type GapTag = (typeof GAP_TAGS)[number];

export const GAP_ACTIONS = [
  'tight-transition', 'quick-reset', 'focus-sprint', 'meal-window', 'study-block', 'deep-work-block',
  'flexible-long-gap', 'leave-campus-candidate', 'go-home', 'location-dependent',
] as const;
export type GapAction = (typeof GAP_ACTIONS)[number];

export const SEGMENT_KINDS = ['setup', 'activity', 'travel', 'buffer', 'flex'] as const;
export type SegmentKind = (typeof SEGMENT_KINDS)[number];

export const CONFIDENCE_LABELS = ['high', 'medium', 'low'] as const;
export type ConfidenceLabel = (typeof CONFIDENCE_LABELS)[number];

export interface GapTimelineSegment {
  kind: SegmentKind;
  label: string;
  minutes: number;
}

export interface GapRecommendation {
  id: string;
  action: GapAction;
  title: string;
  summary: string;
  score: number;
  activityMinutes: number;
  reasons: string[];
  tags: GapTag[];
  timeline: GapTimelineSegment[];
}

export interface Gap {
  term: Term;
  weekday: Weekday;
  startTime: number;
  endTime: number;
  durationMinutes: number;
  from: Building;
  to: Building;
}

export interface GapAssessment {
  primary: GapRecommendation;
  alternatives: GapRecommendation[];
  confidence: number;
  confidenceLabel: ConfidenceLabel;
  travelMinutes: number | null;
  bufferMinutes: number;
  leaveByMinutes: number;
  arrivalMinutes: number | null;
  fallback: boolean;
  routeStatus: Route['status'];
  routeAccuracy: Route['accuracy'];
  warnings: string[];
}

export interface GapPlanData {
  dataVersion: string;
  gap: Gap;
  route: Route;
  gapPreferences: GapPreferences;
  assessment: GapAssessment;
}

export interface GapPlanInput {
  gap: { term: Term; weekday: Weekday; startTime: number; endTime: number };
  from: Building;
  to: Building;
  route: Route;
  /** The route's facts (route-result.ts routeFactsOf): decisions are taken on them, never on the Route's wording. */
  routeFacts: RouteFacts;
  /** Applied route preferences. */
  routePreferences: RoutePreferences;
  /** Gap preferences as given (defaults are applied here). */
  gapPreferences?: GapPreferencesInput;
}
