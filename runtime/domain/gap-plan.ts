/**
 * Gap plan (BEHAVIOUR §8): assesses one free interval between two buildings. Pure; the figures
 * (buffers, thresholds, scores, confidence) follow §8 literally, the wording is ours.
 *
 * Decisions where §8 is silent:
 * - Unavailable route: travel is unknown and counts as 0 in the arithmetic; leaveBy = end − 15;
 *   arrival is null.
 * - `location-dependent` (score 100, listed first) is added when the route is unavailable because a
 *   building has no known location; the other candidates remain as alternatives.
 * - activityMinutes = A (§8: "A = activityMinutes") for every on-campus action — its activity and
 *   flex segments (the meal and the time to spare; the focus block and the reset) sum to A — and the
 *   time at home for `leave-campus-candidate` (§8: "activity = home").
 * - Timeline: zero-minute segments are left out; travel and buffer are cut to what is left of the
 *   gap, so the segments never sum to more than D. Pack-up is a `setup` segment.
 * - Route tags apply to every recommendation; tags are listed in SPEC order. Scores are rounded
 *   to 2 decimals before sorting.
 */
import type { Building } from './types.ts';
import { routeHasUnknownLocation, type Route, type RoutePreferences } from './route-result.ts';

export const TERMS = ['Fall', 'Winter', 'Summer'] as const;
export type Term = (typeof TERMS)[number];
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const RISK_TOLERANCES = ['low', 'medium', 'high'] as const;
export type RiskTolerance = (typeof RISK_TOLERANCES)[number];

/** SPEC §2.8, in SPEC order. */
export interface GapPreferences {
  setupMinutes: number;
  packUpMinutes: number;
  lunchWindowStart: number;
  lunchWindowEnd: number;
  mealDurationMinutes: number;
  willingToLeaveCampus: boolean;
  oneWayHomeCommuteMinutes: number | null;
  minimumHomeStayMinutes: number;
  homeTurnaroundMinutes: number;
  riskTolerance: RiskTolerance;
}
export type GapPreferencesInput = Partial<GapPreferences>;

export const GAP_PREFERENCE_DEFAULTS: Readonly<GapPreferences> = {
  setupMinutes: 4,
  packUpMinutes: 3,
  lunchWindowStart: 690,
  lunchWindowEnd: 870,
  mealDurationMinutes: 30,
  willingToLeaveCampus: false,
  oneWayHomeCommuteMinutes: null,
  minimumHomeStayMinutes: 90,
  homeTurnaroundMinutes: 10,
  riskTolerance: 'low',
};

/**
 * Bounds of the numeric gap preferences (BEHAVIOUR §8) for the HTTP layer's JSON Schema.
 * `oneWayHomeCommuteMinutes` may also be null. Cross-field rule, checked on the applied values:
 * lunchWindowEnd > lunchWindowStart (see gapPreferenceConflicts).
 */
export const GAP_PREFERENCE_BOUNDS = {
  setupMinutes: { minimum: 0, maximum: 20 },
  packUpMinutes: { minimum: 0, maximum: 20 },
  lunchWindowStart: { minimum: 0, maximum: 1439 },
  lunchWindowEnd: { minimum: 1, maximum: 1440 },
  mealDurationMinutes: { minimum: 15, maximum: 90 },
  oneWayHomeCommuteMinutes: { minimum: 5, maximum: 180 },
  minimumHomeStayMinutes: { minimum: 30, maximum: 360 },
  homeTurnaroundMinutes: { minimum: 0, maximum: 30 },
} as const;

export function resolveGapPreferences(input: GapPreferencesInput = {}): GapPreferences {
  const d = GAP_PREFERENCE_DEFAULTS;
  return {
    setupMinutes: input.setupMinutes ?? d.setupMinutes,
    packUpMinutes: input.packUpMinutes ?? d.packUpMinutes,
    lunchWindowStart: input.lunchWindowStart ?? d.lunchWindowStart,
    lunchWindowEnd: input.lunchWindowEnd ?? d.lunchWindowEnd,
    mealDurationMinutes: input.mealDurationMinutes ?? d.mealDurationMinutes,
    willingToLeaveCampus: input.willingToLeaveCampus ?? d.willingToLeaveCampus,
    oneWayHomeCommuteMinutes:
      input.oneWayHomeCommuteMinutes === undefined ? d.oneWayHomeCommuteMinutes : input.oneWayHomeCommuteMinutes,
    minimumHomeStayMinutes: input.minimumHomeStayMinutes ?? d.minimumHomeStayMinutes,
    homeTurnaroundMinutes: input.homeTurnaroundMinutes ?? d.homeTurnaroundMinutes,
    riskTolerance: input.riskTolerance ?? d.riskTolerance,
  };
}

/** Cross-field violations of the applied preferences (the HTTP layer answers 400 for them). */
export function gapPreferenceConflicts(p: GapPreferences): { field: string; reason: string }[] {
  return p.lunchWindowEnd > p.lunchWindowStart
    ? []
    : [{ field: 'gapPreferences.lunchWindowEnd', reason: `must be greater than lunchWindowStart (${p.lunchWindowStart})` }];
}

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

export type GapAction =
  | 'tight-transition'
  | 'quick-reset'
  | 'focus-sprint'
  | 'meal-window'
  | 'study-block'
  | 'deep-work-block'
  | 'flexible-long-gap'
  | 'leave-campus-candidate'
  | 'go-home'
  | 'location-dependent';

export interface GapTimelineSegment {
  kind: 'setup' | 'activity' | 'travel' | 'buffer' | 'flex';
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
  confidenceLabel: 'high' | 'medium' | 'low';
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
  /** Applied route preferences. */
  routePreferences: RoutePreferences;
  /** Gap preferences as given (defaults are applied here). */
  gapPreferences?: GapPreferencesInput;
}

// ---------------------------------------------------------------- arithmetic

const FALLBACK_BUFFER = 15;
const APPROXIMATE_EXTRA: Record<RiskTolerance, number> = { low: 5, medium: 2, high: 0 };
const round2 = (x: number) => Math.round(x * 100) / 100;
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** The §8 figures of one gap (minutes). */
export interface GapFigures {
  D: number;
  /** null when the route is unavailable (travel then counts as 0). */
  travel: number | null;
  B: number;
  usable: number;
  leaveBy: number;
  arrival: number | null;
  setup: number;
  packUp: number;
  A: number;
}

export function gapFigures(
  startTime: number,
  endTime: number,
  route: Route,
  transitionBufferMinutes: number,
  prefs: GapPreferences,
): GapFigures {
  const b = transitionBufferMinutes;
  const D = endTime - startTime;
  const walk = route.estimatedSeconds === null ? null : Math.ceil(route.estimatedSeconds / 60);
  let travel: number | null;
  let B: number;
  switch (route.status) {
    case 'same-building':
      travel = 0;
      B = b;
      break;
    case 'approximate':
      travel = walk;
      B = b + APPROXIMATE_EXTRA[prefs.riskTolerance];
      break;
    case 'routed':
      travel = walk;
      B = route.warnings.length > 0 && prefs.riskTolerance === 'low' ? b + 2 : b;
      break;
    case 'unavailable':
      travel = null;
      B = FALLBACK_BUFFER;
      break;
  }
  const t = travel ?? 0;
  const usable = Math.max(0, D - t - B);
  const leaveBy = Math.max(0, endTime - t - B);
  const setup = Math.min(prefs.setupMinutes, usable);
  const packUp = Math.min(prefs.packUpMinutes, usable - setup);
  return {
    D,
    travel,
    B,
    usable,
    leaveBy,
    arrival: travel === null ? null : leaveBy + travel,
    setup,
    packUp,
    A: usable - setup - packUp,
  };
}

export function gapConfidence(route: Route): { confidence: number; confidenceLabel: 'high' | 'medium' | 'low' } {
  let c = route.status === 'approximate' ? 0.68 : route.status === 'unavailable' ? 0.42 : 0.95;
  if (route.accuracy.endsWith('indoor estimate')) c -= 0.08;
  if (route.warnings.length > 0) c -= 0.04;
  const confidence = round2(clamp(c, 0.15, 0.99));
  return { confidence, confidenceLabel: confidence >= 0.8 ? 'high' : confidence >= 0.55 ? 'medium' : 'low' };
}

// ---------------------------------------------------------------- wording

/** "25 min" (one decimal at most for fractional preferences). */
const mins = (n: number) => `${Math.round(n * 10) / 10} min`;
/** Minutes since midnight as a 24-hour clock time. */
export function clockTime(minutes: number): string {
  const m = Math.round(minutes);
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

interface Context {
  input: GapPlanInput;
  prefs: GapPreferences;
  f: GapFigures;
  routeTags: GapTag[];
}

function travelReason({ input, f }: Context): string {
  const { route, to, from } = input;
  if (route.status === 'same-building') return `Both classes are in ${from.name}: no walk needed; ${mins(f.B)} of buffer kept.`;
  if (f.travel === null) {
    return `Travel time is unknown, so ${mins(f.B)} of buffer is assumed: leave by ${clockTime(f.leaveBy)}.`;
  }
  const how = route.status === 'approximate' ? 'estimated walk' : 'walk';
  return `The ${how} to ${to.name} takes about ${mins(f.travel)}; leave by ${clockTime(f.leaveBy)} to keep ${mins(f.B)} of buffer.`;
}

const freeTimeReason = ({ f }: Context) =>
  `${mins(f.A)} free after ${mins(f.setup)} setup and ${mins(f.packUp)} pack-up.`;

// ---------------------------------------------------------------- timelines

/** Appends travel and buffer, cut to what is left of the gap; drops zero-minute segments. */
function finishTimeline(ctx: Context, middle: GapTimelineSegment[]): GapTimelineSegment[] {
  const { f, input } = ctx;
  const used = middle.reduce((s, x) => s + x.minutes, 0);
  let left = Math.max(0, f.D - used);
  const tail: GapTimelineSegment[] = [];
  if (f.travel !== null) {
    const travel = Math.min(f.travel, left);
    left -= travel;
    tail.push({ kind: 'travel', label: `Walk to ${input.to.name}`, minutes: travel });
    tail.push({ kind: 'buffer', label: 'Buffer before the next class', minutes: Math.min(f.B, left) });
  } else {
    tail.push({ kind: 'buffer', label: 'Buffer to reach the next class (travel time unknown)', minutes: Math.min(f.B, left) });
  }
  return [...middle, ...tail].filter((s) => s.minutes > 0);
}

/** setup, the activity segments, pack-up, then travel and buffer. */
function onCampusTimeline(ctx: Context, activity: GapTimelineSegment[]): GapTimelineSegment[] {
  const { f } = ctx;
  return finishTimeline(ctx, [
    { kind: 'setup', label: 'Settle in', minutes: f.setup },
    ...activity,
    { kind: 'setup', label: 'Pack up', minutes: f.packUp },
  ]);
}

// ---------------------------------------------------------------- candidates

interface Draft {
  id: string;
  action: GapAction;
  title: string;
  summary: string;
  score: number;
  reasons: string[];
  tags: GapTag[];
  timeline: GapTimelineSegment[];
}

function productivity(ctx: Context): Draft {
  const { A } = ctx.f;
  const reasons = [freeTimeReason(ctx), travelReason(ctx)];
  const make = (action: GapAction, score: number, title: string, summary: string, label: string, tags: GapTag[] = []): Draft => ({
    id: action,
    action,
    title,
    summary,
    score,
    reasons,
    tags,
    timeline: onCampusTimeline(ctx, [{ kind: 'activity', label, minutes: A }]),
  });
  if (A < 10) {
    return make(
      'tight-transition',
      99,
      'Tight transition',
      A > 0 ? `Only ${mins(A)} to spare: pack up and head to ${ctx.input.to.name}.` : `No time to spare: head to ${ctx.input.to.name} now.`,
      'Short pause',
      ['high-transition-risk'],
    );
  }
  if (A < 25) return make('quick-reset', 78, 'Quick reset', `${mins(A)} for a short break: stretch, refill water, review notes.`, 'Short break');
  if (A < 60) return make('focus-sprint', 84, 'Focus sprint', `${mins(A)} for one focused task, like a problem set or reading.`, 'Focused task');
  if (A < 120) return make('study-block', 89, 'Study block', `${mins(A)} for a solid study session.`, 'Study');
  return make('deep-work-block', 94, 'Deep work block', `${mins(A)} for sustained work on a larger project.`, 'Deep work');
}

function mealWindow(ctx: Context): Draft | null {
  const { prefs, f, input } = ctx;
  const { startTime, endTime } = input.gap;
  const overlaps = startTime < prefs.lunchWindowEnd && endTime > prefs.lunchWindowStart;
  if (!overlaps || f.A < prefs.mealDurationMinutes) return null;
  const gapMid = (startTime + endTime) / 2;
  const lunchMid = (prefs.lunchWindowStart + prefs.lunchWindowEnd) / 2;
  const spare = f.A - prefs.mealDurationMinutes;
  return {
    id: 'meal-window',
    action: 'meal-window',
    title: 'Lunch break',
    summary: `Eat lunch (${mins(prefs.mealDurationMinutes)})${spare > 0 ? `, with ${mins(spare)} to spare` : ''}.`,
    score: 90 + Math.max(0, 5 - Math.abs(gapMid - lunchMid) / 30),
    reasons: [
      `The gap overlaps your lunch window (${clockTime(prefs.lunchWindowStart)}–${clockTime(prefs.lunchWindowEnd)}).`,
      `${mins(f.A)} free fits your ${mins(prefs.mealDurationMinutes)} meal.`,
      travelReason(ctx),
    ],
    tags: ['lunch-time'],
    timeline: onCampusTimeline(ctx, [
      { kind: 'activity', label: 'Meal', minutes: prefs.mealDurationMinutes },
      { kind: 'flex', label: 'Free time', minutes: spare },
    ]),
  };
}

function flexibleLongGap(ctx: Context): Draft | null {
  const { A } = ctx.f;
  if (A < 75) return null;
  const reset = clamp(Math.round(0.22 * A), 15, 30);
  const focus = A - reset;
  return {
    id: 'flexible-long-gap',
    action: 'flexible-long-gap',
    title: 'Work, then recharge',
    summary: `Work for ${mins(focus)}, then take a break for ${mins(reset)}.`,
    score: 91,
    reasons: [`${mins(A)} free is long enough to split: ${mins(focus)} of focus, then ${mins(reset)} to reset.`, travelReason(ctx)],
    tags: [],
    timeline: onCampusTimeline(ctx, [
      { kind: 'activity', label: 'Focused work', minutes: focus },
      { kind: 'flex', label: 'Break', minutes: reset },
    ]),
  };
}

function leaveCampus(ctx: Context): Draft | null {
  const { prefs, f } = ctx;
  const C = prefs.oneWayHomeCommuteMinutes;
  if (!prefs.willingToLeaveCampus || C === null) return null;
  const home = f.D - 2 * C - f.B - prefs.homeTurnaroundMinutes;
  if (home < prefs.minimumHomeStayMinutes) return null;
  return {
    id: 'leave-campus-candidate',
    action: 'leave-campus-candidate',
    title: 'Go home between classes',
    summary: `About ${mins(home)} at home, with ${mins(C)} of commuting each way.`,
    score: 96 + Math.min(4, home / 120),
    reasons: [
      `${mins(home)} at home meets your ${mins(prefs.minimumHomeStayMinutes)} minimum after ${mins(C)} each way, ${mins(prefs.homeTurnaroundMinutes)} turnaround and ${mins(f.B)} of buffer.`,
      `Leave home by ${clockTime(ctx.input.gap.endTime - C - f.B)} to be back for the next class.`,
    ],
    tags: ['good-for-commuting'],
    timeline: [
      { kind: 'travel' as const, label: 'Commute home', minutes: C },
      { kind: 'activity' as const, label: 'Time at home', minutes: home },
      { kind: 'buffer' as const, label: 'Turnaround at home', minutes: prefs.homeTurnaroundMinutes },
      { kind: 'travel' as const, label: 'Commute back', minutes: C },
      { kind: 'buffer' as const, label: 'Buffer before the next class', minutes: f.B },
    ].filter((s) => s.minutes > 0),
  };
}

function lowIntensityReset(ctx: Context): Draft | null {
  const { A } = ctx.f;
  if (A < 10) return null;
  return {
    id: 'quick-reset-2',
    action: 'quick-reset',
    title: 'Take it easy',
    summary: `Use the ${mins(A)} to rest: a walk, a snack or a quiet sit-down.`,
    score: 68,
    reasons: [freeTimeReason(ctx), travelReason(ctx)],
    tags: [],
    timeline: onCampusTimeline(ctx, [{ kind: 'activity', label: 'Rest', minutes: A }]),
  };
}

function locationDependent(ctx: Context): Draft | null {
  if (!routeHasUnknownLocation(ctx.input.route)) return null;
  const { f } = ctx;
  return {
    id: 'location-dependent',
    action: 'location-dependent',
    title: 'Depends on where you need to go',
    summary: `A building has no known location, so the walk can't be timed; keep at least ${mins(f.B)} to get there.`,
    score: 100,
    reasons: [
      `Without a location for ${ctx.input.from.name} or ${ctx.input.to.name}, no route or walking time can be given.`,
      `${mins(f.A)} free if you leave by ${clockTime(f.leaveBy)}.`,
    ],
    tags: ['location-unknown'],
    timeline: onCampusTimeline(ctx, [{ kind: 'activity', label: 'Free time', minutes: f.A }]),
  };
}

function routeTags(input: GapPlanInput, f: GapFigures): GapTag[] {
  const { route, routePreferences } = input;
  const tags: GapTag[] = [];
  if (route.status === 'same-building') tags.push('same-building');
  if (route.status === 'unavailable') tags.push('route-unavailable');
  else tags.push(route.routeVerification === 'verified' ? 'route-verified' : 'route-estimated');
  if (f.travel !== null && f.travel <= 7) tags.push('nearby-route');
  if (routePreferences.mode === 'step-free' && (route.status === 'routed' || route.status === 'same-building')) {
    tags.push('step-free-route');
  }
  const { indoorDistanceMeters: indoor, outdoorDistanceMeters: outdoor } = route;
  if (indoor !== null && outdoor !== null && indoor > outdoor) tags.push('indoor-route');
  return tags;
}

function finish(ctx: Context, d: Draft): GapRecommendation {
  const tags = new Set<GapTag>([...d.tags, ...ctx.routeTags]);
  return {
    id: d.id,
    action: d.action,
    title: d.title,
    summary: d.summary,
    score: round2(d.score),
    activityMinutes: d.timeline.filter((s) => s.kind === 'activity' || s.kind === 'flex').reduce((s, x) => s + x.minutes, 0),
    reasons: d.reasons,
    tags: GAP_TAGS.filter((t) => tags.has(t)),
    timeline: d.timeline,
  };
}

function assessmentWarnings(ctx: Context, primary: GapRecommendation): string[] {
  const { input, f } = ctx;
  const { route, routePreferences } = input;
  const w = [...route.warnings];
  if (route.status === 'unavailable') {
    w.push(`Travel time is unknown, so ${mins(f.B)} of buffer is assumed instead of a walking estimate.`);
  }
  const extra = f.B - routePreferences.transitionBufferMinutes;
  if (route.status === 'approximate' && extra > 0) {
    w.push(`The walk is a straight-line estimate, so ${mins(extra)} of extra buffer was added for your ${ctx.prefs.riskTolerance} risk tolerance.`);
  }
  if (route.status === 'routed' && extra > 0) w.push(`${mins(extra)} of extra buffer was added because the route has warnings.`);
  const needed = (f.travel ?? 0) + f.B;
  if (needed > f.D) {
    w.push(`The gap (${mins(f.D)}) is shorter than the walk plus buffer (${mins(needed)}): you may be late for the next class.`);
  } else if (primary.action === 'tight-transition') {
    w.push(`Tight transition: only ${mins(f.A)} to spare before you need to leave.`);
  }
  return w;
}

export function planGap(input: GapPlanInput, dataVersion: string): GapPlanData {
  const prefs = resolveGapPreferences(input.gapPreferences);
  const { startTime, endTime } = input.gap;
  const f = gapFigures(startTime, endTime, input.route, input.routePreferences.transitionBufferMinutes, prefs);
  const ctx: Context = { input, prefs, f, routeTags: routeTags(input, f) };
  const drafts = [
    locationDependent(ctx),
    productivity(ctx),
    mealWindow(ctx),
    flexibleLongGap(ctx),
    leaveCampus(ctx),
    lowIntensityReset(ctx),
  ].filter((d): d is Draft => d !== null);
  // Array.prototype.sort is stable: ties keep candidate order.
  const ranked = drafts.map((d) => finish(ctx, d)).sort((a, b) => b.score - a.score);
  const [primary, ...rest] = ranked;
  return {
    dataVersion,
    gap: {
      term: input.gap.term,
      weekday: input.gap.weekday,
      startTime,
      endTime,
      durationMinutes: f.D,
      from: input.from,
      to: input.to,
    },
    route: input.route,
    gapPreferences: prefs,
    assessment: {
      primary,
      alternatives: rest.slice(0, 2),
      ...gapConfidence(input.route),
      travelMinutes: f.travel,
      bufferMinutes: f.B,
      leaveByMinutes: f.leaveBy,
      arrivalMinutes: f.arrival,
      fallback: input.route.status === 'unavailable',
      routeStatus: input.route.status,
      routeAccuracy: input.route.accuracy,
      warnings: assessmentWarnings(ctx, primary),
    },
  };
}
