/**
 * Every sentence and label of a gap plan (the figures and decisions are in arithmetic.ts and
 * candidates.ts). Wording is ours; BEHAVIOUR §8 fixes only the figures.
 */
import type { PlanContext } from './timeline.ts';

/** "25 min" (one decimal at most for fractional preferences). */
export const mins = (n: number) => `${Math.round(n * 10) / 10} min`;

/** Minutes since midnight as a 24-hour clock time. */
export function clockTime(minutes: number): string {
  const m = Math.round(minutes);
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** Timeline segment labels. */
export const LABEL = {
  settleIn: 'Settle in',
  packUp: 'Pack up',
  walkTo: (name: string) => `Walk to ${name}`,
  bufferBeforeNext: 'Buffer before the next class',
  bufferTravelUnknown: 'Buffer to reach the next class (travel time unknown)',
  meal: 'Meal',
  freeTime: 'Free time',
  focusedWork: 'Focused work',
  break: 'Break',
  rest: 'Rest',
  commuteHome: 'Commute home',
  timeAtHome: 'Time at home',
  turnaroundAtHome: 'Turnaround at home',
  commuteBack: 'Commute back',
} as const;

export function travelReason({ input, f }: PlanContext): string {
  const { route, to, from } = input;
  if (route.status === 'same-building') return `Both classes are in ${from.name}: no walk needed; ${mins(f.B)} of buffer kept.`;
  if (f.travel === null) {
    return `Travel time is unknown, so ${mins(f.B)} of buffer is assumed: leave by ${clockTime(f.leaveBy)}.`;
  }
  const how = route.status === 'approximate' ? 'estimated walk' : 'walk';
  return `The ${how} to ${to.name} takes about ${mins(f.travel)}; leave by ${clockTime(f.leaveBy)} to keep ${mins(f.B)} of buffer.`;
}

export const freeTimeReason = ({ f }: PlanContext) =>
  `${mins(f.A)} free after ${mins(f.setup)} setup and ${mins(f.packUp)} pack-up.`;

/** The single-activity actions chosen by free time A (candidates.ts): title, summary, activity label. */
export const PRODUCTIVITY = {
  'tight-transition': {
    title: 'Tight transition',
    summary: (A: number, to: string) => (A > 0 ? `Only ${mins(A)} to spare: pack up and head to ${to}.` : `No time to spare: head to ${to} now.`),
    label: 'Short pause',
  },
  'quick-reset': { title: 'Quick reset', summary: (A: number) => `${mins(A)} for a short break: stretch, refill water, review notes.`, label: 'Short break' },
  'focus-sprint': { title: 'Focus sprint', summary: (A: number) => `${mins(A)} for one focused task, like a problem set or reading.`, label: 'Focused task' },
  'study-block': { title: 'Study block', summary: (A: number) => `${mins(A)} for a solid study session.`, label: 'Study' },
  'deep-work-block': { title: 'Deep work block', summary: (A: number) => `${mins(A)} for sustained work on a larger project.`, label: 'Deep work' },
} as const;

export function mealText(ctx: PlanContext, spare: number) {
  const { prefs, f } = ctx;
  return {
    title: 'Lunch break',
    summary: `Eat lunch (${mins(prefs.mealDurationMinutes)})${spare > 0 ? `, with ${mins(spare)} to spare` : ''}.`,
    reasons: [
      `The gap overlaps your lunch window (${clockTime(prefs.lunchWindowStart)}–${clockTime(prefs.lunchWindowEnd)}).`,
      `${mins(f.A)} free fits your ${mins(prefs.mealDurationMinutes)} meal.`,
      travelReason(ctx),
    ],
  };
}

export function flexibleText(ctx: PlanContext, focus: number, reset: number) {
  const { A } = ctx.f;
  return {
    title: 'Work, then recharge',
    summary: `Work for ${mins(focus)}, then take a break for ${mins(reset)}.`,
    reasons: [`${mins(A)} free is long enough to split: ${mins(focus)} of focus, then ${mins(reset)} to reset.`, travelReason(ctx)],
  };
}

export function leaveCampusText(ctx: PlanContext, home: number, commute: number) {
  const { prefs, f } = ctx;
  return {
    title: 'Go home between classes',
    summary: `About ${mins(home)} at home, with ${mins(commute)} of commuting each way.`,
    reasons: [
      `${mins(home)} at home meets your ${mins(prefs.minimumHomeStayMinutes)} minimum after ${mins(commute)} each way, ${mins(prefs.homeTurnaroundMinutes)} turnaround and ${mins(f.B)} of buffer.`,
      `Leave home by ${clockTime(ctx.input.gap.endTime - commute - f.B)} to be back for the next class.`,
    ],
  };
}

export function restText(ctx: PlanContext) {
  return {
    title: 'Take it easy',
    summary: `Use the ${mins(ctx.f.A)} to rest: a walk, a snack or a quiet sit-down.`,
    reasons: [freeTimeReason(ctx), travelReason(ctx)],
  };
}

export function locationDependentText(ctx: PlanContext) {
  const { f, input } = ctx;
  return {
    title: 'Depends on where you need to go',
    summary: `A building has no known location, so the walk can't be timed; keep at least ${mins(f.B)} to get there.`,
    reasons: [
      `Without a location for ${input.from.name} or ${input.to.name}, no route or walking time can be given.`,
      `${mins(f.A)} free if you leave by ${clockTime(f.leaveBy)}.`,
    ],
  };
}

/** Why the plan may not hold: the route's warnings, then the gap plan's own (BEHAVIOUR §8). */
export function assessmentWarnings(ctx: PlanContext, tightPrimary: boolean): string[] {
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
  } else if (tightPrimary) {
    w.push(`Tight transition: only ${mins(f.A)} to spare before you need to leave.`);
  }
  return w;
}
