/**
 * Public holidays of Ontario and British Columbia, computed by rule for any year (no lists).
 *
 * Decisions:
 * - Ontario: the nine statutory holidays plus the Civic Holiday (1st Monday of August). It is not
 *   statutory, but most campuses close or change hours; treating it as a holiday makes places
 *   without PH hours `unknown` that day, which is the safe outcome.
 * - British Columbia: the eleven statutory holidays (Truth and Reconciliation from 2023; Family Day
 *   since 2013, on the 2nd Monday of February until 2018 and the 3rd Monday since 2019).
 *   Ontario's Family Day exists since 2008.
 * - Observed days: when a fixed-date holiday falls on a Saturday or Sunday, the next weekday
 *   that is not already a holiday is observed too (so Christmas on a Saturday gives Monday 27 and
 *   Boxing Day Tuesday 28). Both the date itself and the observed day count as holidays: campus
 *   services usually close on the observed day, and a holiday the hours don't cover only makes a
 *   place `unknown`, never closed.
 */

import { dayNumber, isoDate, parseDay, weekdayOfDayNumber, yearOfDayNumber } from './calendar.ts';
import type { Region } from './types.ts';

export type { Region };


export interface Holiday {
  /** YYYY-MM-DD */
  date: string;
  name: string;
  observed: boolean;
}

/** Easter Sunday (anonymous Gregorian algorithm, Meeus/Jones/Butcher) as a day number. */
export function easterSunday(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return dayNumber(year, month, day);
}

/** The n-th Monday (n ≥ 1) of a month. */
function nthMonday(year: number, month: number, n: number): number {
  const first = dayNumber(year, month, 1);
  return first + ((7 - weekdayOfDayNumber(first)) % 7) + 7 * (n - 1);
}

/** The last Monday strictly before a date (Victoria Day: the Monday before May 25). */
function mondayBefore(year: number, month: number, day: number): number {
  const before = dayNumber(year, month, day) - 1;
  return before - weekdayOfDayNumber(before);
}

type Rule = {
  name: string;
  /** First year the rule applies (inclusive). */
  since?: number;
  until?: number;
  day: (year: number) => number;
  /** Fixed-date holidays get an observed weekday when they fall on a weekend. */
  fixed?: boolean;
};

const fixed = (name: string, month: number, day: number, since?: number): Rule => ({
  name,
  since,
  fixed: true,
  day: (y) => dayNumber(y, month, day),
});

const COMMON_START: Rule[] = [
  fixed("New Year's Day", 1, 1),
  { name: 'Good Friday', day: (y) => easterSunday(y) - 2 },
  { name: 'Victoria Day', day: (y) => mondayBefore(y, 5, 25) },
  fixed('Canada Day', 7, 1),
];

const RULES: Record<Region, Rule[]> = {
  ON: [
    ...COMMON_START,
    { name: 'Family Day', since: 2008, day: (y) => nthMonday(y, 2, 3) },
    { name: 'Civic Holiday', day: (y) => nthMonday(y, 8, 1) },
    { name: 'Labour Day', day: (y) => nthMonday(y, 9, 1) },
    { name: 'Thanksgiving', day: (y) => nthMonday(y, 10, 2) },
    fixed('Christmas Day', 12, 25),
    fixed('Boxing Day', 12, 26),
  ],
  BC: [
    ...COMMON_START,
    { name: 'Family Day', since: 2013, until: 2018, day: (y) => nthMonday(y, 2, 2) },
    { name: 'Family Day', since: 2019, day: (y) => nthMonday(y, 2, 3) },
    { name: 'BC Day', day: (y) => nthMonday(y, 8, 1) },
    { name: 'Labour Day', day: (y) => nthMonday(y, 9, 1) },
    fixed('National Day for Truth and Reconciliation', 9, 30, 2023),
    { name: 'Thanksgiving', day: (y) => nthMonday(y, 10, 2) },
    fixed('Remembrance Day', 11, 11),
    fixed('Christmas Day', 12, 25),
  ],
};

function computeHolidays(region: Region, year: number): Holiday[] {
  const rules = RULES[region].filter((r) => (r.since ?? -Infinity) <= year && year <= (r.until ?? Infinity));
  const actual = rules.map((r) => ({ rule: r, day: r.day(year) })).sort((a, b) => a.day - b.day);
  const taken = new Set(actual.map((h) => h.day));
  const out: { day: number; name: string; observed: boolean }[] = actual.map((h) => ({
    day: h.day,
    name: h.rule.name,
    observed: false,
  }));
  for (const h of actual) {
    if (!h.rule.fixed || weekdayOfDayNumber(h.day) < 5) continue;
    let day = h.day + 1;
    while (weekdayOfDayNumber(day) >= 5 || taken.has(day)) day++;
    taken.add(day);
    out.push({ day, name: `${h.rule.name} (observed)`, observed: true });
  }
  return out
    .sort((a, b) => a.day - b.day)
    .map((h) => ({ date: isoDate(h.day), name: h.name, observed: h.observed }));
}

const cache = new Map<string, { list: Holiday[]; days: Set<number> }>();

function yearEntry(region: Region, year: number) {
  const key = `${region}:${year}`;
  let entry = cache.get(key);
  if (!entry) {
    const list = computeHolidays(region, year);
    const days = new Set(list.map((h) => parseDay(h.date)));
    entry = { list, days };
    cache.set(key, entry);
  }
  return entry;
}

/** Holidays of a year in date order (actual dates and observed weekdays). */
export function holidaysOf(region: Region, year: number): Holiday[] {
  return yearEntry(region, year).list.map((h) => ({ ...h }));
}

/** Whether the local calendar day with this day number is a public holiday. */
export function isPublicHolidayDay(region: Region, day: number): boolean {
  const y = yearOfDayNumber(day);
  // An observed day of a late-December holiday never crosses into January (the 31st is at most
  // the 3rd weekday after the 25th), so the year of the date is the year of its rule.
  return yearEntry(region, y).days.has(day);
}

export function isPublicHoliday(region: Region, y: number, m: number, d: number): boolean {
  return isPublicHolidayDay(region, dayNumber(y, m, d));
}
