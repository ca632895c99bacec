/**
 * Reads opening hours published as free text (e.g. UBC geodata `HOURS`: `M-F: 9 am - 5 pm; Sat-Sun: Closed`)
 * into the project's opening-hours model, an OpenStreetMap `opening_hours` string of the documented subset
 * (opening-hours.ts) — only when every part of the text is understood; otherwise it says why not
 * (BEHAVIOUR §9: the text stays readable as published, the availability stays unknown). Pure.
 *
 * Understood:
 *   text     := '24hrs' | clause (';' clause)* [';']
 *   clause   := rule (',' rule)* | 'Closed Holidays'
 *   rule     := days ':' body
 *   days     := 'Daily' | item ((',' | '/') item)*      item := Day | Day '-' Day (ranges may wrap: Sat-M)
 *   body     := 'Closed' | range (('&' | ',') range)*
 *   range    := time '-' time                          time := h[:mm] am|pm (a start without am/pm takes the
 *                                                       end's when that keeps start < end: `4 - 9 pm`)
 *   Day      := M Mo Mon Tu Tue Tues W We Wed Th Thu Thur Thurs F Fr Fri Sa Sat Su Sun (or the full name),
 *               any case; `S` and `T` are ambiguous and refused.
 * Meaning: `12 am` ends a range at midnight (24:00); a range from pm to am runs past midnight; a day the
 * text does not name is closed (a published weekly schedule lists the open days); `Closed Holidays` →
 * `PH off`; without it public holidays are not covered (availability unknown on them).
 * Refused (with the reason): anything else — seasonal notes `(Oct-Apr)`, `Summer …`, `3rd Th`, single
 * times, a day named twice (extra or replacing hours?), a range that ends before it starts (`9 pm - 3 pm`),
 * truncated or misspelt words (`Clos`, `Sunt`, `4 p m`).
 */
import { DAY_NAMES, MINUTES_PER_DAY } from './opening-hours.ts';

export type FreeTextHours = { ok: true; openingHours: string } | { ok: false; reason: string };

const DAY_WORDS: Record<string, number> = {};
(
  [
    ['m', 'mo', 'mon', 'monday'],
    ['tu', 'tue', 'tues', 'tuesday'],
    ['w', 'we', 'wed', 'weds', 'wednesday'],
    ['th', 'thu', 'thur', 'thurs', 'thursday'],
    ['f', 'fr', 'fri', 'friday'],
    ['sa', 'sat', 'saturday'],
    ['su', 'sun', 'sunday'],
  ] as const
).forEach((words, day) => words.forEach((w) => (DAY_WORDS[w] = day)));
const AMBIGUOUS_DAYS: Record<string, string> = { s: 'Saturday or Sunday', t: 'Tuesday or Thursday' };

class Refusal {
  constructor(readonly reason: string) {}
}
const refuse = (reason: string): never => {
  throw new Refusal(reason);
};

/** A cursor over one clause. */
class Cursor {
  pos = 0;
  constructor(readonly text: string) {}
  space(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos])) this.pos++;
  }
  atEnd(): boolean {
    this.space();
    return this.pos >= this.text.length;
  }
  accept(ch: string): boolean {
    this.space();
    if (this.text[this.pos] !== ch) return false;
    this.pos++;
    return true;
  }
  /** The letters at the cursor (a word), without consuming them. */
  peekWord(): string {
    this.space();
    return /^[A-Za-z]+/.exec(this.text.slice(this.pos))?.[0] ?? '';
  }
  rest(): string {
    return this.text.slice(this.pos).trim();
  }
  /** What stands at the cursor, for a reason: up to the next separator. */
  fragment(): string {
    this.space();
    return JSON.stringify(/^[^;,&:]*/.exec(this.text.slice(this.pos))![0].trim() || this.text.slice(this.pos, this.pos + 1));
  }
}

function readDay(c: Cursor): number {
  const word = c.peekWord();
  const lower = word.toLowerCase();
  if (!word) refuse(`expected a day, found ${c.fragment()}`);
  if (lower in AMBIGUOUS_DAYS) refuse(`"${word}" could be ${AMBIGUOUS_DAYS[lower]}`);
  if (!(lower in DAY_WORDS)) refuse(`"${word}" is not a day`);
  c.pos += word.length;
  return DAY_WORDS[lower];
}

/** Days of a selector, in the order they are named (a day named twice in one selector is refused). */
function readDays(c: Cursor): number[] {
  if (c.peekWord().toLowerCase() === 'daily') {
    c.pos += 5;
    return [0, 1, 2, 3, 4, 5, 6];
  }
  const days: number[] = [];
  do {
    const first = readDay(c);
    const last = c.accept('-') ? readDay(c) : first;
    for (let d = first; ; d = (d + 1) % 7) {
      days.push(d);
      if (d === last) break;
    }
  } while (c.accept(',') || c.accept('/'));
  return days;
}

interface Time {
  minutes: number; // 0–719 within the half day, meridiem not applied
  meridiem: 'am' | 'pm' | null;
  text: string;
}

function readTime(c: Cursor): Time {
  c.space();
  const start = c.pos;
  const m = /^(\d{1,2})(?::(\d{2}))?/.exec(c.text.slice(c.pos));
  if (!m) refuse(`expected a time, found ${c.fragment()}`);
  c.pos += m![0].length;
  const hour = Number(m![1]);
  const minute = m![2] === undefined ? 0 : Number(m![2]);
  const mer = /^\s*([ap])\.?m\.?(?![A-Za-z])/i.exec(c.text.slice(c.pos));
  let meridiem: Time['meridiem'] = null;
  if (mer) {
    meridiem = mer[1].toLowerCase() === 'a' ? 'am' : 'pm';
    c.pos += mer[0].length;
  }
  const text = c.text.slice(start, c.pos).trim();
  if (/^[A-Za-z]/.test(c.text.slice(c.pos).trimStart())) {
    refuse(`"${text}" is followed by ${JSON.stringify(c.text.slice(c.pos).trim().split(/[;,&]/)[0].trim())}, not am/pm`);
  }
  if (hour < 1 || hour > 12 || minute > 59) refuse(`"${text}" is not a 12-hour time`);
  return { minutes: (hour % 12) * 60 + minute, meridiem, text };
}

const withMeridiem = (t: Time, meridiem: 'am' | 'pm') => t.minutes + (meridiem === 'pm' ? 720 : 0);

/** [start, end) in minutes of the day; end may be ≤ start for a range past midnight. */
function readRange(c: Cursor): [number, number] {
  const from = readTime(c);
  if (!c.accept('-')) refuse(`"${from.text}" is a single time, not a range`);
  const to = readTime(c);
  if (!to.meridiem) refuse(`"${from.text} - ${to.text}": the end has no am/pm`);
  let end = withMeridiem(to, to.meridiem!);
  if (end === 0) end = MINUTES_PER_DAY; // 12 am ends the day
  let start: number;
  if (from.meridiem) start = withMeridiem(from, from.meridiem);
  else {
    start = withMeridiem(from, to.meridiem!);
    if (start >= end) refuse(`"${from.text} - ${to.text}": the start has no am/pm`);
  }
  if (end <= start) {
    const overnight = from.meridiem === 'pm' && to.meridiem === 'am';
    if (!overnight) refuse(`"${from.text} - ${to.text}" ends before it starts`);
  }
  return [start, end];
}

/** A rule's body: null = closed, else its ranges. Stops before ',' that starts a new rule. */
function readBody(c: Cursor): [number, number][] | null {
  if (c.peekWord().toLowerCase() === 'closed') {
    c.pos += c.peekWord().length;
    return null;
  }
  const ranges: [number, number][] = [readRange(c)];
  for (;;) {
    const save = c.pos;
    if (c.accept('&')) {
      ranges.push(readRange(c));
      continue;
    }
    if (c.accept(',')) {
      c.space();
      if (/^\d/.test(c.text.slice(c.pos))) {
        ranges.push(readRange(c));
        continue;
      }
    }
    c.pos = save;
    return ranges;
  }
}

const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** The opening_hours text of per-day ranges (null = closed): one rule per distinct value, days grouped. */
function openingHoursText(week: ([number, number][] | null)[], holidaysClosed: boolean): string {
  const value = (ranges: [number, number][] | null) => (ranges ? ranges.map(([a, b]) => `${hhmm(a)}-${hhmm(b)}`).join(',') : 'off');
  const values = week.map(value);
  const rules: string[] = [];
  for (const v of [...new Set(values)]) {
    const days = values.flatMap((x, d) => (x === v ? [d] : []));
    const runs: string[] = [];
    for (let i = 0; i < days.length; ) {
      let j = i;
      while (j + 1 < days.length && days[j + 1] === days[j] + 1) j++;
      runs.push(j > i ? `${DAY_NAMES[days[i]]}-${DAY_NAMES[days[j]]}` : DAY_NAMES[days[i]]);
      i = j + 1;
    }
    rules.push(`${runs.join(',')} ${v}`);
  }
  if (holidaysClosed) rules.push('PH off');
  return rules.join('; ');
}

export function parseFreeTextHours(text: string): FreeTextHours {
  try {
    const whole = text.trim();
    if (/^(24\s*hrs?|24\s*hours|open 24 hours)$/i.test(whole)) return { ok: true, openingHours: '24/7' };
    if (whole === '') refuse('no text');
    const paren = /\([^)]*\)?/.exec(whole);
    if (paren) refuse(`note ${JSON.stringify(paren[0])}: seasonal or other notes are not in the opening-hours model`);
    const week: ([number, number][] | null)[] = Array(7).fill(null);
    const namedBy: (string | null)[] = Array(7).fill(null);
    let holidaysClosed = false;
    for (const clause of whole.split(';')) {
      if (clause.trim() === '') continue;
      if (/^\s*(closed (on )?holidays|holidays\s*:\s*closed)\s*$/i.test(clause)) {
        holidaysClosed = true;
        continue;
      }
      const c = new Cursor(clause);
      do {
        const selectorAt = c.pos;
        const days = readDays(c);
        const selector = clause.slice(selectorAt, c.pos).trim();
        if (!c.accept(':')) refuse(`expected ':' after "${selector}", found ${c.atEnd() ? 'the end' : c.fragment()}`);
        const body = readBody(c);
        for (const d of days) {
          if (namedBy[d] !== null) refuse(`${DAY_NAMES[d]} is named twice ("${namedBy[d]}" and "${selector}"): extra or replacing hours?`);
          namedBy[d] = selector;
          week[d] = body;
        }
      } while (c.accept(','));
      if (!c.atEnd()) refuse(`${JSON.stringify(c.rest())} is not understood`);
    }
    if (namedBy.every((n) => n === null)) refuse('no day is named');
    return { ok: true, openingHours: openingHoursText(week, holidaysClosed) };
  } catch (e) {
    if (e instanceof Refusal) return { ok: false, reason: e.reason };
    throw e;
  }
}
