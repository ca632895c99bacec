/**
 * Availability of places whose hours were published as free text (UBC geodata HOURS), read by the build
 * (free-text-hours.ts → opening-hours.ts) and evaluated by the runtime domain with an injected instant
 * in America/Vancouver: across a week, across both DST changes of 2026, and on BC public holidays
 * (unknown unless the text covers them). The standing schedule is `inferred` and says so.
 */
import { describe, expect, it } from 'vitest';
import { parseFreeTextHours } from '../../build/compile/campus/free-text-hours.ts';
import { compileOpeningHours } from '../../build/compile/campus/opening-hours.ts';
import { availabilityVerification, evaluateAvailability } from '../../runtime/domain/availability.ts';
import type { PlaceRecord } from '../../runtime/domain/types.ts';

/** A place as the build makes it from published text: inferred, dated by the record's last edit, no validity. */
function published(text: string): Pick<PlaceRecord, 'schedule' | 'hours'> {
  const read = parseFreeTextHours(text);
  if (!read.ok) throw new Error(read.reason);
  const compiled = compileOpeningHours(read.openingHours);
  if (!compiled.ok) throw new Error(compiled.reason);
  return {
    schedule: compiled.schedule,
    hours: { openingHours: read.openingHours, source: 'UBC', sourceUrl: null, observedAt: '2024-01-16', verificationStatus: 'inferred', expiresAt: null, validForDays: null },
  };
}

const at = (p: Pick<PlaceRecord, 'schedule' | 'hours'>, iso: string) => {
  const state = evaluateAvailability(p, 'BC', 'America/Vancouver', new Date(iso));
  return [state.availability, state.nextTransition === null ? null : new Date(state.nextTransition).toISOString(), availabilityVerification(p, state)];
};

describe('published hours, evaluated in Vancouver', () => {
  const office = published('M-F: 9 am - 5 pm; Sat-Sun: Closed');

  it('across a week (Monday 8 – Sunday 14 June 2026, PDT = UTC−7), noon and 18:00 each day', () => {
    const noon = ['2026-06-08', '2026-06-09', '2026-06-10', '2026-06-11', '2026-06-12', '2026-06-13', '2026-06-14'].map((d) => at(office, `${d}T19:00:00.000Z`)[0]);
    expect(noon).toEqual(['open', 'open', 'open', 'open', 'open', 'closed', 'closed']);
    expect(at(office, '2026-06-12T16:00:00.000Z')).toEqual(['open', '2026-06-13T00:00:00.000Z', 'inferred']); // Friday 09:00: opening inclusive
    expect(at(office, '2026-06-13T00:00:00.000Z')).toEqual(['closed', '2026-06-15T16:00:00.000Z', 'inferred']); // Friday 17:00: closing exclusive
    expect(at(office, '2026-06-14T01:00:00.000Z')[0]).toBe('closed'); // Saturday 18:00
  });

  it('across the DST changes: 09:00 local is 17:00 UTC before 8 March and after 1 November, 16:00 UTC between', () => {
    expect(at(office, '2026-03-07T01:00:00.000Z')).toEqual(['closed', '2026-03-09T16:00:00.000Z', 'inferred']); // Fri 6 March 17:00 PST → Mon 09:00 PDT
    expect(at(office, '2026-03-09T16:00:00.000Z')).toEqual(['open', '2026-03-10T00:00:00.000Z', 'inferred']);
    expect(at(office, '2026-10-31T01:00:00.000Z')).toEqual(['closed', '2026-11-02T17:00:00.000Z', 'inferred']); // Fri 30 Oct 18:00 PDT → Mon 09:00 PST
    const lateNight = published('Daily: 6 am - 12 am');
    // Sunday 1 November: 01:00–02:00 happens twice; the place is closed through both and opens at 06:00 PST
    expect(at(lateNight, '2026-11-01T08:30:00.000Z')).toEqual(['closed', '2026-11-01T14:00:00.000Z', 'inferred']); // 01:30 PDT
    expect(at(lateNight, '2026-11-01T09:30:00.000Z')).toEqual(['closed', '2026-11-01T14:00:00.000Z', 'inferred']); // 01:30 PST
  });

  it('a BC public holiday the text does not cover is unknown; one it covers ("Closed Holidays") is closed', () => {
    const bcDay = '2026-08-03T19:00:00.000Z'; // BC Day, Monday 3 August 2026, noon
    expect(at(office, bcDay)).toEqual(['unknown', '2026-08-04T07:00:00.000Z', 'unknown']);
    expect(at(office, '2026-08-04T19:00:00.000Z')).toEqual(['open', '2026-08-05T00:00:00.000Z', 'inferred']);
    const restaurant = published('Daily: 11:30 am - 8:30 pm; Closed Holidays');
    expect(at(restaurant, bcDay)).toEqual(['closed', '2026-08-04T18:30:00.000Z', 'inferred']);
    expect(at(restaurant, '2026-07-01T19:00:00.000Z')[0]).toBe('closed'); // Canada Day
    expect(at(restaurant, '2026-07-02T19:00:00.000Z')[0]).toBe('open');
  });

  it('an overnight range runs into the next day', () => {
    const bar = published('Fri: 8 pm - 2 am');
    expect(at(bar, '2026-06-13T08:30:00.000Z')).toEqual(['open', '2026-06-13T09:00:00.000Z', 'inferred']); // Saturday 01:30
    expect(at(bar, '2026-06-13T09:00:00.000Z')[0]).toBe('closed');
  });
});
