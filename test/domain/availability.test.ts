import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { evaluateAvailability } from '../../runtime/domain/availability.ts';
import { compileOpeningHours } from '../../build/compile/campus/opening-hours.ts';
import type { PlaceHours, PlaceRecord } from '../../runtime/domain/types.ts';

const TORONTO = 'America/Toronto';
const VANCOUVER = 'America/Vancouver';

function place(text: string, hours: Partial<PlaceHours> = {}): Pick<PlaceRecord, 'schedule' | 'hours'> {
  const compiled = compileOpeningHours(text);
  if (!compiled.ok) throw new Error(compiled.reason);
  return {
    schedule: compiled.schedule,
    hours: {
      openingHours: text,
      source: 'test',
      sourceUrl: null,
      observedAt: '2026-01-01',
      verificationStatus: 'verified',
      expiresAt: null,
      validForDays: null,
      ...hours,
    },
  };
}

function at(p: Pick<PlaceRecord, 'schedule' | 'hours'>, iso: string, zone = TORONTO, region: 'ON' | 'BC' = 'ON') {
  const { availability, nextTransition } = evaluateAvailability(p, region, zone, new Date(iso));
  return [availability, nextTransition === null ? null : new Date(nextTransition).toISOString()];
}

describe('evaluateAvailability: weekly hours', () => {
  const weekdays = place('Mo-Fr 08:00-17:00; PH off');

  it('opening inclusive, closing exclusive, exact instants (Monday 2026-03-09, EDT)', () => {
    expect(at(weekdays, '2026-03-09T11:59:59.999Z')).toEqual(['closed', '2026-03-09T12:00:00.000Z']);
    expect(at(weekdays, '2026-03-09T12:00:00.000Z')).toEqual(['open', '2026-03-09T21:00:00.000Z']);
    expect(at(weekdays, '2026-03-09T20:59:59.999Z')).toEqual(['open', '2026-03-09T21:00:00.000Z']);
    expect(at(weekdays, '2026-03-09T21:00:00.000Z')).toEqual(['closed', '2026-03-10T12:00:00.000Z']);
  });

  it('Friday evening → Monday morning, across the weekend', () => {
    expect(at(weekdays, '2026-06-05T22:00:00.000Z')).toEqual(['closed', '2026-06-08T12:00:00.000Z']);
  });

  it('Vancouver zone (PST before 2026-03-08, PDT after)', () => {
    expect(at(weekdays, '2026-03-07T00:59:59.999Z', VANCOUVER, 'BC')).toEqual(['open', '2026-03-07T01:00:00.000Z']);
    expect(at(weekdays, '2026-03-07T01:00:00.000Z', VANCOUVER, 'BC')).toEqual(['closed', '2026-03-09T15:00:00.000Z']);
    expect(at(weekdays, '2026-03-09T15:00:00.000Z', VANCOUVER, 'BC')).toEqual(['open', '2026-03-10T00:00:00.000Z']);
  });

  it('overnight ranges cross midnight', () => {
    const bar = place('Fr 22:00-02:00');
    expect(at(bar, '2026-06-06T01:59:59.999Z')).toEqual(['closed', '2026-06-06T02:00:00.000Z']);
    expect(at(bar, '2026-06-06T02:00:00.000Z')).toEqual(['open', '2026-06-06T06:00:00.000Z']);
    expect(at(bar, '2026-06-06T05:59:59.999Z')).toEqual(['open', '2026-06-06T06:00:00.000Z']);
    expect(at(bar, '2026-06-06T06:00:00.000Z')).toEqual(['closed', '2026-06-13T02:00:00.000Z']);
    const sunday = place('Su 22:00-02:00');
    expect(at(sunday, '2026-06-08T05:00:00.000Z')).toEqual(['open', '2026-06-08T06:00:00.000Z']); // Mon 01:00
  });

  it('24:00 and merged ranges give no spurious transition at midnight', () => {
    const late = place('Mo 18:00-24:00; Tu 00:00-06:00');
    expect(at(late, '2026-06-08T23:00:00.000Z')).toEqual(['open', '2026-06-09T10:00:00.000Z']);
    const always = place('24/7; PH 00:00-24:00');
    expect(at(always, '2026-06-29T12:00:00.000Z')).toEqual(['open', null]); // Canada Day within 7 days
  });

  it('no hours at all in the week → closed with no transition', () => {
    expect(at(place('off; PH off'), '2026-06-08T12:00:00.000Z')).toEqual(['closed', null]);
  });
});

describe('evaluateAvailability: DST', () => {
  it('Toronto DST start 2026-03-08: transitions land on the right UTC instants', () => {
    const sunday = place('Su 09:00-17:00');
    // Saturday 15:00 EST → Sunday 09:00 EDT = 13:00Z (not 14:00Z)
    expect(at(sunday, '2026-03-07T20:00:00.000Z')).toEqual(['closed', '2026-03-08T13:00:00.000Z']);
    expect(at(sunday, '2026-03-08T13:00:00.000Z')).toEqual(['open', '2026-03-08T21:00:00.000Z']);
  });

  it('Toronto DST start: a range inside the skipped hour takes effect at the jump', () => {
    const early = place('Mo-Su 01:00-02:30');
    expect(at(early, '2026-03-08T05:59:59.999Z')).toEqual(['closed', '2026-03-08T06:00:00.000Z']);
    // 01:00 EST → open; 02:00 EST jumps to 03:00 EDT (07:00Z), which is past 02:30
    expect(at(early, '2026-03-08T06:00:00.000Z')).toEqual(['open', '2026-03-08T07:00:00.000Z']);
    expect(at(early, '2026-03-08T06:59:59.999Z')).toEqual(['open', '2026-03-08T07:00:00.000Z']);
    expect(at(early, '2026-03-08T07:00:00.000Z')).toEqual(['closed', '2026-03-09T05:00:00.000Z']);
    const opensInGap = place('Su 02:30-05:00');
    expect(at(opensInGap, '2026-03-08T06:30:00.000Z')).toEqual(['closed', '2026-03-08T07:00:00.000Z']);
  });

  it('Toronto DST end 2026-11-01: the repeated hour is evaluated on the wall clock', () => {
    const sunday = place('Su 09:00-17:00');
    expect(at(sunday, '2026-10-31T12:00:00.000Z')).toEqual(['closed', '2026-11-01T14:00:00.000Z']);
    const early = place('Mo-Su 01:00-02:30');
    expect(at(early, '2026-11-01T05:10:00.000Z')).toEqual(['open', '2026-11-01T07:30:00.000Z']);
    const repeated = place('Su 01:00-01:30');
    expect(at(repeated, '2026-11-01T04:59:59.999Z')).toEqual(['closed', '2026-11-01T05:00:00.000Z']);
    expect(at(repeated, '2026-11-01T05:00:00.000Z')).toEqual(['open', '2026-11-01T05:30:00.000Z']);
    expect(at(repeated, '2026-11-01T05:30:00.000Z')).toEqual(['closed', '2026-11-01T06:00:00.000Z']);
    expect(at(repeated, '2026-11-01T06:00:00.000Z')).toEqual(['open', '2026-11-01T06:30:00.000Z']);
    expect(at(repeated, '2026-11-01T06:30:00.000Z')).toEqual(['closed', '2026-11-08T06:00:00.000Z']);
  });

  it('Vancouver DST end 2026-11-01', () => {
    const sunday = place('Su 09:00-17:00');
    expect(at(sunday, '2026-10-31T20:00:00.000Z', VANCOUVER, 'BC')).toEqual(['closed', '2026-11-01T17:00:00.000Z']);
    expect(at(sunday, '2026-11-01T17:00:00.000Z', VANCOUVER, 'BC')).toEqual(['open', '2026-11-02T01:00:00.000Z']);
  });
});

describe('evaluateAvailability: unknown, never closed for lack of knowledge', () => {
  const weekdays = 'Mo-Fr 08:00-17:00';
  const monday = '2026-06-08T16:00:00.000Z';

  it('no hours or no schedule', () => {
    expect(at({ schedule: null, hours: null }, monday)).toEqual(['unknown', null]);
    expect(at({ ...place(weekdays), schedule: null }, monday)).toEqual(['unknown', null]);
    expect(at({ ...place(weekdays), hours: null }, monday)).toEqual(['unknown', null]);
  });

  it('hours of unknown verification are not evaluated; an inferred standing schedule is (BEHAVIOUR §9)', () => {
    expect(at(place(weekdays, { verificationStatus: 'unknown' }), monday)).toEqual(['unknown', null]);
    expect(at(place(weekdays, { verificationStatus: 'inferred' }), monday)).toEqual(['open', '2026-06-08T21:00:00.000Z']);
  });

  it('expiresAt: valid through that local date, unknown from the next local midnight', () => {
    const p = place('24/7; PH 00:00-24:00', { expiresAt: '2026-06-07' });
    expect(at(p, '2026-06-08T03:59:59.999Z')).toEqual(['open', '2026-06-08T04:00:00.000Z']); // Sun 23:59 EDT
    expect(at(p, '2026-06-08T04:00:00.000Z')).toEqual(['unknown', null]);
    expect(at(place(weekdays, { expiresAt: '2026-06-01' }), monday)).toEqual(['unknown', null]);
  });

  it('observedAt + validForDays', () => {
    const p = place('24/7; PH 00:00-24:00', { observedAt: '2026-05-01', validForDays: 38 }); // last valid 06-07
    expect(at(p, '2026-06-07T12:00:00.000Z')).toEqual(['open', '2026-06-08T04:00:00.000Z']);
    expect(at(p, monday)).toEqual(['unknown', null]);
  });

  it('a transition into unknown exactly 7 days ahead counts; 1 ms later does not', () => {
    const p = place('24/7; PH 00:00-24:00', { expiresAt: '2026-06-07' });
    expect(at(p, '2026-06-01T04:00:00.000Z')).toEqual(['open', '2026-06-08T04:00:00.000Z']);
    expect(at(p, '2026-06-01T03:59:59.999Z')).toEqual(['open', null]);
  });

  it('Canada Day: unknown unless PH is given', () => {
    const noon = '2026-07-01T16:00:00.000Z';
    expect(at(place(weekdays), noon)).toEqual(['unknown', '2026-07-02T04:00:00.000Z']);
    expect(at(place(`${weekdays}; PH off`), noon)).toEqual(['closed', '2026-07-02T12:00:00.000Z']);
    expect(at(place(`${weekdays}; PH 10:00-14:00`), noon)).toEqual(['open', '2026-07-01T18:00:00.000Z']);
    expect(at(place(`${weekdays}; PH 10:00-14:00`), '2026-07-01T18:00:00.000Z')).toEqual([
      'closed',
      '2026-07-02T12:00:00.000Z',
    ]);
  });

  it('the change into a holiday at local midnight is a transition', () => {
    const eve = '2026-06-30T22:00:00.000Z'; // Tuesday 18:00 EDT, closed
    expect(at(place(weekdays), eve)).toEqual(['closed', '2026-07-01T04:00:00.000Z']);
    expect(at(place(`${weekdays}; PH off`), eve)).toEqual(['closed', '2026-07-02T12:00:00.000Z']);
    expect(at(place(`${weekdays}; PH 10:00-14:00`), eve)).toEqual(['closed', '2026-07-01T14:00:00.000Z']);
    const always = place('24/7');
    expect(at(always, eve)).toEqual(['open', '2026-07-01T04:00:00.000Z']);
    expect(at(always, '2026-07-01T04:00:00.000Z')).toEqual(['unknown', '2026-07-02T04:00:00.000Z']);
  });

  it('Victoria Day and Good Friday (Ontario), Truth and Reconciliation (BC only)', () => {
    expect(at(place(weekdays), '2026-05-18T16:00:00.000Z')[0]).toBe('unknown');
    expect(at(place(`${weekdays}; PH off`), '2026-05-18T16:00:00.000Z')[0]).toBe('closed');
    expect(at(place(weekdays), '2026-04-03T16:00:00.000Z')[0]).toBe('unknown');
    expect(at(place(weekdays), '2027-03-26T16:00:00.000Z')[0]).toBe('unknown');
    expect(at(place(weekdays), '2026-09-30T19:00:00.000Z', VANCOUVER, 'BC')[0]).toBe('unknown');
    expect(at(place(weekdays), '2026-09-30T16:00:00.000Z', TORONTO, 'ON')[0]).toBe('open');
  });

  it('a holiday decides its local day, not the UTC day', () => {
    // 2026-07-01T02:00Z is still June 30 (22:00 EDT) in Toronto
    expect(at(place('24/7'), '2026-07-01T02:00:00.000Z')).toEqual(['open', '2026-07-01T04:00:00.000Z']);
  });
});

describe('evaluateAvailability: property — nextTransition is exactly the first change', () => {
  const HALF_HOUR = 30 * 60_000;
  const dayRule = fc.record({
    days: fc.constantFrom('Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su', 'Mo-Fr', 'Sa,Su', 'Fr-Mo'),
    from: fc.integer({ min: 0, max: 47 }),
    to: fc.integer({ min: 1, max: 48 }),
  });
  const hh = (n: number) => `${String(Math.floor(n / 2)).padStart(2, '0')}:${n % 2 ? '30' : '00'}`;
  const text = fc
    .tuple(fc.array(dayRule, { minLength: 1, maxLength: 4 }), fc.constantFrom('', '; PH off', '; PH 10:00-14:00'))
    .map(([rules, ph]) => rules.map((r) => `${r.days} ${hh(r.from)}-${hh(r.to)}`).join('; ') + ph);
  // 2026-02-20 … 2026-12-31: covers both DST changes and most holidays
  const range = (from: string, to: string) => fc.integer({ min: Date.parse(from), max: Date.parse(to) });
  const instant = fc.oneof(
    range('2026-02-20T00:00:00Z', '2026-12-31T00:00:00Z'),
    range('2026-03-01T00:00:00Z', '2026-03-08T12:00:00Z'), // the week before DST starts
    range('2026-10-25T00:00:00Z', '2026-11-01T12:00:00Z'), // the week before DST ends
  );
  const zone = fc.constantFrom<[string, 'ON' | 'BC']>([TORONTO, 'ON'], [VANCOUVER, 'BC']);

  it('state is constant until nextTransition and differs at it', () => {
    fc.assert(
      fc.property(text, instant, zone, (t, ms, [tz, region]) => {
        const p = place(t);
        const now = new Date(ms);
        const s = evaluateAvailability(p, region, tz, now);
        const stateAt = (x: number) => evaluateAvailability(p, region, tz, new Date(x)).availability;
        const limit = s.nextTransition === null ? ms + 7 * 86_400_000 : s.nextTransition;
        // every breakpoint lies on a half hour in UTC for these zones, so sampling them is exhaustive
        for (let x = Math.floor(ms / HALF_HOUR) * HALF_HOUR + HALF_HOUR; x < limit; x += HALF_HOUR) {
          if (stateAt(x) !== s.availability) return false;
        }
        if (s.nextTransition !== null) {
          if (stateAt(limit) === s.availability || stateAt(limit - 1) !== s.availability) return false;
          if (limit - ms > 7 * 86_400_000) return false;
        }
        return true;
      }),
      { numRuns: 200 },
    );
  });
});
