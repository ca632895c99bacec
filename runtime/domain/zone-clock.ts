/**
 * Wall-clock arithmetic in an IANA time zone, via Intl (formatters cached per zone).
 * "Local ms" = the instant's wall-clock reading written as if it were UTC ms, so that
 * floor(local / DAY_MS) is the local day number and the rest is the time of day.
 */
import { DAY_MS } from './calendar.ts';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Offset of the zone's wall clock from UTC at an instant, in ms (e.g. −4 h in EDT). */
export function zoneOffset(timeZone: string, instant: number): number {
  const wholeSecond = instant - (((instant % 1000) + 1000) % 1000);
  const v: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(wholeSecond))) {
    if (part.type !== 'literal') v[part.type] = Number(part.value);
  }
  return Date.UTC(v.year, v.month - 1, v.day, v.hour, v.minute, v.second) - wholeSecond;
}

/** A stretch of time with one UTC offset, starting at `start` (an instant in ms). */
export interface OffsetSegment {
  start: number;
  offset: number;
}

/**
 * The offset segments covering [from, to]: the first starts at `from`, each next one at the exact
 * instant (ms) the offset changes. The offset is sampled daily, so zones that change twice
 * within one day would be missed — no IANA zone of a campus does.
 */
export function offsetSegments(timeZone: string, from: number, to: number): OffsetSegment[] {
  const segments: OffsetSegment[] = [{ start: from, offset: zoneOffset(timeZone, from) }];
  let prevT = from;
  let prevOffset = segments[0].offset;
  while (prevT < to) {
    const t = Math.min(prevT + DAY_MS, to);
    const offset = zoneOffset(timeZone, t);
    if (offset !== prevOffset) {
      let lo = prevT;
      let hi = t;
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (zoneOffset(timeZone, mid) === prevOffset) lo = mid;
        else hi = mid;
      }
      segments.push({ start: hi, offset });
    }
    prevT = t;
    prevOffset = offset;
  }
  return segments;
}
