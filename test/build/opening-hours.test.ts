import { describe, expect, it } from 'vitest';
import { compileOpeningHours } from '../../build/compile/campus/opening-hours.ts';

const DAY = 1440;
const at = (day: number, hh: number, mm = 0) => day * DAY + hh * 60 + mm;

function ok(text: string) {
  const r = compileOpeningHours(text);
  if (!r.ok) throw new Error(`expected ok for ${text}: ${r.reason} at ${r.position}`);
  return r.schedule;
}

describe('compileOpeningHours: valid strings', () => {
  it('weekday range', () => {
    expect(ok('Mo-Fr 08:00-17:00')).toEqual({
      intervals: [0, 1, 2, 3, 4].map((d) => [at(d, 8), at(d, 17)]),
      publicHoliday: 'not-covered',
    });
  });

  it('rule without selector applies to every day; later rules override the days they name', () => {
    expect(ok('09:00-17:00; Sa 10:00-14:00; Su off').intervals).toEqual([
      ...[0, 1, 2, 3, 4].map((d) => [at(d, 9), at(d, 17)]),
      [at(5, 10), at(5, 14)],
    ]);
  });

  it('lists, combos and wrapping ranges', () => {
    expect(ok('Mo,We,Fr 10:00-11:00').intervals).toEqual([0, 2, 4].map((d) => [at(d, 10), at(d, 11)]));
    expect(ok('Mo-Tu,Su 10:00-11:00').intervals).toEqual([0, 1, 6].map((d) => [at(d, 10), at(d, 11)]));
    expect(ok('Sa-Mo 10:00-11:00').intervals).toEqual([0, 5, 6].map((d) => [at(d, 10), at(d, 11)]));
  });

  it('several ranges per day are merged when they touch', () => {
    expect(ok('Mo 08:00-12:00,12:00-13:00, 15:00-16:00').intervals).toEqual([
      [at(0, 8), at(0, 13)],
      [at(0, 15), at(0, 16)],
    ]);
  });

  it('overnight ranges cross midnight; Sunday night wraps to the week start', () => {
    expect(ok('Fr 22:00-02:00').intervals).toEqual([[at(4, 22), at(5, 2)]]);
    expect(ok('Su 22:00-02:00').intervals).toEqual([
      [0, at(0, 2)],
      [at(6, 22), 7 * DAY],
    ]);
    expect(ok('Su 22:00-02:00; Mo 02:00-05:00').intervals).toEqual([
      [0, at(0, 5)],
      [at(6, 22), 7 * DAY],
    ]);
  });

  it('the tail past midnight belongs to the day that starts it', () => {
    expect(ok('Fr 22:00-02:00; Sa off').intervals).toEqual([[at(4, 22), at(5, 2)]]);
  });

  it('24:00 end, 24/7 and equal times (24 hours)', () => {
    expect(ok('Mo 18:00-24:00').intervals).toEqual([[at(0, 18), at(1, 0)]]);
    expect(ok('Mo-Su 00:00-24:00').intervals).toEqual([[0, 7 * DAY]]);
    expect(ok('24/7')).toEqual({ intervals: [[0, 7 * DAY]], publicHoliday: 'not-covered' });
    expect(ok('Mo 10:00-10:00').intervals).toEqual([[at(0, 10), at(1, 10)]]);
  });

  it('off / closed and PH rules', () => {
    expect(ok('Mo-Fr 08:00-17:00; PH off').publicHoliday).toBe('closed');
    expect(ok('Mo-Fr 08:00-17:00; PH closed').publicHoliday).toBe('closed');
    expect(ok('Mo-Fr 08:00-17:00; PH 10:00-14:00,13:00-15:00').publicHoliday).toEqual([[600, 900]]);
    expect(ok('24/7; PH off')).toEqual({ intervals: [[0, 7 * DAY]], publicHoliday: 'closed' });
    const s = ok('Mo-Fr 08:00-17:00; Sa,Su,PH off');
    expect(s.publicHoliday).toBe('closed');
    expect(s.intervals).toHaveLength(5);
    expect(ok('off')).toEqual({ intervals: [], publicHoliday: 'not-covered' });
  });

  it('a later PH rule overrides an earlier one', () => {
    expect(ok('PH off; PH 10:00-12:00').publicHoliday).toEqual([[600, 720]]);
    expect(ok('PH 10:00-12:00; PH off').publicHoliday).toBe('closed');
  });

  it('tolerates extra whitespace', () => {
    expect(ok('  Mo - Fr  08:00 - 17:00 ;  PH off ')).toEqual(ok('Mo-Fr 08:00-17:00; PH off'));
  });
});

describe('compileOpeningHours: rejects with positions', () => {
  const cases: [string, number, RegExp][] = [
    ['', 0, /empty/],
    ['Mo-Fr 08:00-17:00;', 18, /empty rule/],
    ['Mo-Fr 08:00-17:00;; Sa off', 18, /empty rule/],
    ['mo 08:00-09:00', 0, /weekday/],
    ['Mon 08:00-09:00', 0, /weekday/],
    ['Jan 08:00-10:00', 0, /weekday/],
    ['Mo-Fr 8:00-17:00', 6, /hh:mm/],
    ['Mo 25:00-26:00', 3, /hour/],
    ['Mo 08:00-10:60', 12, /minutes/],
    ['Mo 24:00-02:00', 3, /24:00/],
    ['Mo 08:00-24:30', 9, /24:00/],
    ['Mo 08:00', 8, /'-'/],
    ['Mo-Fr', 5, /time range/],
    ['Mo-Fr 08:00-17:00, We 18:00-19:00', 19, /additional rules/],
    ['Mo-Fr 08:00-17:00 off', 18, /';'/],
    ['Mo-Fr 08:00-17:00 || "call"', 18, /';'/],
    ['PH 22:00-02:00', 3, /midnight/],
    ['Mo-Fr sunrise-sunset', 6, /time range/],
    ['Mo-Fr 08:00+', 11, /'-'/],
    ['24/7 off', 5, /';'/],
    ['Mo-', 3, /weekday/],
  ];
  it.each(cases)('%j → position %i', (text, position, reason) => {
    const r = compileOpeningHours(text);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.position).toBe(position);
      expect(r.reason).toMatch(reason);
    }
  });
});
