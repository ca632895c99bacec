/**
 * Timelines (BEHAVIOUR §8): zero-minute segments are left out; travel and buffer are cut to what is
 * left of the gap, so the segments never sum to more than D. Pack-up is a `setup` segment.
 */
import type { GapFigures } from './arithmetic.ts';
import type { GapPreferences } from './preferences.ts';
import type { GapPlanInput, GapTag, GapTimelineSegment } from './types.ts';
import { LABEL } from './wording.ts';

/** What every candidate is drafted from. */
export interface PlanContext {
  input: GapPlanInput;
  prefs: GapPreferences;
  f: GapFigures;
  routeTags: GapTag[];
}

/** Appends travel and buffer, cut to what is left of the gap; drops zero-minute segments. */
function finishTimeline(ctx: PlanContext, middle: GapTimelineSegment[]): GapTimelineSegment[] {
  const { f, input } = ctx;
  const used = middle.reduce((s, x) => s + x.minutes, 0);
  let left = Math.max(0, f.D - used);
  const tail: GapTimelineSegment[] = [];
  if (f.travel !== null) {
    const travel = Math.min(f.travel, left);
    left -= travel;
    tail.push({ kind: 'travel', label: LABEL.walkTo(input.to.name), minutes: travel });
    tail.push({ kind: 'buffer', label: LABEL.bufferBeforeNext, minutes: Math.min(f.B, left) });
  } else {
    tail.push({ kind: 'buffer', label: LABEL.bufferTravelUnknown, minutes: Math.min(f.B, left) });
  }
  return [...middle, ...tail].filter((s) => s.minutes > 0);
}

/** setup, the activity segments, pack-up, then travel and buffer. */
export function onCampusTimeline(ctx: PlanContext, activity: GapTimelineSegment[]): GapTimelineSegment[] {
  const { f } = ctx;
  return finishTimeline(ctx, [
    { kind: 'setup', label: LABEL.settleIn, minutes: f.setup },
    ...activity,
    { kind: 'setup', label: LABEL.packUp, minutes: f.packUp },
  ]);
}

/** Commute home, time at home, turnaround, commute back, buffer (`leave-campus-candidate`). */
export function homeTimeline(ctx: PlanContext, home: number, commute: number): GapTimelineSegment[] {
  const { prefs, f } = ctx;
  return [
    { kind: 'travel' as const, label: LABEL.commuteHome, minutes: commute },
    { kind: 'activity' as const, label: LABEL.timeAtHome, minutes: home },
    { kind: 'buffer' as const, label: LABEL.turnaroundAtHome, minutes: prefs.homeTurnaroundMinutes },
    { kind: 'travel' as const, label: LABEL.commuteBack, minutes: commute },
    { kind: 'buffer' as const, label: LABEL.bufferBeforeNext, minutes: f.B },
  ].filter((s) => s.minutes > 0);
}
