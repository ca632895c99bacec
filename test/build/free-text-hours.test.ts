/**
 * The free-text hours reader (build/compile/campus/free-text-hours.ts), table-driven on strings taken
 * from UBC geodata `HOURS` as published (typos included): what it reads, into which opening_hours text,
 * and what it refuses, with the reason. Every text it reads compiles in the opening-hours model.
 */
import { describe, expect, it } from 'vitest';
import { parseFreeTextHours } from '../../build/compile/campus/free-text-hours.ts';
import { compileOpeningHours } from '../../build/compile/campus/opening-hours.ts';

const READ: [string, string][] = [
  ['M-F: 9 am - 5 pm; Sat-Sun: Closed', 'Mo-Fr 09:00-17:00; Sa-Su off'],
  ['Daily: 11 am - 8 pm', 'Mo-Su 11:00-20:00'],
  ['M,W,Th,Fri: 9:30 am - 4 pm; Tu: 10 am - 4 pm', 'Mo,We-Fr 09:30-16:00; Tu 10:00-16:00; Sa-Su off'],
  // a ',' before a day list starts a new rule; a day the text does not name is closed
  ['M-Th: 8am - 8pm; Fri: 8am - 6pm, Sat-Sun: 11am - 6pm', 'Mo-Th 08:00-20:00; Fr 08:00-18:00; Sa-Su 11:00-18:00'],
  // a start without am/pm takes the end's
  ['M: 4 - 9:00 PM; Tu-Sun: 11:30 AM - 9:30 PM', 'Mo 16:00-21:00; Tu-Su 11:30-21:30'],
  ['M-F: 8 am - 8 pm; Sat: 12 - 8 pm; Sun: Closed', 'Mo-Fr 08:00-20:00; Sa 12:00-20:00; Su off'],
  // '&' and ',' between ranges
  ['M-F: 7 am - 2 pm, 3 pm - 9 pm; Sat-Sun: 8 am - 2 pm, 3 pm - 9 pm', 'Mo-Fr 07:00-14:00,15:00-21:00; Sa-Su 08:00-14:00,15:00-21:00'],
  // 12 am ends the day; wrapping day ranges; spaces around '-' and before ';'
  ['Daily: 6 am - 12 am', 'Mo-Su 06:00-24:00'],
  ['W-Sat: 11 am - 12 am; Sun-Tu: 11 am - 11 pm', 'Mo-Tu,Su 11:00-23:00; We-Sa 11:00-24:00'],
  ['Tu-F: 11 am - 5 pm; Sat-M: Closed', 'Mo,Sa-Su off; Tu-Fr 11:00-17:00'],
  ['M-Th: 11 am - 11 pm; Fri -Sat: 11 am - 12 am ; Sun: 11 am - 11 pm', 'Mo-Th,Su 11:00-23:00; Fr-Sa 11:00-24:00'],
  ['M-F: 8 am - 11 pm; Sat- Sun: 10 am - 11 pm', 'Mo-Fr 08:00-23:00; Sa-Su 10:00-23:00'],
  ['M-Th: 9 am - 4:30 pm ; F-Sun: Closed', 'Mo-Th 09:00-16:30; Fr-Su off'],
  ['M-F: 12 pm - 7 pm; Sat: 11 am - 7 pm; Sun:12 pm - 7 pm', 'Mo-Fr,Su 12:00-19:00; Sa 11:00-19:00'],
  ['M-Fri: 9 am - 6 pm; Sat: 10 am - 4 pm; Sun: closed', 'Mo-Fr 09:00-18:00; Sa 10:00-16:00; Su off'],
  ['M, W-F: 9:30 am - 4 pm; Tue: 10 am - 4 pm', 'Mo,We-Fr 09:30-16:00; Tu 10:00-16:00; Sa-Su off'],
  ['Tu: 4 pm - 6 pm; Sat: 10 am - 2 pm', 'Mo,We-Fr,Su off; Tu 16:00-18:00; Sa 10:00-14:00'],
  ['M-F: 10 am - 6 pm; Sat-Sun: Closed ', 'Mo-Fr 10:00-18:00; Sa-Su off'],
  ['Daily: 11:30 am - 8:30 pm; Closed Holidays', 'Mo-Su 11:30-20:30; PH off'],
  ['24hrs', '24/7'],
];

const REFUSED: [string, RegExp][] = [
  ['M-Th: 8am - 8pm; Fri: 8am - 6pm, Sa-Sunt: 11am - 6pm', /"Sunt" is not a day/],
  ['M-F: 9 am - 12 pm & 1 pm - 4 p m; Sat-Sun: Closed', /"4" is followed by "p m", not am\/pm/],
  ['M-F: 10 am - 4 pm; Sat: 12 pm - 5 pm (Oct-Apr)', /note "\(Oct-Apr\)": seasonal/],
  ['W-Sun: 10 am - 2 pm (Oct-Mar); W-Sun: 10 am - 5 pm (Apr-Sept);', /note "\(Oct-Mar\)"/],
  ['Daily: 9:30 am - 4:30 pm; Summer Thurs: 9:30 am - 8 pm', /"Summer" is not a day/],
  ['M-F: 10 am - 4 pm ; 3rd Th: 11 am - 5:30 pm; Sat-Sun: Closed', /expected a day, found "3rd Th"/],
  ['M-F: 12:10 pm; Sun: 9:30 am', /"12:10 pm" is a single time, not a range/],
  ['M-F: 9 am - 5 pm; Sat: 9 pm - 3 pm; Sun: Closed', /"9 pm - 3 pm" ends before it starts/],
  ['M-S: 10 am - 6 pm; Sun: Closed', /"S" could be Saturday or Sunday/],
  // the field holds 80 characters: a truncated word is not "Closed"
  ['M-Tu,Th: 8:30 am - 5 pm; Wed: 9 am - 6 pm; Fri: 7:30 am - 2 pm; Sat/Sun: Clos', /expected a time, found "Clos"/],
  // a day given twice: extra evening hours or replacing ones? Not guessed.
  ['M-F: 8 am - 12:30 pm & 2 pm - 5 pm; Tu/Th: 6 pm - 9 pm; Sat: 9 am - 12 pm', /Tu is named twice \("M-F" and "Tu\/Th"\)/],
  ['W-Sat: 10 am - 6 pm; Th-Fri: 10 am - 8 pm', /Th is named twice/],
  ['Daily: 8 pm - 2 am; Summer: 9 pm - 2 am', /"Summer" is not a day/],
  ['M-F: 9 - 5', /the end has no am\/pm/],
  ['M-F: 10 - 2 pm', /the start has no am\/pm/],
  ['M-F: 13:00 - 17:00 pm', /"13:00" is not a 12-hour time/],
  ['T: 9 am - 5 pm', /"T" could be Tuesday or Thursday/],
  ['9 am - 5 pm', /expected a day/],
  ['M-F 9 am - 5 pm', /expected ':' after "M-F"/],
  ['M-F: 9 am - 5 pm by appointment', /"5 pm" is followed by "by appointment"/],
  ['', /no text/],
];

describe('free-text hours: read only when every part is understood', () => {
  it.each(READ)('%j → %j', (text, expected) => {
    const r = parseFreeTextHours(text);
    expect(r).toEqual({ ok: true, openingHours: expected });
    expect(compileOpeningHours(expected).ok).toBe(true);
  });

  it.each(REFUSED)('refuses %j', (text, reason) => {
    const r = parseFreeTextHours(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(reason);
  });

  it('an overnight range belongs to the day it starts on', () => {
    const r = parseFreeTextHours('Fri: 8 pm - 2 am');
    expect(r).toEqual({ ok: true, openingHours: 'Mo-Th,Sa-Su off; Fr 20:00-02:00' });
    const compiled = compileOpeningHours((r as { openingHours: string }).openingHours);
    // Friday 20:00 → Saturday 02:00, in minutes of the week (Monday 00:00 = 0)
    expect(compiled.ok && compiled.schedule.intervals).toEqual([[4 * 1440 + 1200, 5 * 1440 + 120]]);
    expect(compiled.ok && compiled.schedule.publicHoliday).toBe('not-covered');
  });
});
