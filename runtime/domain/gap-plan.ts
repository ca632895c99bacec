/**
 * Gap plan (BEHAVIOUR §8): assesses one free interval between two buildings. Pure; the figures
 * (buffers, thresholds, scores, confidence) follow §8 literally, the wording is ours. Split by job in
 * gap/: preferences, arithmetic (figures, confidence), candidates (actions and scores), timeline,
 * wording (every sentence and label); this module assembles the plan.
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
import { gapConfidence, gapFigures } from './gap/arithmetic.ts';
import { rankedCandidates, routeTags } from './gap/candidates.ts';
import { resolveGapPreferences } from './gap/preferences.ts';
import type { PlanContext } from './gap/timeline.ts';
import type { GapPlanData, GapPlanInput } from './gap/types.ts';
import { assessmentWarnings } from './gap/wording.ts';

export * from './gap/types.ts';
export * from './gap/preferences.ts';
export { gapConfidence, gapFigures, type GapFigures } from './gap/arithmetic.ts';
export { clockTime } from './gap/wording.ts';

export function planGap(input: GapPlanInput, dataVersion: string): GapPlanData {
  const prefs = resolveGapPreferences(input.gapPreferences);
  const { startTime, endTime } = input.gap;
  const f = gapFigures(startTime, endTime, input.route, input.routePreferences.transitionBufferMinutes, prefs);
  const ctx: PlanContext = { input, prefs, f, routeTags: routeTags(input, f) };
  const [primary, ...rest] = rankedCandidates(ctx);
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
      warnings: assessmentWarnings(ctx, primary.action === 'tight-transition'),
    },
  };
}
