/** Calendar arithmetic on day numbers (days since 1970-01-01, proleptic Gregorian). */
export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

/** Day number of a calendar date (month 1–12). */
export function dayNumber(y: number, m: number, d: number): number {
  return Math.floor(Date.UTC(y, m - 1, d) / DAY_MS);
}

/** 0 = Monday … 6 = Sunday. */
export function weekdayOfDayNumber(day: number): number {
  return (((day + 3) % 7) + 7) % 7;
}

export function yearOfDayNumber(day: number): number {
  return new Date(day * DAY_MS).getUTCFullYear();
}

/** YYYY-MM-DD of a day number. */
export function isoDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Parses `YYYY-MM-DD` (or the date part of a date-time) to a day number; NaN when malformed. */
export function parseDay(text: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  return m ? dayNumber(+m[1], +m[2], +m[3]) : NaN;
}
