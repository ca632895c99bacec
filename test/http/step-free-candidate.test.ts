/**
 * Step-free candidates (BEHAVIOUR §7, issue 24) through HTTP: a stair-avoiding path with its evidence beside
 * an honest `unavailable`, never changing the route's own fields, never in gap plans or the legacy alias;
 * checked pair by pair against the independent reference router.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { greatCircle, ReferenceRouter } from '../build/reference-router.ts';
import { call, postJson, ROOT, useServer } from './helpers.ts';

const t = useServer();
const NO_STAIRS_RECORDED = "This campus's walking graph records no stairs";

const route = async (query: string) => {
  const r = await call(t.base, `/v1/routes?${query}`);
  expect(r.status, r.text).toBe(200);
  t.oas.check('/v1/routes', 'get', '200', r.body);
  return r.body.data;
};

/** Sum of great-circle lengths of a LineString's legs. */
const lineMeters = (coords: number[][]) => coords.slice(1).reduce((s, c, k) => s + greatCircle(coords[k], c), 0);
const segmentKey = (a: number[], b: number[]) => [a, b].map((p) => p.map((x) => x.toFixed(7)).join(',')).sort().join(' ');

describe('step-free candidate', () => {
  it('UTM DV→CCT step-free: unavailable as before, plus an unverified stair-avoiding candidate between recorded doors', async () => {
    const r = await route('from=DV&to=CCT&mode=step-free&geometry=true');
    expect(r.status).toBe('unavailable');
    expect(r.routeVerification).toBe('unavailable');
    expect(r.accuracy).toBe('Location unavailable');
    expect([r.totalDistanceMeters, r.estimatedSeconds, r.geometry]).toEqual([null, null, null]);
    const c = r.stepFreeCandidate;
    expect(c).not.toBeNull();
    expect(Object.keys(c)).toEqual([
      'totalDistanceMeters', 'estimatedSeconds', 'segments', 'segmentsWithoutStepFreeFact', 'stairsAvoided',
      'fromEntrance', 'toEntrance', 'geometry', 'verification', 'warnings',
    ]);
    expect(c.verification).toBe('unverified');
    expect(c.segments).toBeGreaterThan(0);
    expect(c.segmentsWithoutStepFreeFact).toBeLessThanOrEqual(c.segments);
    expect(c.warnings[0]).toContain(`${c.segmentsWithoutStepFreeFact} of its ${c.segments} segments have no step-free fact`);
    expect(c.estimatedSeconds).toBeGreaterThanOrEqual(c.totalDistanceMeters / 1.35);
    // The doors: real entrances of each building, not recorded as not step-free.
    for (const [code, door] of [['DV', c.fromEntrance], ['CCT', c.toEntrance]] as const) {
      const entrances = (await call(t.base, `/v1/buildings/${code}/entrances?limit=100`)).body.data;
      const e = entrances.find((x: { id: string }) => x.id === door.id);
      expect(e, `${code} ${door.id}`).toBeDefined();
      expect(e.kind).toBe('entrance');
      expect(e.accessibility).not.toBe('not_accessible');
      expect(door.stepFree).toBe(e.accessibility === 'accessible' && e.verificationStatus === 'verified' ? true : null);
    }
    // Its geometry walks no segment the campus map records as stairs, and measures its distance.
    expect(c.geometry?.type).toBe('LineString');
    const coords: number[][] = c.geometry.coordinates;
    expect(Math.abs(lineMeters(coords) - c.totalDistanceMeters)).toBeLessThanOrEqual(Math.max(0.5, c.totalDistanceMeters * 0.01));
    const map = JSON.parse((await call(t.base, '/v1/campuses/utm/map')).text);
    const stairs = new Set<string>();
    for (const f of map.features) {
      if (f.properties.stairs === 'true' && f.geometry?.type === 'LineString') {
        const cs = f.geometry.coordinates;
        for (let k = 1; k < cs.length; k++) stairs.add(segmentKey(cs[k - 1], cs[k]));
      }
    }
    expect(stairs.size).toBeGreaterThan(0);
    for (let k = 1; k < coords.length; k++) expect(stairs.has(segmentKey(coords[k - 1], coords[k])), `segment ${k}`).toBe(false);
    // The same object from POST; without geometry when not asked.
    const post = await postJson(t.base, '/v1/routes', { from: 'DV', to: 'CCT', preferences: { mode: 'step-free' }, geometry: true });
    expect(post.body.data.stepFreeCandidate).toEqual(c);
    const plain = await route('from=DV&to=CCT&mode=step-free');
    const { geometry: _g, ...rest } = c;
    expect(plain.stepFreeCandidate).toEqual(rest);
    expect(plain.warnings).toEqual(r.warnings);
  });

  it('fastest and prefer-indoor routes have no candidate key', async () => {
    for (const mode of ['fastest', 'prefer-indoor']) {
      const r = await route(`from=DV&to=CCT&mode=${mode}&geometry=true`);
      expect(r).not.toHaveProperty('stepFreeCandidate');
    }
  });

  it('where the graph records no stairs (TMU): no candidate, and a warning saying so', async () => {
    const r = await route('from=KHE&to=ARC&campus=tmu&mode=step-free');
    expect(r.status).toBe('unavailable');
    expect(r).not.toHaveProperty('stepFreeCandidate');
    expect(r.warnings.filter((w: string) => w.startsWith(NO_STAIRS_RECORDED))).toHaveLength(1);
    expect(r.warnings[0]).not.toContain(NO_STAIRS_RECORDED); // why the route is unavailable comes first
  });

  it('gap plans never use it: their route has no candidate and no added warning', async () => {
    for (const [from, to, campus] of [['DV', 'CCT', 'utm'], ['KHE', 'ARC', 'tmu']]) {
      const gap = { from, to, campus, term: 'Fall', weekday: 'Monday', startTime: 600, endTime: 720, routePreferences: { mode: 'step-free' } };
      const plan = (await postJson(t.base, '/v1/gaps/plan', gap)).body.data;
      const direct = await route(`from=${from}&to=${to}&campus=${campus}&mode=step-free`);
      expect(plan.route).not.toHaveProperty('stepFreeCandidate');
      expect(plan.route.warnings).toEqual(direct.warnings.filter((w: string) => !w.startsWith(NO_STAIRS_RECORDED)));
      expect(plan.route.status).toBe(direct.status);
    }
  });

  it('the deprecated alias keeps its shape', async () => {
    const r = await postJson(t.base, '/api/campus-route', { from: 'DV', to: 'CCT', preferences: { mode: 'step-free' } });
    expect(r.status).toBe(200);
    expect(JSON.stringify(r.body)).not.toContain('stepFreeCandidate');
    expect(JSON.stringify(r.body)).not.toContain(NO_STAIRS_RECORDED);
  });

  it('every UTM pair: a candidate exists exactly when the reference router finds a stair-free path between usable doors', async () => {
    const ref = new ReferenceRouter(join(ROOT, 'sources'), 'utm');
    expect(ref.recordsStairs()).toBe(true);
    const codes: string[] = (await call(t.base, '/v1/buildings?campus=utm&limit=100')).body.data.map((b: { code: string }) => b.code);
    let withCandidate = 0;
    let withoutCandidate = 0;
    for (const from of codes) {
      const any = ref.stairFreeDistances(from, false);
      const fromStepFree = ref.stairFreeDistances(from, true);
      const answers = await Promise.all(codes.filter((to) => to !== from).map(async (to) => [to, await route(`from=${from}&to=${to}&mode=step-free`)] as const));
      for (const [to, r] of answers) {
        const where = `${from}→${to}`;
        if (r.status !== 'unavailable') {
          expect(r, where).not.toHaveProperty('stepFreeCandidate');
          continue;
        }
        expect(r, where).toHaveProperty('stepFreeCandidate');
        const best = any(to, false);
        const c = r.stepFreeCandidate;
        if (best === Infinity) {
          expect(c, where).toBeNull();
          withoutCandidate++;
          continue;
        }
        expect(c, where).not.toBeNull();
        withCandidate++;
        const bothStepFree = fromStepFree(to, true);
        if (bothStepFree < Infinity) {
          // Doors recorded step-free at both ends are preferred: the shortest such path.
          expect([c.fromEntrance.stepFree, c.toEntrance.stepFree], where).toEqual([true, true]);
          expect(Math.abs(c.totalDistanceMeters - bothStepFree), where).toBeLessThan(0.051);
        } else {
          expect(c.fromEntrance.stepFree === true && c.toEntrance.stepFree === true, where).toBe(false);
          expect(c.totalDistanceMeters, where).toBeGreaterThan(best - 0.051);
        }
      }
    }
    expect(withCandidate).toBeGreaterThan(0);
    expect(withoutCandidate).toBeGreaterThan(0);
  }, 120_000);
});
