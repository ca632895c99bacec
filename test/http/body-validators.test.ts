/**
 * The server bundle validates request bodies with ajv code compiled at build time
 * (build/tools/body-validators.ts), the source runtime with validators compiled when it starts
 * (runtime/schemas/body-validators.ts). Both must answer every body alike: compared function by function
 * (result and ajv's errors), and through HTTP — the bundled server (node dist/server.mjs, as `npm start`
 * runs it) against the source server, status and body (request ids aside) for the same requests.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ValidateFunction } from 'ajv';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyValidatorsSource } from '../../build/tools/body-validators.ts';
import { BODY_COMPONENTS, bodyValidateFunctions, type BodyComponent } from '../../runtime/schemas/body-validators.ts';
import { startApiProcess, stopChild, type Child } from '../bench/lib/proc.ts';
import { postJson, ROOT, useServer, type Res } from './helpers.ts';

const route = { from: 'DV', to: 'CC' };
const gap = { from: 'DV', to: 'CC', term: 'Fall', weekday: 'Tuesday', startTime: 600, endTime: 690 };
const notObjects = [null, [], 'DV', 42, true];

const BODIES: Record<BodyComponent, unknown[]> = {
  RouteRequest: [
    route,
    { ...route, university: 'uoft', campus: 'utm', geometry: true, preferences: { mode: 'step-free', walkingSpeedMps: 1.2, transitionBufferMinutes: 2 } },
    {},
    { from: '', to: ' ' },
    { from: 'x'.repeat(241), to: 'CC' },
    { from: '\u{1F600}'.repeat(200), to: 'CC' }, // 400 UTF-16 units, 200 characters: lengths count characters
    { ...route, extra: 1, other: null },
    { from: 1, to: null },
    { ...route, preferences: { mode: 'fly', walkingSpeedMps: -1, transitionBufferMinutes: 'x', pace: 3 } },
    { ...route, preferences: [] },
    { ...route, geometry: 'yes', university: '', campus: 7 },
    ...notObjects,
  ],
  GapPlanRequest: [
    gap,
    { ...gap, routePreferences: { mode: 'prefer-indoor' }, gapPreferences: { riskTolerance: 'low', oneWayHomeCommuteMinutes: null } },
    {},
    { ...gap, endTime: 600 },
    { ...gap, startTime: 1.5, endTime: 1441 },
    { ...gap, term: 'Autumn', weekday: 'Funday' },
    { ...gap, gapPreferences: { lunchWindowStart: 800, lunchWindowEnd: 700, setupMinutes: -5, unknown: 1 } },
    { ...gap, routePreferences: { mode: 'x' }, gapPreferences: 'none' },
    { ...gap, startTime: '600' },
    ...notObjects,
  ],
};

describe('build-time body validators', () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'campus-validators-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  let precompiled: Record<BodyComponent, ValidateFunction>;
  const compiled = bodyValidateFunctions();

  beforeAll(async () => {
    // As the server bundle gets them: the generated module bundled by esbuild with ajv's runtime helpers.
    const out = await build({
      stdin: { contents: bodyValidatorsSource(), resolveDir: ROOT, loader: 'js' },
      bundle: true, format: 'esm', platform: 'node', write: false, logLevel: 'silent',
    });
    const file = path.join(tmp, 'body-validators.mjs');
    writeFileSync(file, out.outputFiles[0]!.text);
    precompiled = (await import(pathToFileURL(file).href)).bodyValidateFunctions();
  });

  it('exist for every body component, and nothing else', () => {
    expect(Object.keys(precompiled).sort()).toEqual([...BODY_COMPONENTS].sort());
  });

  for (const component of BODY_COMPONENTS) {
    it(`${component}: the same verdict and the same errors as the validator compiled at start-up`, () => {
      let rejected = 0;
      for (const body of BODIES[component]) {
        const ok = compiled[component](body);
        expect(precompiled[component](body), JSON.stringify(body)).toBe(ok);
        expect(precompiled[component].errors ?? null, JSON.stringify(body)).toEqual(compiled[component].errors ?? null);
        if (!ok) rejected++;
      }
      expect(rejected).toBeGreaterThanOrEqual(BODIES[component].length - 3); // the corpus is mostly invalid bodies
    });
  }
});

describe('the bundled server answers bodies as the source server does', () => {
  const t = useServer();
  let bundled: Child<{ url: string }>;
  beforeAll(async () => {
    bundled = await startApiProcess({ LOG_REQUESTS: '0', WORKERS: '' });
  }, 30_000);
  afterAll(() => stopChild(bundled));

  const withoutIds = (r: Res) => ({ status: r.status, body: { ...r.body, meta: { ...r.body.meta, requestId: undefined } } });
  const paths: Record<BodyComponent, string> = { RouteRequest: '/v1/routes', GapPlanRequest: '/v1/gaps/plan' };
  for (const component of BODY_COMPONENTS) {
    it(`POST ${paths[component]}`, async () => {
      const statuses = new Set<number>();
      for (const body of BODIES[component]) {
        const [source, bundle] = await Promise.all([postJson(t.base, paths[component], body), postJson(bundled.ready.url, paths[component], body)]);
        expect(withoutIds(bundle), JSON.stringify(body)).toEqual(withoutIds(source));
        statuses.add(source.status);
      }
      expect([...statuses]).toContain(400);
      expect([...statuses]).toContain(200);
    });
  }
});
