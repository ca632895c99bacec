/**
 * The candidate recommendations of BEHAVIOUR §8: which actions apply to a gap, their scores and
 * activity minutes. Sentences come from wording.ts, segments from timeline.ts.
 */
import { clamp, round2, type GapFigures } from './arithmetic.ts';
import { homeTimeline, onCampusTimeline, type PlanContext } from './timeline.ts';
import { GAP_TAGS, type GapAction, type GapPlanInput, type GapRecommendation, type GapTag, type GapTimelineSegment } from './types.ts';
import {
  flexibleText, freeTimeReason, LABEL, leaveCampusText, locationDependentText, mealText, PRODUCTIVITY, restText, travelReason,
} from './wording.ts';

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

/** The one on-campus action that free time A calls for, by A's band. */
function productivity(ctx: PlanContext): Draft {
  const { A } = ctx.f;
  const [action, score]: [keyof typeof PRODUCTIVITY, number] =
    A < 10 ? ['tight-transition', 99]
    : A < 25 ? ['quick-reset', 78]
    : A < 60 ? ['focus-sprint', 84]
    : A < 120 ? ['study-block', 89]
    : ['deep-work-block', 94];
  const text = PRODUCTIVITY[action];
  return {
    id: action,
    action,
    title: text.title,
    summary: text.summary(A, ctx.input.to.name),
    score,
    reasons: [freeTimeReason(ctx), travelReason(ctx)],
    tags: action === 'tight-transition' ? ['high-transition-risk'] : [],
    timeline: onCampusTimeline(ctx, [{ kind: 'activity', label: text.label, minutes: A }]),
  };
}

function mealWindow(ctx: PlanContext): Draft | null {
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
    ...mealText(ctx, spare),
    score: 90 + Math.max(0, 5 - Math.abs(gapMid - lunchMid) / 30),
    tags: ['lunch-time'],
    timeline: onCampusTimeline(ctx, [
      { kind: 'activity', label: LABEL.meal, minutes: prefs.mealDurationMinutes },
      { kind: 'flex', label: LABEL.freeTime, minutes: spare },
    ]),
  };
}

function flexibleLongGap(ctx: PlanContext): Draft | null {
  const { A } = ctx.f;
  if (A < 75) return null;
  const reset = clamp(Math.round(0.22 * A), 15, 30);
  const focus = A - reset;
  return {
    id: 'flexible-long-gap',
    action: 'flexible-long-gap',
    ...flexibleText(ctx, focus, reset),
    score: 91,
    tags: [],
    timeline: onCampusTimeline(ctx, [
      { kind: 'activity', label: LABEL.focusedWork, minutes: focus },
      { kind: 'flex', label: LABEL.break, minutes: reset },
    ]),
  };
}

function leaveCampus(ctx: PlanContext): Draft | null {
  const { prefs, f } = ctx;
  const C = prefs.oneWayHomeCommuteMinutes;
  if (!prefs.willingToLeaveCampus || C === null) return null;
  const home = f.D - 2 * C - f.B - prefs.homeTurnaroundMinutes;
  if (home < prefs.minimumHomeStayMinutes) return null;
  return {
    id: 'leave-campus-candidate',
    action: 'leave-campus-candidate',
    ...leaveCampusText(ctx, home, C),
    score: 96 + Math.min(4, home / 120),
    tags: ['good-for-commuting'],
    timeline: homeTimeline(ctx, home, C),
  };
}

function lowIntensityReset(ctx: PlanContext): Draft | null {
  const { A } = ctx.f;
  if (A < 10) return null;
  return {
    id: 'quick-reset-2',
    action: 'quick-reset',
    ...restText(ctx),
    score: 68,
    tags: [],
    timeline: onCampusTimeline(ctx, [{ kind: 'activity', label: LABEL.rest, minutes: A }]),
  };
}

function locationDependent(ctx: PlanContext): Draft | null {
  if (!ctx.input.routeFacts.unknownLocation) return null;
  return {
    id: 'location-dependent',
    action: 'location-dependent',
    ...locationDependentText(ctx),
    score: 100,
    tags: ['location-unknown'],
    timeline: onCampusTimeline(ctx, [{ kind: 'activity', label: LABEL.freeTime, minutes: ctx.f.A }]),
  };
}

/** Tags of the route, applied to every recommendation. */
export function routeTags(input: GapPlanInput, f: GapFigures): GapTag[] {
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

function finish(ctx: PlanContext, d: Draft): GapRecommendation {
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

/** Every applicable candidate, ranked by score (ties keep candidate order: the sort is stable). */
export function rankedCandidates(ctx: PlanContext): GapRecommendation[] {
  const drafts = [
    locationDependent(ctx),
    productivity(ctx),
    mealWindow(ctx),
    flexibleLongGap(ctx),
    leaveCampus(ctx),
    lowIntensityReset(ctx),
  ].filter((d): d is Draft => d !== null);
  return drafts.map((d) => finish(ctx, d)).sort((a, b) => b.score - a.score);
}
