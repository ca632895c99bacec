/** The gap planner decides `location-dependent` on the route's facts (routeFactsOf of the cell), not on its warning text. */
import { describe, expect, it } from 'vitest';
import { planGap, type GapPlanData } from '../../runtime/domain/gap-plan.ts';
import { resolveRoutePreferences, routeFactsOf, routeFromCell, type Route, type RouteFacts } from '../../runtime/domain/route-result.ts';
import { ROUTE_FLAG } from '../../runtime/domain/types.ts';
import { building, cell } from './fixtures.ts';

const prefs = resolveRoutePreferences();
const plan = (route: Route, routeFacts: RouteFacts): GapPlanData =>
  planGap({ gap: { term: 'Fall', weekday: 'Tuesday', startTime: 480, endTime: 540 }, from: route.from, to: route.to, route, routeFacts, routePreferences: prefs }, 'v');
const actionsOf = (p: GapPlanData) => [p.assessment.primary, ...p.assessment.alternatives].map((r) => r.action);

describe('route facts', () => {
  it('come from the cell: unknown location only for an unavailable cell flagged NO_LOCATION', () => {
    expect(routeFactsOf(cell('unavailable', 'unavailable', { flags: ROUTE_FLAG.NO_LOCATION }))).toEqual({ unknownLocation: true });
    expect(routeFactsOf(cell('unavailable', 'unavailable', { flags: ROUTE_FLAG.STEP_FREE_NO_ENTRANCE }))).toEqual({ unknownLocation: false });
    expect(routeFactsOf(cell('routed', 'verified', { total: 100, flags: ROUTE_FLAG.NO_LOCATION }))).toEqual({ unknownLocation: false });
  });

  it('decide location-dependent, whatever the warnings say', () => {
    const c = cell('unavailable', 'unavailable', { flags: ROUTE_FLAG.NO_LOCATION });
    const route = routeFromCell(c, building('AA'), building('BB'), prefs, 'v');
    expect(actionsOf(plan(route, routeFactsOf(c)))[0]).toBe('location-dependent');
    // Reworded warnings change no decision; facts saying otherwise do.
    expect(actionsOf(plan({ ...route, warnings: ['Reworded.'] }, routeFactsOf(c)))[0]).toBe('location-dependent');
    expect(actionsOf(plan(route, { unknownLocation: false }))).not.toContain('location-dependent');
  });

  it('serializes nothing of the facts', () => {
    const c = cell('unavailable', 'unavailable', { flags: ROUTE_FLAG.NO_LOCATION });
    const route = routeFromCell(c, building('AA'), building('BB'), prefs, 'v');
    expect(JSON.stringify(plan(route, routeFactsOf(c)))).not.toContain('unknownLocation');
  });
});
