/**
 * Compiler for the documented subset of OpenStreetMap `opening_hours` (BEHAVIOUR §9) into a
 * WeeklySchedule (types.ts). Pure; used by the build, which fails with place id and position
 * when the text is outside the subset.
 *
 * Subset (whitespace between tokens is free):
 *   text      := rule (';' rule)*
 *   rule      := '24/7' | [selector] body
 *   selector  := item (',' item)*          item := Day | Day '-' Day | 'PH'
 *   body      := 'off' | 'closed' | range (',' range)*
 *   range     := hh:mm '-' hh:mm           (hh 00–24, mm 00–59, start < 24:00)
 *   Day       := Mo Tu We Th Fr Sa Su      (ranges may wrap: Sa-Mo = Sa, Su, Mo)
 *
 * Semantics:
 * - A rule without a selector applies to every weekday (not to public holidays). Later rules
 *   replace, for the days they name, what earlier rules said about those days (OSM semantics).
 * - A range whose end is ≤ its start runs past midnight into the next day (`22:00-02:00`;
 *   `10:00-10:00` is 24 hours). That tail belongs to the day that starts it: overriding the next
 *   day does not remove it. `24/7` opens every weekday all day.
 * - Public holidays are covered only by an explicit PH item: `PH off` → 'closed',
 *   `PH hh:mm-hh:mm` → those ranges (which may not pass midnight), no PH → 'not-covered'.
 */
import type { WeeklySchedule } from '../../../runtime/domain/types.ts';

export type CompileResult =
  | { ok: true; schedule: WeeklySchedule }
  | { ok: false; position: number; reason: string };

export const DAY_NAMES = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const;
export const MINUTES_PER_DAY = 1440;
const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;

type Range = [number, number];
/** Ranges owned by each weekday (end may exceed 1440 for overnight ranges). */
type DayRanges = Range[];

class SyntaxFailure {
  constructor(
    readonly position: number,
    readonly reason: string,
  ) {}
}

class Parser {
  pos = 0;
  constructor(readonly text: string) {}

  fail(reason: string, position = this.pos): never {
    throw new SyntaxFailure(position, reason);
  }
  skipSpace(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos])) this.pos++;
  }
  atEnd(): boolean {
    return this.pos >= this.text.length;
  }
  peek(s: string): boolean {
    return this.text.startsWith(s, this.pos);
  }
  accept(s: string): boolean {
    if (!this.peek(s)) return false;
    this.pos += s.length;
    return true;
  }
  /** A word that is not followed by another letter (so `Mon` is not read as `Mo`). */
  acceptWord(word: string): boolean {
    if (!this.peek(word) || /[A-Za-z]/.test(this.text[this.pos + word.length] ?? '')) return false;
    this.pos += word.length;
    return true;
  }
  peekDay(): number {
    for (let i = 0; i < DAY_NAMES.length; i++) {
      const name = DAY_NAMES[i];
      if (this.peek(name) && !/[A-Za-z]/.test(this.text[this.pos + name.length] ?? '')) return i;
    }
    return -1;
  }
  peekDigit(): boolean {
    return /[0-9]/.test(this.text[this.pos] ?? '');
  }
}

interface Selector {
  days: number[];
  holiday: boolean;
}

function parseDay(p: Parser): number {
  const day = p.peekDay();
  if (day < 0) p.fail('expected a weekday (Mo, Tu, We, Th, Fr, Sa, Su)');
  p.pos += 2;
  return day;
}

function parseSelector(p: Parser): Selector {
  const days = new Set<number>();
  let holiday = false;
  for (;;) {
    if (p.acceptWord('PH')) {
      holiday = true;
    } else {
      const first = parseDay(p);
      p.skipSpace();
      if (p.accept('-')) {
        p.skipSpace();
        const last = parseDay(p);
        for (let d = first; ; d = (d + 1) % 7) {
          days.add(d);
          if (d === last) break;
        }
      } else {
        days.add(first);
      }
    }
    p.skipSpace();
    if (!p.accept(',')) break;
    p.skipSpace();
  }
  return { days: [...days].sort((a, b) => a - b), holiday };
}

function parseTime(p: Parser, isEnd: boolean): number {
  const start = p.pos;
  const m = /^(\d\d):(\d\d)/.exec(p.text.slice(p.pos));
  if (!m) p.fail('expected a time hh:mm');
  const hours = Number(m[1]);
  const minutes = Number(m[2]);
  if (hours > 24) p.fail('hour must be 00–24', start);
  if (minutes > 59) p.fail('minutes must be 00–59', start + 3);
  const value = hours * 60 + minutes;
  if (value > MINUTES_PER_DAY) p.fail('time after 24:00', start);
  if (!isEnd && value === MINUTES_PER_DAY) p.fail('a range cannot start at 24:00', start);
  p.pos += 5;
  return value;
}

function parseRange(p: Parser): Range {
  const from = parseTime(p, false);
  p.skipSpace();
  if (!p.accept('-')) p.fail("expected '-' between start and end time");
  p.skipSpace();
  const to = parseTime(p, true);
  return [from, to <= from ? to + MINUTES_PER_DAY : to];
}

/** Body of a rule: null = off/closed, otherwise its ranges (unmerged, in order). */
function parseBody(p: Parser): Range[] | null {
  if (p.acceptWord('off') || p.acceptWord('closed')) return null;
  if (!p.peekDigit()) p.fail("expected a time range hh:mm-hh:mm, 'off' or 'closed'");
  const ranges: Range[] = [];
  for (;;) {
    ranges.push(parseRange(p));
    p.skipSpace();
    if (!p.peek(',')) break;
    p.pos++;
    p.skipSpace();
    if (!p.peekDigit()) p.fail('expected a time range after \',\' (additional rules are not supported)');
  }
  return ranges;
}

/** Sorts and merges half-open intervals (touching intervals merge). */
export function mergeIntervals(intervals: Range[]): Range[] {
  const sorted = intervals.filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  const out: Range[] = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

function weeklyIntervals(days: DayRanges[]): Range[] {
  const raw: Range[] = [];
  days.forEach((ranges, day) => {
    for (const [a, b] of ranges) {
      const start = day * MINUTES_PER_DAY + a;
      const end = day * MINUTES_PER_DAY + b;
      if (end <= MINUTES_PER_WEEK) raw.push([start, end]);
      else raw.push([start, MINUTES_PER_WEEK], [0, end - MINUTES_PER_WEEK]);
    }
  });
  return mergeIntervals(raw);
}

function parseText(p: Parser): WeeklySchedule {
  const days: DayRanges[] = DAY_NAMES.map(() => []);
  let publicHoliday: WeeklySchedule['publicHoliday'] = 'not-covered';
  for (;;) {
    p.skipSpace();
    if (p.atEnd() || p.peek(';')) p.fail('empty rule');
    if (p.accept('24/7')) {
      for (let d = 0; d < 7; d++) days[d] = [[0, MINUTES_PER_DAY]];
    } else {
      const selector: Selector = p.peekDigit() || p.peek('off') || p.peek('closed')
        ? { days: [0, 1, 2, 3, 4, 5, 6], holiday: false }
        : parseSelector(p);
      p.skipSpace();
      const bodyAt = p.pos;
      const body = parseBody(p);
      for (const d of selector.days) days[d] = body ? body.map(([a, b]): Range => [a, b]) : [];
      if (selector.holiday) {
        if (body === null) {
          publicHoliday = 'closed';
        } else {
          if (body.some(([, b]) => b > MINUTES_PER_DAY)) {
            p.fail('a PH range cannot run past midnight', bodyAt);
          }
          publicHoliday = mergeIntervals(body);
        }
      }
    }
    p.skipSpace();
    if (p.atEnd()) break;
    if (!p.accept(';')) p.fail("unexpected character; expected ';' or end of text");
  }
  return { intervals: weeklyIntervals(days), publicHoliday };
}

export function compileOpeningHours(text: string): CompileResult {
  const p = new Parser(text);
  try {
    return { ok: true, schedule: parseText(p) };
  } catch (e) {
    if (e instanceof SyntaxFailure) return { ok: false, position: e.position, reason: e.reason };
    throw e;
  }
}
