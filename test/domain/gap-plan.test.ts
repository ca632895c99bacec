// Over 300 lines on purpose: one suite per BEHAVIOUR §8 rule plus the property tests, all on the same route fixtures.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  GAP_PREFERENCE_BOUNDS,
  GAP_PREFERENCE_DEFAULTS,
  GAP_TAGS,
  gapPreferenceConflicts,
  planGap,
  RISK_TOLERANCES,
  resolveGapPreferences,
  type GapPlanData,
  type GapPreferencesInput,
} from '../../runtime/domain/gap-plan.ts';
import { resolveRoutePreferences, routeFactsOf, routeFromCell, type Route, type RouteFacts, type RoutePreferences } from '../../runtime/domain/route-result.ts';
import { OUTCOME, ROUTE_FLAG, ROUTE_MODES, ROUTE_VERIFICATION, type Building } from '../../runtime/domain/types.ts';
import type { RouteCell } from '../../runtime/contract/matrix.ts';
import { building, cell } from './fixtures.ts';

const FROM = building('AA');
const TO = building('BB');
const defaults = resolveRoutePreferences();
/** The facts of each fixture route, kept beside it as the server keeps them beside the Route it serializes. */
const factsOf = new WeakMap<Route, RouteFacts>();
function fromCell(c: RouteCell, from: Building, to: Building, prefs: RoutePreferences): Route {
  const route = routeFromCell(c, from, to, prefs, 'v');
  factsOf.set(route, routeFactsOf(c));
  return route;
}

const sameBuilding = (prefs = defaults) =>
  fromCell(cell('same-building', 'verified', { total: 0, indoor: 0, outdoor: 0, delay: 0, floors: 0 }), FROM, FROM, prefs);
/** 400 m verified path: 400/1.35 + 20 = 316 s → 6 min. */
const routed = (flags = 0, prefs = defaults) =>
  fromCell(cell('routed', flags ? 'mixed' : 'verified', { total: 400, indoor: 0, outdoor: 400, delay: 20, floors: 0, flags }), FROM, TO, prefs);
/** straight line: 400/1.35 + 20 = 316 s → 6 min. */
const approximate = (prefs = defaults) =>
  fromCell(cell('approximate', 'inferred', { total: 400, delay: 20, flags: ROUTE_FLAG.NO_GRAPH }), FROM, TO, prefs);
const unavailable = (flags: number, prefs = defaults) => fromCell(cell('unavailable', 'unavailable', { flags }), FROM, TO, prefs);

function plan(
  startTime: number,
  endTime: number,
  route = sameBuilding(),
  gapPreferences: GapPreferencesInput = {},
  routePreferences: RoutePreferences = defaults,
  to: Building = route.to,
): GapPlanData {
  return planGap(
    { gap: { term: 'Fall', weekday: 'Tuesday', startTime, endTime }, from: route.from, to, route, routeFacts: factsOf.get(route)!, routePreferences, gapPreferences },
    'v',
  );
}
const actions = (p: GapPlanData) => [p.assessment.primary, ...p.assessment.alternatives].map((r) => `${r.id}:${r.score}`);
const minutes = (p: GapPlanData, i = 0) => [p.assessment.primary, ...p.assessment.alternatives][i].timeline.map((s) => `${s.kind}:${s.minutes}`);

describe('preferences', () => {
  it('defaults, order and bounds', () => {
    expect(resolveGapPreferences()).toEqual(GAP_PREFERENCE_DEFAULTS);
    expect(Object.keys(resolveGapPreferences({ riskTolerance: 'high' }))).toEqual([
      'setupMinutes',
      'packUpMinutes',
      'lunchWindowStart',
      'lunchWindowEnd',
      'mealDurationMinutes',
      'willingToLeaveCampus',
      'oneWayHomeCommuteMinutes',
      'minimumHomeStayMinutes',
      'homeTurnaroundMinutes',
      'riskTolerance',
    ]);
    expect(resolveGapPreferences({ oneWayHomeCommuteMinutes: 30 }).oneWayHomeCommuteMinutes).toBe(30);
    expect(GAP_PREFERENCE_BOUNDS.mealDurationMinutes).toEqual({ minimum: 15, maximum: 90 });
    expect(gapPreferenceConflicts(resolveGapPreferences())).toEqual([]);
    expect(gapPreferenceConflicts(resolveGapPreferences({ lunchWindowStart: 900 }))).toEqual([
      { field: 'gapPreferences.lunchWindowEnd', reason: 'must be greater than lunchWindowStart (900)' },
    ]);
  });
});

describe('productivity thresholds (same building: travel 0, B = 5, setup 4, pack-up 3 → A = D − 12)', () => {
  // 08:00 start, away from the lunch window
  const at = (A: number) => plan(480, 480 + A + 12);

  it('A = 9 → tight-transition, no alternatives', () => {
    const p = at(9);
    expect(actions(p)).toEqual(['tight-transition:99']);
    expect(p.assessment.primary.tags).toContain('high-transition-risk');
    expect(p.assessment.primary.activityMinutes).toBe(9);
    expect(minutes(p)).toEqual(['setup:4', 'activity:9', 'setup:3', 'buffer:5']);
  });
  it('A = 10 → quick-reset, low-intensity reset as alternative', () => {
    expect(actions(at(10))).toEqual(['quick-reset:78', 'quick-reset-2:68']);
  });
  it('A = 24 / 25 → quick-reset / focus-sprint', () => {
    expect(actions(at(24))).toEqual(['quick-reset:78', 'quick-reset-2:68']);
    expect(actions(at(25))).toEqual(['focus-sprint:84', 'quick-reset-2:68']);
  });
  it('A = 59 / 60 → focus-sprint / study-block', () => {
    expect(actions(at(59))).toEqual(['focus-sprint:84', 'quick-reset-2:68']);
    expect(actions(at(60))).toEqual(['study-block:89', 'quick-reset-2:68']);
  });
  it('A = 74 / 75 → flexible-long-gap appears at 75', () => {
    expect(actions(at(74))).toEqual(['study-block:89', 'quick-reset-2:68']);
    const p = at(75);
    expect(actions(p)).toEqual(['flexible-long-gap:91', 'study-block:89', 'quick-reset-2:68']);
    // reset = clamp(round(0.22 · 75) = 17, 15, 30); focus = 58
    expect(minutes(p)).toEqual(['setup:4', 'activity:58', 'flex:17', 'setup:3', 'buffer:5']);
    expect(p.assessment.primary.activityMinutes).toBe(75); // A: focus + reset
  });
  it('A = 119 / 120 → study-block / deep-work-block', () => {
    expect(actions(at(119))).toEqual(['flexible-long-gap:91', 'study-block:89', 'quick-reset-2:68']);
    expect(actions(at(120))).toEqual(['deep-work-block:94', 'flexible-long-gap:91', 'quick-reset-2:68']);
    // reset clamps at 30 for long gaps: round(0.22 · 200) = 44 → 30
    expect(minutes(at(200), 1)).toEqual(['setup:4', 'activity:170', 'flex:30', 'setup:3', 'buffer:5']);
  });
  it('assessment figures', () => {
    const p = at(60);
    expect(p.gap).toMatchObject({ startTime: 480, endTime: 552, durationMinutes: 72 });
    expect(p.assessment).toMatchObject({
      travelMinutes: 0,
      bufferMinutes: 5,
      leaveByMinutes: 547,
      arrivalMinutes: 547,
      fallback: false,
      routeStatus: 'same-building',
      routeAccuracy: 'Same building',
      confidence: 0.95,
      confidenceLabel: 'high',
      warnings: [],
    });
    expect(p.assessment.primary.tags).toEqual(['same-building', 'nearby-route', 'route-verified']);
    expect(Object.keys(p)).toEqual(['dataVersion', 'gap', 'route', 'gapPreferences', 'assessment']);
    expect(Object.keys(p.assessment)).toEqual([
      'primary',
      'alternatives',
      'confidence',
      'confidenceLabel',
      'travelMinutes',
      'bufferMinutes',
      'leaveByMinutes',
      'arrivalMinutes',
      'fallback',
      'routeStatus',
      'routeAccuracy',
      'warnings',
    ]);
    expect(Object.keys(p.assessment.primary)).toEqual([
      'id',
      'action',
      'title',
      'summary',
      'score',
      'activityMinutes',
      'reasons',
      'tags',
      'timeline',
    ]);
    expect(p.assessment.primary.reasons.join(' ')).toMatch(/60 min free after 4 min setup and 3 min pack-up/);
  });
  it('setup and pack-up shrink when the usable time is short', () => {
    const p = plan(480, 490); // D = 10 → usable 5 → setup 4, pack-up 1, A = 0
    expect(minutes(p)).toEqual(['setup:4', 'setup:1', 'buffer:5']);
    expect(p.assessment.primary.activityMinutes).toBe(0);
  });
});

describe('meal window (lunch 11:30–14:30, mid 13:00)', () => {
  it('touching the window is not overlapping', () => {
    expect(actions(plan(630, 690)).some((a) => a.startsWith('meal'))).toBe(false); // ends 11:30
    expect(actions(plan(870, 930)).some((a) => a.startsWith('meal'))).toBe(false); // starts 14:30
  });
  it('one minute of overlap counts; score decays with distance from the lunch mid-point', () => {
    // [631, 691): A = 48 ≥ 30; mid 661, |661 − 780| / 30 = 3.97 → 91.03
    const p = plan(631, 691);
    expect(actions(p)).toEqual(['meal-window:91.03', 'focus-sprint:84', 'quick-reset-2:68']);
    expect(p.assessment.primary.tags).toContain('lunch-time');
    expect(minutes(p)).toEqual(['setup:4', 'activity:30', 'flex:18', 'setup:3', 'buffer:5']);
    expect(p.assessment.primary.activityMinutes).toBe(48); // A: meal + time to spare
  });
  it('centred on the window → 95; far but overlapping → 90', () => {
    expect(actions(plan(750, 810))[0]).toBe('meal-window:95');
    expect(actions(plan(400, 700))[0]).toBe('deep-work-block:94');
    expect(actions(plan(400, 700))).toContain('meal-window:90'); // mid 550: 5 − 7.67 < 0
  });
  it('A must be at least the meal duration', () => {
    expect(actions(plan(759, 801))[0]).toBe('meal-window:95'); // A = 30
    expect(actions(plan(760, 801)).some((a) => a.startsWith('meal'))).toBe(false); // A = 29
    expect(actions(plan(750, 810, sameBuilding(), { mealDurationMinutes: 60 })).some((a) => a.startsWith('meal'))).toBe(false);
  });
});

describe('leave campus', () => {
  const prefs = { willingToLeaveCampus: true, oneWayHomeCommuteMinutes: 60 };
  it('enough home time: home = D − 2C − B − turnaround', () => {
    const p = plan(900, 1200, sameBuilding(), prefs); // 300 − 120 − 5 − 10 = 165
    expect(actions(p)).toEqual(['leave-campus-candidate:97.38', 'deep-work-block:94', 'flexible-long-gap:91']);
    expect(p.assessment.primary.activityMinutes).toBe(165);
    expect(p.assessment.primary.tags).toContain('good-for-commuting');
    expect(minutes(p)).toEqual(['travel:60', 'activity:165', 'buffer:10', 'travel:60', 'buffer:5']);
    expect(p.assessment.primary.reasons[1]).toMatch(/Leave home by 18:55/);
  });
  it('score bonus caps at 4', () => {
    const p = plan(0, 1440, sameBuilding(), { ...prefs, oneWayHomeCommuteMinutes: 5 });
    expect(actions(p)[0]).toBe('leave-campus-candidate:100');
  });
  it('exactly the minimum stay qualifies; one minute less does not', () => {
    expect(actions(plan(900, 1125, sameBuilding(), prefs))[0]).toBe('leave-campus-candidate:96.75'); // home 90
    expect(actions(plan(900, 1124, sameBuilding(), prefs)).some((a) => a.startsWith('leave'))).toBe(false);
  });
  it('not willing, or no commute given → no candidate', () => {
    expect(actions(plan(900, 1200, sameBuilding(), { oneWayHomeCommuteMinutes: 60 })).some((a) => a.startsWith('leave'))).toBe(false);
    expect(actions(plan(900, 1200, sameBuilding(), { willingToLeaveCampus: true })).some((a) => a.startsWith('leave'))).toBe(false);
  });
});

describe('routes and risk', () => {
  it('routed without warnings: travel = ceil(316 s / 60) = 6, B = b', () => {
    const p = plan(480, 540, routed());
    expect(p.assessment).toMatchObject({ travelMinutes: 6, bufferMinutes: 5, leaveByMinutes: 529, arrivalMinutes: 535, confidence: 0.87 });
    expect(actions(p)[0]).toBe('focus-sprint:84'); // A = 60 − 11 − 7 = 42
    expect(minutes(p)).toEqual(['setup:4', 'activity:42', 'setup:3', 'travel:6', 'buffer:5']);
    expect(p.assessment.primary.tags).toEqual(['nearby-route', 'route-verified']);
  });
  it('routed with warnings: +2 at low risk only; confidence −0.04', () => {
    const low = plan(480, 540, routed(ROUTE_FLAG.STAIRS));
    expect(low.assessment).toMatchObject({ bufferMinutes: 7, confidence: 0.83, confidenceLabel: 'high' });
    expect(low.assessment.warnings).toEqual([routed(ROUTE_FLAG.STAIRS).warnings[0], '2 min of extra buffer was added because the route has warnings.']);
    expect(plan(480, 540, routed(ROUTE_FLAG.STAIRS), { riskTolerance: 'medium' }).assessment.bufferMinutes).toBe(5);
    expect(plan(480, 540, routed(ROUTE_FLAG.STAIRS), { riskTolerance: 'high' }).assessment.bufferMinutes).toBe(5);
    expect(low.assessment.primary.tags).toEqual(['nearby-route', 'route-estimated']);
  });
  it('approximate route: B = b+5 / b+2 / b for low / medium / high; confidence 0.64', () => {
    const expected = { low: 10, medium: 7, high: 5 } as const;
    for (const risk of RISK_TOLERANCES) {
      const p = plan(480, 540, approximate(), { riskTolerance: risk });
      const B = expected[risk];
      expect(p.assessment).toMatchObject({
        travelMinutes: 6,
        bufferMinutes: B,
        leaveByMinutes: 540 - 6 - B,
        arrivalMinutes: 540 - B,
        confidence: 0.64,
        confidenceLabel: 'medium',
        fallback: false,
        routeStatus: 'approximate',
      });
      expect(p.assessment.primary.activityMinutes).toBe(60 - 6 - B - 7);
      expect(p.assessment.primary.tags).toEqual(['nearby-route', 'route-estimated']);
      expect(p.assessment.warnings.some((w) => /extra buffer/.test(w))).toBe(risk !== 'high');
    }
  });
  it('transition buffer from the route preferences', () => {
    const prefs = resolveRoutePreferences({ transitionBufferMinutes: 0 });
    expect(plan(480, 540, approximate(prefs), { riskTolerance: 'high' }, prefs).assessment.bufferMinutes).toBe(0);
  });
  it('indoor-route and step-free-route tags', () => {
    const sf = resolveRoutePreferences({ mode: 'step-free' });
    const r = fromCell(cell('routed', 'verified', { total: 300, indoor: 200, outdoor: 100, delay: 20, floors: 0 }), FROM, TO, sf);
    expect(plan(480, 540, r, {}, sf).assessment.primary.tags).toEqual(['nearby-route', 'route-verified', 'indoor-route', 'step-free-route']);
    const far = fromCell(cell('routed', 'verified', { total: 1000, indoor: 0, outdoor: 1000, delay: 0, floors: 0 }), FROM, TO, defaults);
    expect(plan(480, 540, far).assessment.primary.tags).toEqual(['route-verified']); // 13 min: not nearby
  });
  it('gap shorter than walk plus buffer: timeline cut to D, warning', () => {
    const p = plan(480, 490, routed());
    expect(actions(p)).toEqual(['tight-transition:99']);
    expect(minutes(p)).toEqual(['travel:6', 'buffer:4']);
    expect(p.assessment.leaveByMinutes).toBe(479);
    expect(p.assessment.warnings.at(-1)).toMatch(/shorter than the walk plus buffer \(11 min\)/);
  });
  it('tight transition that fits gets its own warning', () => {
    const p = plan(480, 500, routed()); // usable 9 → A = 2
    expect(actions(p)).toEqual(['tight-transition:99']);
    expect(p.assessment.warnings).toEqual(['Tight transition: only 2 min to spare before you need to leave.']);
  });
});

describe('unavailable route (fallback)', () => {
  it('no known location → location-dependent primary, B = 15, travel null', () => {
    const p = plan(480, 540, unavailable(ROUTE_FLAG.NO_LOCATION));
    expect(p.assessment).toMatchObject({
      travelMinutes: null,
      bufferMinutes: 15,
      leaveByMinutes: 525,
      arrivalMinutes: null,
      fallback: true,
      routeStatus: 'unavailable',
      routeAccuracy: 'Location unavailable',
      confidence: 0.38,
      confidenceLabel: 'low',
    });
    // A = 60 − 15 − 7 = 38
    expect(actions(p)).toEqual(['location-dependent:100', 'focus-sprint:84', 'quick-reset-2:68']);
    expect(p.assessment.primary.tags).toEqual(['route-unavailable', 'location-unknown']);
    expect(minutes(p)).toEqual(['setup:4', 'activity:38', 'setup:3', 'buffer:15']);
    expect(p.assessment.warnings).toHaveLength(2);
  });
  it('step-free unavailable with known locations → ordinary candidates, still fallback', () => {
    const sf = resolveRoutePreferences({ mode: 'step-free' });
    const p = plan(480, 540, unavailable(ROUTE_FLAG.STEP_FREE_NO_ENTRANCE, sf), {}, sf);
    expect(actions(p)).toEqual(['focus-sprint:84', 'quick-reset-2:68']);
    expect(p.assessment.fallback).toBe(true);
    expect(p.assessment.primary.tags).toEqual(['route-unavailable']);
  });
});

// ---------------------------------------------------------------- properties

const cellArb = fc
  .record({
    outcome: fc.constantFrom(...OUTCOME),
    verification: fc.constantFrom(...ROUTE_VERIFICATION),
    total: fc.double({ min: 0, max: 5000, noNaN: true }),
    indoor: fc.double({ min: 0, max: 500, noNaN: true }),
    delay: fc.integer({ min: 0, max: 200 }),
    floors: fc.integer({ min: 0, max: 6 }),
    flags: fc.integer({ min: 0, max: 2047 }),
  })
  .map((c) => {
    if (c.outcome === 'same-building') return cell('same-building', 'verified', { total: 0, indoor: 0, outdoor: 0, delay: 0, floors: 0 });
    if (c.outcome === 'unavailable') return cell('unavailable', 'unavailable', { flags: c.flags });
    if (c.outcome === 'approximate') return cell('approximate', 'inferred', { total: c.total, delay: 20, flags: c.flags });
    const v = c.verification === 'unavailable' ? 'mixed' : c.verification;
    return cell('routed', v, { total: c.total + c.indoor, indoor: c.indoor, outdoor: c.total, delay: c.delay, floors: c.floors, flags: c.flags });
  });

const routePrefsArb = fc.record(
  {
    mode: fc.constantFrom(...ROUTE_MODES),
    walkingSpeedMps: fc.double({ min: 0.5, max: 3, noNaN: true }),
    transitionBufferMinutes: fc.oneof(fc.integer({ min: 0, max: 60 }), fc.double({ min: 0, max: 60, noNaN: true })),
  },
  { requiredKeys: [] },
);

const gapPrefsArb = fc
  .record(
    {
      setupMinutes: fc.integer({ min: 0, max: 20 }),
      packUpMinutes: fc.integer({ min: 0, max: 20 }),
      lunchWindowStart: fc.integer({ min: 0, max: 1439 }),
      lunchWindowEnd: fc.integer({ min: 1, max: 1440 }),
      mealDurationMinutes: fc.integer({ min: 15, max: 90 }),
      willingToLeaveCampus: fc.boolean(),
      oneWayHomeCommuteMinutes: fc.option(fc.integer({ min: 5, max: 180 })),
      minimumHomeStayMinutes: fc.integer({ min: 30, max: 360 }),
      homeTurnaroundMinutes: fc.integer({ min: 0, max: 30 }),
      riskTolerance: fc.constantFrom(...RISK_TOLERANCES),
    },
    { requiredKeys: [] },
  )
  .filter((p) => gapPreferenceConflicts(resolveGapPreferences(p)).length === 0);

const requestArb = fc
  .record({
    cell: cellArb,
    routePrefs: routePrefsArb,
    gapPrefs: gapPrefsArb,
    start: fc.integer({ min: 0, max: 1439 }),
    length: fc.integer({ min: 1, max: 1440 }),
  })
  .map(({ cell: c, routePrefs, gapPrefs, start, length }) => {
    const prefs = resolveRoutePreferences(routePrefs);
    const route = routeFromCell(c, FROM, TO, prefs, 'v');
    return {
      input: {
        gap: { term: 'Winter' as const, weekday: 'Friday' as const, startTime: start, endTime: Math.min(1440, start + length) },
        from: FROM,
        to: TO,
        route,
        routeFacts: routeFactsOf(c),
        routePreferences: prefs,
        gapPreferences: gapPrefs,
      },
    };
  });

describe('properties over random valid requests', () => {
  it('timelines fit the gap, minutes ≥ 0, primary scores highest, ≤ 2 alternatives, tags from the SPEC list', () => {
    fc.assert(
      fc.property(requestArb, ({ input }) => {
        const p = planGap(input, 'v');
        const D = input.gap.endTime - input.gap.startTime;
        const recs = [p.assessment.primary, ...p.assessment.alternatives];
        expect(p.assessment.alternatives.length).toBeLessThanOrEqual(2);
        for (const r of recs) {
          const sum = r.timeline.reduce((s, x) => s + x.minutes, 0);
          expect(sum).toBeLessThanOrEqual(D + 1e-9);
          expect(r.activityMinutes).toBeGreaterThanOrEqual(0);
          for (const s of r.timeline) expect(s.minutes).toBeGreaterThan(0);
          expect(r.tags.every((t) => (GAP_TAGS as readonly string[]).includes(t))).toBe(true);
          expect(r.score).toBeLessThanOrEqual(p.assessment.primary.score);
          expect(r.title.length).toBeGreaterThan(0);
          expect(r.reasons.length).toBeGreaterThan(0);
        }
        expect(new Set(recs.map((r) => r.id)).size).toBe(recs.length);
        for (let i = 1; i < recs.length; i++) expect(recs[i - 1].score).toBeGreaterThanOrEqual(recs[i].score);
        expect(p.assessment.confidence).toBeGreaterThanOrEqual(0.15);
        expect(p.assessment.confidence).toBeLessThanOrEqual(0.99);
        expect(p.assessment.fallback).toBe(input.route.status === 'unavailable');
        expect(p.assessment.travelMinutes === null).toBe(input.route.status === 'unavailable');
        if (p.assessment.primary.action === 'location-dependent') {
          expect(input.route.status).toBe('unavailable');
        }
      }),
      { numRuns: 400 },
    );
  });

  it('same input → same output (and the input is not mutated)', () => {
    fc.assert(
      fc.property(requestArb, ({ input }) => {
        const before = JSON.stringify(input);
        const a = JSON.stringify(planGap(input, 'v'));
        const b = JSON.stringify(planGap(structuredClone(input), 'v'));
        expect(a).toBe(b);
        expect(JSON.stringify(input)).toBe(before);
      }),
      { numRuns: 200 },
    );
  });
});
