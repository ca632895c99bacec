/**
 * Place availability at request time (BEHAVIOUR §9), evaluated on the campus's wall clock.
 *
 * The state at an instant is a function of the local wall-clock time:
 * - `unknown` when there are no hours or no schedule, the hours are neither verified nor inferred (a
 *   standing schedule the owner publishes without a validity period is `inferred` and is evaluated;
 *   `availabilityVerification` tells the two apart), the local date
 *   is past `expiresAt` or on/after `observedAt + validForDays`, or the local date is a public
 *   holiday and the hours have no PH rule. Never `closed` for lack of knowledge.
 * - On a public holiday with a PH rule, that rule decides the holiday's whole local day
 *   (PH off → closed all day); the next day follows the weekly schedule again.
 * - Otherwise open iff the minute of the week lies in a weekly interval (opening inclusive,
 *   closing exclusive).
 * Across DST the wall clock skips or repeats an hour; the state follows the wall clock, so a time
 * that does not exist takes effect at the jump and a repeated hour is evaluated twice.
 * `nextTransition` is the first instant (epoch ms) after `now`, up to 7 days ahead, at which the state
 * differs from the state at `now`. Serialization (ISO strings) and HTTP caching are the HTTP layer's.
 */
import type { AvailabilityAt, Availability, PlaceRecord, Verification, WeeklySchedule } from './types.ts';
import { DAY_MS, MINUTE_MS, parseDay, weekdayOfDayNumber } from './calendar.ts';
import { isPublicHolidayDay, type Region } from './holidays.ts';
import { offsetSegments, type OffsetSegment } from './zone-clock.ts';

const HORIZON_MS = 7 * DAY_MS;
const MINUTES_PER_DAY = 1440;

interface Evaluator {
  schedule: WeeklySchedule;
  region: Region;
  /** Last local day number on which the hours are valid. */
  lastValidDay: number;
}

function inIntervals(intervals: readonly (readonly [number, number])[], minute: number): boolean {
  for (const [a, b] of intervals) {
    if (minute < a) return false;
    if (minute < b) return true;
  }
  return false;
}

/** State at a local wall-clock time (local ms). */
function stateAtLocal(ev: Evaluator, local: number): Availability {
  const day = Math.floor(local / DAY_MS);
  if (day > ev.lastValidDay) return 'unknown';
  const minute = (local - day * DAY_MS) / MINUTE_MS;
  if (isPublicHolidayDay(ev.region, day)) {
    const ph = ev.schedule.publicHoliday;
    if (ph === 'not-covered') return 'unknown';
    if (ph === 'closed') return 'closed';
    return inIntervals(ph, minute) ? 'open' : 'closed';
  }
  return inIntervals(ev.schedule.intervals, weekdayOfDayNumber(day) * MINUTES_PER_DAY + minute) ? 'open' : 'closed';
}

/** Per weekday, the minutes of the day (0 < m < 1440) at which a weekly interval starts or ends. */
const weekdayBreaks = new WeakMap<WeeklySchedule, number[][]>();

function breaksByWeekday(schedule: WeeklySchedule): number[][] {
  let breaks = weekdayBreaks.get(schedule);
  if (!breaks) {
    const sets = Array.from({ length: 7 }, () => new Set<number>());
    for (const interval of schedule.intervals) {
      for (const m of interval) {
        const minute = m % MINUTES_PER_DAY;
        if (minute > 0) sets[Math.floor(m / MINUTES_PER_DAY) % 7].add(minute);
      }
    }
    breaks = sets.map((s) => [...s].sort((a, b) => a - b));
    weekdayBreaks.set(schedule, breaks);
  }
  return breaks;
}

/** Local times in (from, to] (local ms, ascending) at which the state may change. */
function* breakpoints(ev: Evaluator, from: number, to: number): Generator<number> {
  const weekly = breaksByWeekday(ev.schedule);
  for (let day = Math.floor(from / DAY_MS); day * DAY_MS <= to; day++) {
    const base = day * DAY_MS;
    const ph = ev.schedule.publicHoliday;
    const minutes = isPublicHolidayDay(ev.region, day)
      ? Array.isArray(ph)
        ? ph.flat()
        : []
      : weekly[weekdayOfDayNumber(day)];
    for (const local of [base, ...minutes.map((m) => base + m * MINUTE_MS)]) {
      if (local > from && local <= to) yield local;
    }
  }
}

/** Cache of the offset segments of the latest `now` per zone (one request evaluates many places). */
const segmentCache = new Map<string, { now: number; segments: OffsetSegment[] }>();

function segmentsFor(timeZone: string, now: number): OffsetSegment[] {
  const cached = segmentCache.get(timeZone);
  if (cached && cached.now === now) return cached.segments;
  const segments = offsetSegments(timeZone, now, now + HORIZON_MS);
  segmentCache.set(timeZone, { now, segments });
  return segments;
}

function nextTransition(ev: Evaluator, segments: OffsetSegment[], now: number, current: Availability): number | null {
  const horizon = now + HORIZON_MS;
  for (let i = 0; i < segments.length; i++) {
    const { start, offset } = segments[i];
    const last = i === segments.length - 1;
    const end = last ? horizon : segments[i + 1].start;
    if (i > 0 && stateAtLocal(ev, start + offset) !== current) return start;
    for (const local of breakpoints(ev, start + offset, end + offset)) {
      if (!last && local === end + offset) break; // belongs to the next segment
      if (stateAtLocal(ev, local) !== current) return local - offset;
    }
  }
  return null;
}

function lastValidDay(hours: NonNullable<PlaceRecord['hours']>): number {
  let last = Infinity;
  if (hours.expiresAt !== null) last = parseDay(hours.expiresAt);
  if (hours.validForDays !== null) last = Math.min(last, parseDay(hours.observedAt) + hours.validForDays - 1);
  return Number.isNaN(last) ? -Infinity : last;
}

const UNKNOWN: AvailabilityAt = Object.freeze({ availability: 'unknown', nextTransition: null });

export function evaluateAvailability(
  place: Pick<PlaceRecord, 'schedule' | 'hours'>,
  region: Region,
  timeZone: string,
  now: Date,
): AvailabilityAt {
  const { schedule, hours } = place;
  if (!schedule || !hours || hours.verificationStatus === 'unknown') return UNKNOWN;
  const ev: Evaluator = { schedule, region, lastValidDay: lastValidDay(hours) };
  const t = now.getTime();
  const segments = segmentsFor(timeZone, t);
  const nowLocal = t + segments[0].offset;
  if (Math.floor(nowLocal / DAY_MS) > ev.lastValidDay) return UNKNOWN;
  const availability = stateAtLocal(ev, nowLocal);
  return { availability, nextTransition: nextTransition(ev, segments, t, availability) };
}

/**
 * What an evaluated availability rests on (BEHAVIOUR §9, `availabilityVerification`): the hours' own
 * verification when the state is open or closed — `verified` hours valid at the instant, or an `inferred`
 * standing schedule — and `unknown` when the state is unknown.
 */
export function availabilityVerification(place: Pick<PlaceRecord, 'hours'>, state: AvailabilityAt): Verification {
  return state.availability === 'unknown' || !place.hours ? 'unknown' : place.hours.verificationStatus;
}
