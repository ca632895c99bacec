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
import { computeGapPlan, computeLegacyGapPlan, computeLegacyRoute, routeInputsOf, routeResult } from '../../runtime/handlers/compute.ts';
import { gapPlanJson, markedTemplate, routeJson } from '../../runtime/handlers/result-json.ts';
import { DIST, ensureDist } from './helpers.ts';

/** The v1 route of a request body, without geometry. */
const computeRoute = (ctx: AppContext, body: Parameters<typeof routeInputsOf>[1]) => routeResult(ctx, routeInputsOf(ctx, body), false);

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
  beforeAll(async () => {
    ensureDist();
    ds = await loadDataset(DIST);
    ctx = createApp(ds).context;
  });

  it('equals JSON.stringify for routes and gap plans on every campus and mode', () => {
    let checked = 0;
    for (const campus of ds.campuses) {
      const codes = campus.artifact.buildings.map((b) => b.code);
      const step = Math.max(1, Math.floor(codes.length / 7));
      for (let i = 0; i < codes.length; i += step) {
        for (let j = codes.length - 1; j >= 0; j -= step) {
          for (const mode of campus.modes) {
            const sel = { campus: campus.id, from: codes[i]!, to: codes[j]! };
            const route = computeRoute(ctx, { ...sel, preferences: { mode } });
            expect(routeJson(route, ctx.recordJson)).toBe(JSON.stringify(route));
            const plan = computeGapPlan(ctx, {
              ...sel, term: 'Winter', weekday: 'Monday', startTime: 600 + j, endTime: 660 + 3 * i, routePreferences: { mode },
              gapPreferences: { willingToLeaveCampus: true, oneWayHomeCommuteMinutes: 20 },
            });
            expect(gapPlanJson(plan, ctx.recordJson)).toBe(JSON.stringify(plan));
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('falls back to JSON.stringify for records it has no JSON for', () => {
    const campus = ds.campuses[0]!;
    const [a, b] = campus.artifact.buildings.map((x) => x.code);
    const route = computeRoute(ctx, { campus: campus.id, from: a!, to: b! });
    const copy = { ...route, from: { ...route.from, name: 'A copy, not the dataset record' } };
    expect(routeJson(copy, ctx.recordJson)).toBe(JSON.stringify(copy));
    expect(routeJson(route, () => undefined)).toBe(JSON.stringify(route));
  });

  it('legacy results have no `location`, spliced or stringified (no prepared record JSON), and both agree', () => {
    for (const campus of ds.campuses) {
      const codes = campus.artifact.buildings.map((x) => x.code);
      const sel = { campus: campus.id, from: codes[0]!, to: codes[codes.length - 1]! };
      const route = computeLegacyRoute(ctx, sel);
      const plan = computeLegacyGapPlan(ctx, { ...sel, ...GAP });
      expect(routeJson(route, ctx.legacyRecordJson)).toBe(JSON.stringify(route));
      expect(gapPlanJson(plan, ctx.legacyRecordJson)).toBe(JSON.stringify(plan));
      for (const json of [routeJson(route, () => undefined), gapPlanJson(plan, () => undefined)]) {
        expect(keysOf(json)).toContain('routingCoverage');
        expect(keysOf(json)).not.toContain('location');
      }
      // The v1 results, for contrast, do hold `location`.
      expect(keysOf(routeJson(computeRoute(ctx, sel), () => undefined))).toContain('location');
      expect(keysOf(gapPlanJson(computeGapPlan(ctx, { ...sel, ...GAP }), () => undefined))).toContain('location');
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
