import { describe, expect, it } from 'vitest';
import { easterSunday, holidaysOf, isPublicHoliday } from '../../runtime/domain/holidays.ts';
import { isoDate } from '../../runtime/domain/calendar.ts';

const dates = (region: 'ON' | 'BC', year: number) => holidaysOf(region, year).map((h) => h.date);

describe('Easter (anonymous Gregorian algorithm)', () => {
  it.each([
    [2019, '2019-04-21'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
    [2285, '2285-03-22'],
  ])('%i → %s', (year, date) => {
    expect(isoDate(easterSunday(year))).toBe(date);
  });
});

describe('holidays by rule', () => {
  it('Ontario 2026', () => {
    expect(holidaysOf('ON', 2026).map((h) => `${h.date} ${h.name}`)).toEqual([
      "2026-01-01 New Year's Day",
      '2026-02-16 Family Day',
      '2026-04-03 Good Friday',
      '2026-05-18 Victoria Day',
      '2026-07-01 Canada Day',
      '2026-08-03 Civic Holiday',
      '2026-09-07 Labour Day',
      '2026-10-12 Thanksgiving',
      '2026-12-25 Christmas Day',
      '2026-12-26 Boxing Day',
      '2026-12-28 Boxing Day (observed)',
    ]);
  });

  it('British Columbia 2026', () => {
    expect(dates('BC', 2026)).toEqual([
      '2026-01-01',
      '2026-02-16',
      '2026-04-03',
      '2026-05-18',
      '2026-07-01',
      '2026-08-03',
      '2026-09-07',
      '2026-09-30',
      '2026-10-12',
      '2026-11-11',
      '2026-12-25',
    ]);
  });

  it('Good Friday', () => {
    expect(isPublicHoliday('ON', 2026, 4, 3)).toBe(true);
    expect(isPublicHoliday('ON', 2027, 3, 26)).toBe(true);
    expect(isPublicHoliday('BC', 2025, 4, 18)).toBe(true);
    expect(isPublicHoliday('ON', 2026, 4, 6)).toBe(false); // Easter Monday is not a holiday
  });

  it('Victoria Day is the Monday before May 25', () => {
    expect(isPublicHoliday('ON', 2026, 5, 18)).toBe(true);
    expect(isPublicHoliday('ON', 2027, 5, 24)).toBe(true); // May 24 is itself a Monday
    expect(isPublicHoliday('ON', 2027, 5, 17)).toBe(false);
    expect(isPublicHoliday('BC', 2025, 5, 19)).toBe(true);
  });

  it('Family Day, Labour Day, Thanksgiving, Civic Holiday / BC Day', () => {
    expect(isPublicHoliday('ON', 2025, 2, 17)).toBe(true);
    expect(isPublicHoliday('ON', 2027, 2, 15)).toBe(true);
    expect(isPublicHoliday('BC', 2018, 2, 12)).toBe(true); // 2nd Monday until 2018
    expect(isPublicHoliday('BC', 2018, 2, 19)).toBe(false);
    expect(isPublicHoliday('BC', 2019, 2, 18)).toBe(true);
    expect(isPublicHoliday('ON', 2007, 2, 19)).toBe(false); // before Ontario's Family Day existed
    expect(isPublicHoliday('ON', 2026, 9, 7)).toBe(true);
    expect(isPublicHoliday('BC', 2026, 10, 12)).toBe(true);
    expect(isPublicHoliday('ON', 2026, 8, 3)).toBe(true);
    expect(isPublicHoliday('BC', 2026, 8, 3)).toBe(true);
  });

  it('Truth and Reconciliation and Remembrance Day in BC only', () => {
    expect(isPublicHoliday('BC', 2026, 9, 30)).toBe(true);
    expect(isPublicHoliday('ON', 2026, 9, 30)).toBe(false);
    expect(isPublicHoliday('BC', 2022, 9, 30)).toBe(false); // statutory in BC since 2023
    expect(isPublicHoliday('BC', 2026, 11, 11)).toBe(true);
    expect(isPublicHoliday('ON', 2026, 11, 11)).toBe(false);
    expect(isPublicHoliday('BC', 2026, 12, 26)).toBe(false); // no Boxing Day in BC
  });

  it('weekend fixed-date holidays get the next free weekday as observed day', () => {
    // 2027: Christmas Saturday, Boxing Day Sunday
    expect(dates('ON', 2027).slice(-4)).toEqual(['2027-12-25', '2027-12-26', '2027-12-27', '2027-12-28']);
    expect(dates('BC', 2027).slice(-2)).toEqual(['2027-12-25', '2027-12-27']);
    // 2022: Christmas Sunday, Boxing Day Monday → Christmas observed Tuesday
    expect(dates('ON', 2022).slice(-3)).toEqual(['2022-12-25', '2022-12-26', '2022-12-27']);
    // 2022: New Year's Day Saturday → Monday January 3
    expect(isPublicHoliday('ON', 2022, 1, 3)).toBe(true);
    // 2023: Canada Day Saturday → Monday July 3; Truth and Reconciliation Saturday → Monday October 2 (BC)
    expect(isPublicHoliday('ON', 2023, 7, 3)).toBe(true);
    expect(isPublicHoliday('BC', 2023, 10, 2)).toBe(true);
    expect(isPublicHoliday('ON', 2023, 10, 2)).toBe(false);
    expect(holidaysOf('BC', 2023).find((h) => h.date === '2023-10-02')).toEqual({
      date: '2023-10-02',
      name: 'National Day for Truth and Reconciliation (observed)',
      observed: true,
    });
  });

  it('every year has the expected number of distinct holidays, all of them valid dates', () => {
    for (let year = 2020; year <= 2060; year++) {
      for (const region of ['ON', 'BC'] as const) {
        const list = dates(region, year);
        expect(new Set(list).size).toBe(list.length);
        expect([...list].sort()).toEqual(list);
        expect(list.every((d) => d.startsWith(String(year)))).toBe(true);
        expect(list.length).toBeGreaterThanOrEqual(region === 'ON' ? 10 : year >= 2023 ? 11 : 10);
      }
    }
  });

  it('returns copies (callers cannot corrupt the cache)', () => {
    const list = holidaysOf('ON', 2026);
    list[0].date = 'x';
    expect(holidaysOf('ON', 2026)[0].date).toBe('2026-01-01');
  });
});
