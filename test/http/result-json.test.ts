/**
 * Route and gap-plan JSON with prepared Building JSON spliced in (runtime/handlers/result-json.ts) must be
 * byte-identical to JSON.stringify of the result — on every campus, every mode, many building pairs — and
 * fall back to JSON.stringify whenever the placeholders do not line up. The legacy results hold the legacy
 * Building records (BEHAVIOUR §6: no `location`), so neither path can write a v1 field into a legacy body.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDataset, type Dataset } from '../../runtime/data/load.ts';
import { createApp } from '../../runtime/app.ts';
import type { AppContext } from '../../runtime/handlers/context.ts';
import type { CampusData, CampusRoutes } from '../../runtime/data/load.ts';
import {
  computeGapPlan, computeLegacyGapPlan, computeLegacyRoute, routeInputsIn, routeResult, type RouteInputs,
} from '../../runtime/handlers/compute.ts';
import type { GapPlanRequestBody, RouteRequestBody } from '../../runtime/schemas/requests.ts';
import { gapPlanJson, markedTemplate, routeJson } from '../../runtime/handlers/result-json.ts';
import { DIST, ensureDist } from './helpers.ts';

/** Every campus with its records and routes read (as a first request would). */
interface Loaded {
  id: string;
  data: CampusData;
  routes: CampusRoutes;
}

const inputsOf = (ds: Dataset, body: RouteRequestBody | GapPlanRequestBody, preferences?: RouteRequestBody['preferences']): RouteInputs => {
  const handle = ds.campusById.get(body.campus!)!;
  return routeInputsIn(handle, handle.data.ready()!, body.from, body.to, preferences);
};

const GAP = { term: 'Winter', weekday: 'Friday', startTime: 690, endTime: 800 } as const;
/** Every object key of a JSON text, at any depth. */
function keysOf(json: string): string[] {
  const keys: string[] = [];
  JSON.parse(json, function (key) {
    if (key !== '' && !Array.isArray(this)) keys.push(key);
    return undefined;
  });
  return keys;
}

describe('result JSON with prepared Building records', () => {
  let ds: Dataset;
  let ctx: AppContext;
  let campuses: Loaded[];
  beforeAll(async () => {
    ensureDist();
    ds = await loadDataset(DIST);
    ctx = createApp(ds).context;
    campuses = await Promise.all(ds.campuses.map(async (c) => ({ id: c.id, data: await c.data.load(), routes: await c.routes.load() })));
  });
  const routesOf = (id: string) => campuses.find((c) => c.id === id)!.routes;
  /** The v1 route of a request body, without geometry. */
  const computeRoute = (body: RouteRequestBody) => routeResult(ctx, routesOf(body.campus!), inputsOf(ds, body, body.preferences), false);
  const plan = (body: GapPlanRequestBody) => computeGapPlan(ctx, routesOf(body.campus!), body, inputsOf(ds, body, body.routePreferences));

  it('equals JSON.stringify for routes and gap plans on every campus and mode', () => {
    let checked = 0;
    for (const campus of campuses) {
      const codes = campus.data.artifact.buildings.map((b) => b.code);
      const step = Math.max(1, Math.floor(codes.length / 7));
      for (let i = 0; i < codes.length; i += step) {
        for (let j = codes.length - 1; j >= 0; j -= step) {
          for (const mode of campus.routes.modes) {
            const sel = { campus: campus.id, from: codes[i]!, to: codes[j]! };
            const route = computeRoute({ ...sel, preferences: { mode } });
            expect(routeJson(route, ctx.recordJson)).toBe(JSON.stringify(route));
            const planned = plan({
              ...sel, term: 'Winter', weekday: 'Monday', startTime: 600 + j, endTime: 660 + 3 * i, routePreferences: { mode },
              gapPreferences: { willingToLeaveCampus: true, oneWayHomeCommuteMinutes: 20 },
            });
            expect(gapPlanJson(planned, ctx.recordJson)).toBe(JSON.stringify(planned));
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('falls back to JSON.stringify for records it has no JSON for', () => {
    const campus = campuses[0]!;
    const [a, b] = campus.data.artifact.buildings.map((x) => x.code);
    const route = computeRoute({ campus: campus.id, from: a!, to: b! });
    const copy = { ...route, from: { ...route.from, name: 'A copy, not the dataset record' } };
    expect(routeJson(copy, ctx.recordJson)).toBe(JSON.stringify(copy));
    expect(routeJson(route, () => undefined)).toBe(JSON.stringify(route));
  });

  it('legacy results have no `location`, spliced or stringified (no prepared record JSON), and both agree', async () => {
    for (const campus of campuses) {
      const codes = campus.data.artifact.buildings.map((x) => x.code);
      const sel = { campus: campus.id, from: codes[0]!, to: codes[codes.length - 1]! };
      const route = await computeLegacyRoute(ctx, sel);
      const legacyPlan = await computeLegacyGapPlan(ctx, { ...sel, ...GAP });
      expect(routeJson(route, ctx.legacyRecordJson)).toBe(JSON.stringify(route));
      expect(gapPlanJson(legacyPlan, ctx.legacyRecordJson)).toBe(JSON.stringify(legacyPlan));
      for (const json of [routeJson(route, () => undefined), gapPlanJson(legacyPlan, () => undefined)]) {
        expect(keysOf(json)).toContain('routingCoverage');
        expect(keysOf(json)).not.toContain('location');
      }
      // The v1 results, for contrast, do hold `location`.
      expect(keysOf(routeJson(computeRoute(sel), () => undefined))).toContain('location');
      expect(keysOf(gapPlanJson(plan({ ...sel, ...GAP }), () => undefined))).toContain('location');
    }
  });

  it('splices only placeholders that appear exactly once each, in order', () => {
    const h = (i: number) => JSON.stringify(`\u0000B${i}`);
    const splice = (json: string, records: string[]) =>
      markedTemplate(json, records.map((_, i) => String(i)))?.text(Object.fromEntries(records.map((r, i) => [String(i), r])));
    expect(splice(`[${h(0)},${h(1)}]`, ['"a"', '"b"'])).toBe('["a","b"]');
    expect(splice(`[${h(1)},${h(0)}]`, ['"a"', '"b"'])).toBeUndefined();
    expect(splice(`[${h(0)}]`, ['"a"', '"b"'])).toBeUndefined();
    expect(splice(`[${h(0)},${h(1)},${h(1)}]`, ['"a"', '"b"'])).toBeUndefined();
    expect(splice(`[${h(0)},${h(1)},${h(2)}]`, ['"a"', '"b"'])).toBeUndefined();
    expect(splice(`[${JSON.stringify('\u0000B0x')}]`, ['"a"'])).toBeUndefined();
  });
});
