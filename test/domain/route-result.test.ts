import { describe, expect, it } from 'vitest';
import {
  resolveRoutePreferences,
  routeFromCell,
  routeFactsOf,
  ROUTE_WARNING,
} from '../../runtime/domain/route-result.ts';
import { ROUTE_FLAG } from '../../runtime/domain/types.ts';
import { ROUTE_FIELD_COUNT, readRouteCell } from '../../runtime/contract/matrix.ts';
import { building, cell } from './fixtures.ts';

const A = building('AA');
const B = building('BB');
const fastest = resolveRoutePreferences();
const stepFree = resolveRoutePreferences({ mode: 'step-free' });

describe('resolveRoutePreferences', () => {
  it('applies the defaults in SPEC order', () => {
    expect(resolveRoutePreferences()).toEqual({ mode: 'fastest', walkingSpeedMps: 1.35, transitionBufferMinutes: 5 });
    expect(Object.keys(resolveRoutePreferences({ transitionBufferMinutes: 0 }))).toEqual([
      'mode',
      'walkingSpeedMps',
      'transitionBufferMinutes',
    ]);
    expect(resolveRoutePreferences({ transitionBufferMinutes: 0, mode: 'prefer-indoor' })).toEqual({
      mode: 'prefer-indoor',
      walkingSpeedMps: 1.35,
      transitionBufferMinutes: 0,
    });
  });
});

describe('routeFromCell', () => {
  it('same building: all numbers 0, verified, no warnings; keys in SPEC order', () => {
    const r = routeFromCell(cell('same-building', 'verified', { total: 0, indoor: 0, outdoor: 0, delay: 0, floors: 0 }), A, A, fastest, 'v1');
    expect(r).toEqual({
      dataVersion: 'v1',
      from: A,
      to: A,
      preferences: fastest,
      status: 'same-building',
      accuracy: 'Same building',
      totalDistanceMeters: 0,
      indoorDistanceMeters: 0,
      outdoorDistanceMeters: 0,
      estimatedSeconds: 0,
      floorChanges: 0,
      warnings: [],
      routeVerification: 'verified',
    });
    expect(Object.keys(r)).toEqual([
      'dataVersion',
      'from',
      'to',
      'preferences',
      'status',
      'accuracy',
      'totalDistanceMeters',
      'indoorDistanceMeters',
      'outdoorDistanceMeters',
      'estimatedSeconds',
      'floorChanges',
      'warnings',
      'routeVerification',
    ]);
  });

  it('routed, every edge verified: walk metres / speed + delays, to 0.1 s', () => {
    const r = routeFromCell(cell('routed', 'verified', { total: 270, indoor: 0, outdoor: 270, delay: 20, floors: 0 }), A, B, fastest, 'v');
    expect(r.status).toBe('routed');
    expect(r.accuracy).toBe('Verified outdoor route, indoor estimate');
    expect(r.estimatedSeconds).toBe(220); // 270 / 1.35 + 20
    expect(r.warnings).toEqual([]);
    const slow = routeFromCell(cell('routed', 'verified', { total: 100, indoor: 0, outdoor: 100, delay: 10, floors: 0 }), A, B, { ...fastest, walkingSpeedMps: 0.7 }, 'v');
    expect(slow.estimatedSeconds).toBe(152.9); // 142.857… + 10
  });

  it('routed, mixed evidence: mapped-path accuracy and warnings in a fixed order', () => {
    const flags = ROUTE_FLAG.ONE_WAY | ROUTE_FLAG.CROSSING | ROUTE_FLAG.STAIRS | ROUTE_FLAG.INFERRED_CONNECTOR | ROUTE_FLAG.ACCESSIBILITY_UNVERIFIED;
    const r = routeFromCell(cell('routed', 'mixed', { total: 312.3456, indoor: 12.04, outdoor: 300.3, delay: 35, floors: 1, flags }), A, B, fastest, 'v');
    expect(r.accuracy).toBe('Mapped campus path, indoor estimate');
    expect(r.routeVerification).toBe('mixed');
    expect(r.totalDistanceMeters).toBe(312.3);
    expect(r.indoorDistanceMeters).toBe(12);
    expect(r.floorChanges).toBe(1);
    expect(r.warnings).toEqual([ROUTE_WARNING.stairs, ROUTE_WARNING.inferredConnector, ROUTE_WARNING.crossing, ROUTE_WARNING.oneWay]);
  });

  it('a building linked from its location point: mixed or inferred, with the inferred-access-point warning', () => {
    const r = routeFromCell(cell('routed', 'mixed', { total: 100, indoor: 0, outdoor: 100, delay: 20, floors: 0, flags: ROUTE_FLAG.INFERRED_ACCESS_POINT }), A, B, fastest, 'v');
    expect(r.accuracy).toBe('Mapped campus path, indoor estimate');
    expect(r.warnings).toEqual([ROUTE_WARNING.inferredAccessPoint]);
  });

  it('unverified step-free access is said once for fastest / prefer-indoor, never in step-free mode', () => {
    const flags = ROUTE_FLAG.ACCESSIBILITY_UNVERIFIED | ROUTE_FLAG.STAIRS_UNKNOWN;
    const c = cell('routed', 'inferred', { total: 100, indoor: 0, outdoor: 100, delay: 0, floors: 0, flags });
    expect(routeFromCell(c, A, B, fastest, 'v').warnings).toEqual([ROUTE_WARNING.stepFreeUnverified]);
    expect(routeFromCell(c, A, B, resolveRoutePreferences({ mode: 'prefer-indoor' }), 'v').warnings).toEqual([
      ROUTE_WARNING.stepFreeUnverified,
    ]);
    const verified = cell('routed', 'verified', { total: 100, indoor: 0, outdoor: 100, delay: 0, floors: 0 });
    expect(routeFromCell(verified, A, B, stepFree, 'v').warnings).toEqual([]);
  });

  it('approximate: straight line × 1.3 with 20 s delay; nulls; a warning that says why', () => {
    const r = routeFromCell(cell('approximate', 'inferred', { total: 130, delay: 20, flags: ROUTE_FLAG.NO_GRAPH }), A, B, fastest, 'v');
    expect(r).toMatchObject({
      status: 'approximate',
      accuracy: 'Approximate building-to-building estimate',
      totalDistanceMeters: 130,
      indoorDistanceMeters: null,
      outdoorDistanceMeters: null,
      floorChanges: null,
      estimatedSeconds: 116.3, // 96.296… + 20
      routeVerification: 'inferred',
      warnings: [ROUTE_WARNING.noGraph],
    });
    expect(routeFromCell(cell('approximate', 'inferred', { total: 1, delay: 20, flags: ROUTE_FLAG.NOT_ON_GRAPH }), A, B, fastest, 'v').warnings).toEqual([ROUTE_WARNING.notOnGraph]);
    expect(routeFromCell(cell('approximate', 'inferred', { total: 1, delay: 20 }), A, B, fastest, 'v').warnings[0]).toMatch(/straight line.*1\.3/);
  });

  it('unavailable: nulls, "Location unavailable", the reason', () => {
    const noLoc = routeFromCell(cell('unavailable', 'unavailable', { flags: ROUTE_FLAG.NO_LOCATION }), A, B, fastest, 'v');
    expect(noLoc).toMatchObject({
      status: 'unavailable',
      accuracy: 'Location unavailable',
      totalDistanceMeters: null,
      indoorDistanceMeters: null,
      outdoorDistanceMeters: null,
      estimatedSeconds: null,
      floorChanges: null,
      routeVerification: 'unavailable',
      warnings: [ROUTE_WARNING.noLocation],
    });
    expect(routeFactsOf(cell('unavailable', 'unavailable', { flags: ROUTE_FLAG.NO_LOCATION }))).toEqual({ unknownLocation: true });
    const sf = routeFromCell(cell('unavailable', 'unavailable', { flags: ROUTE_FLAG.STEP_FREE_NO_ENTRANCE }), A, B, stepFree, 'v');
    expect(sf.warnings).toEqual([ROUTE_WARNING.stepFreeNoEntrance]);
    expect(routeFactsOf(cell('unavailable', 'unavailable', { flags: ROUTE_FLAG.STEP_FREE_NO_ENTRANCE }))).toEqual({ unknownLocation: false });
    expect(routeFromCell(cell('unavailable', 'unavailable', { flags: ROUTE_FLAG.STEP_FREE_NO_PATH }), A, B, stepFree, 'v').warnings).toEqual([
      ROUTE_WARNING.stepFreeNoPath,
    ]);
    expect(routeFromCell(cell('unavailable', 'unavailable'), A, B, fastest, 'v').warnings).toEqual([ROUTE_WARNING.noRoute]);
  });

  it('rejects a corrupt cell', () => {
    expect(() => routeFromCell({ ...cell('routed', 'verified'), outcome: 9 }, A, B, fastest, 'v')).toThrow(/invalid route cell/);
  });
});

describe('readRouteCell', () => {
  it('reads [mode][from][to][field]', () => {
    const n = 3;
    const values = new Float64Array(2 * n * n * ROUTE_FIELD_COUNT).map((_, i) => i);
    const c = readRouteCell(values, n, 1, 2, 0);
    const o = ((1 * n + 2) * n + 0) * ROUTE_FIELD_COUNT;
    expect(c).toEqual({
      outcome: o,
      totalMeters: o + 1,
      indoorMeters: o + 2,
      outdoorMeters: o + 3,
      delaySeconds: o + 4,
      floorChanges: o + 5,
      verification: o + 6,
      flags: o + 7,
    });
  });
});
