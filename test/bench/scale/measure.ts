/**
 * What `npm run bench:scale` measures on a built DIST_DIR, against the server as shipped (node dist/server.mjs,
 * request log off, the default CAMPUS_CACHE_MB unless the caller sets it):
 *   - start-up: spawn → first answer (GET /v1/campuses?limit=100, as npm run bench), median of 3 spawns;
 *   - cold: the first request of a campus, one at a time: GET one building (reads its records) on half of
 *     the campuses, POST /v1/routes (reads its records and its matrix) on the other half;
 *   - RSS after touching 50 campuses and after touching all (touch = one building and one route each);
 *   - warm: one campus already read, autocannon (50 connections) on GET building / POST route.
 * Timings of single requests are taken by this process around one HTTP request on a fresh connection.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CATALOG_FILE, CURRENT_FILE, campusFile } from '../../../runtime/contract/index.ts';
import { request } from '../lib/http.ts';
import { LoadGenerator, type LoadRequest } from '../lib/load.ts';
import { rssMb, startApiProcess, stopChild, type Child } from '../lib/proc.ts';
import { median, quantile } from '../lib/stats.ts';
import { random } from './generate.ts';

export interface ScaleCampus {
  id: string;
  codes: string[];
}

/** Every campus of the built version with its building codes, read from the artifacts by this process (not the server). */
export function campusesOf(distDir: string): ScaleCampus[] {
  const version = JSON.parse(readFileSync(path.join(distDir, CURRENT_FILE), 'utf8')).dataVersion as string;
  const dir = path.join(distDir, version);
  const catalog = JSON.parse(readFileSync(path.join(dir, CATALOG_FILE), 'utf8')) as { campuses: { id: string }[] };
  return catalog.campuses.map(({ id }) => ({
    id,
    codes: (JSON.parse(readFileSync(path.join(dir, campusFile(id)), 'utf8')) as { buildings: { code: string }[] }).buildings.map((b) => b.code),
  }));
}

export interface Latency {
  n: number;
  p50: number;
  p99: number;
  max: number;
}
const latency = (xs: number[]): Latency => {
  const s = [...xs].sort((a, b) => a - b);
  return { n: s.length, p50: quantile(s, 0.5), p99: quantile(s, 0.99), max: s.length ? s[s.length - 1]! : NaN };
};
const round = (x: number, digits = 2) => Number(x.toFixed(digits));

function server(distDir: string, env: NodeJS.ProcessEnv): Promise<Child<{ url: string }>> {
  return startApiProcess({ DIST_DIR: distDir, LOG_REQUESTS: '0', ...env });
}

async function timed(base: string, method: string, p: string, body?: string): Promise<number> {
  const t0 = performance.now();
  const r = await request(base, method, p, body);
  const ms = performance.now() - t0;
  if (r.status !== 200) throw new Error(`${method} ${p} ${body ?? ''} → ${r.status}: ${r.body.toString().slice(0, 300)}`);
  return ms;
}

const buildingPath = (c: ScaleCampus) => `/v1/buildings/${encodeURIComponent(c.codes[c.codes.length >> 1]!)}?campus=${c.id}`;
const routeBody = (c: ScaleCampus, k = 0) =>
  JSON.stringify({ campus: c.id, from: c.codes[k % c.codes.length], to: c.codes[(c.codes.length - 1 - k + c.codes.length) % c.codes.length] });

export async function startup(distDir: string, env: NodeJS.ProcessEnv, spawns = 3): Promise<{ ms: number; all: number[]; rssMb: number }> {
  const all: number[] = [];
  let rss = NaN;
  for (let i = 0; i < spawns; i++) {
    const t0 = performance.now();
    const child = await server(distDir, env);
    await timed(child.ready.url, 'GET', '/v1/campuses?limit=100');
    all.push(performance.now() - t0);
    rss = rssMb(child.pid);
    await stopChild(child);
  }
  return { ms: round(median(all), 0), all: all.map((x) => round(x, 0)), rssMb: round(rss, 0) };
}

export interface TouchResult {
  coldBuilding: Latency;
  coldRoute: Latency;
  rssAfter50Mb: number;
  touchedFor50: number;
  rssAfterAllMb: number;
  touchSeconds: number;
}

/**
 * Touches every campus once, in a seeded random order: on even positions the first request is a route, on odd
 * ones a building (each a cold sample), then the other one. With fewer campuses than `minSamples` per kind the
 * server is restarted and the campuses touched again (cold once more), for enough cold samples.
 */
export async function touchAll(distDir: string, env: NodeJS.ProcessEnv, campuses: ScaleCampus[], seed: number, minSamples = 40): Promise<TouchResult> {
  const rng = random(seed);
  const coldBuilding: number[] = [];
  const coldRoute: number[] = [];
  let rssAfter50 = NaN;
  let touchedFor50 = 0;
  let rssAfterAll = NaN;
  let touchSeconds = NaN;
  for (let pass = 0; pass === 0 || Math.min(coldBuilding.length, coldRoute.length) < minSamples; pass++) {
    const order = campuses.map((c) => ({ c, r: rng() })).sort((a, b) => a.r - b.r).map((x) => x.c);
    const child = await server(distDir, env);
    const base = child.ready.url;
    const t0 = performance.now();
    try {
      for (const [i, c] of order.entries()) {
        if (i % 2 === 0) {
          coldRoute.push(await timed(base, 'POST', '/v1/routes', routeBody(c)));
          await timed(base, 'GET', buildingPath(c));
        } else {
          coldBuilding.push(await timed(base, 'GET', buildingPath(c)));
          await timed(base, 'POST', '/v1/routes', routeBody(c));
        }
        if (pass === 0 && (i + 1 === 50 || (i + 1 === order.length && order.length < 50))) {
          rssAfter50 = rssMb(child.pid);
          touchedFor50 = i + 1;
        }
      }
      if (pass === 0) {
        touchSeconds = (performance.now() - t0) / 1000;
        rssAfterAll = rssMb(child.pid);
      }
    } finally {
      await stopChild(child);
    }
  }
  return {
    coldBuilding: rounded(latency(coldBuilding)),
    coldRoute: rounded(latency(coldRoute)),
    rssAfter50Mb: round(rssAfter50, 0),
    touchedFor50,
    rssAfterAllMb: round(rssAfterAll, 0),
    touchSeconds: round(touchSeconds, 1),
  };
}

const rounded = (l: Latency): Latency => ({ n: l.n, p50: round(l.p50), p99: round(l.p99), max: round(l.max) });

export interface WarmResult {
  campus: string;
  buildings: number;
  getBuilding: { rps: number; p50: number; p99: number; errors: number };
  postRoute: { rps: number; p50: number; p99: number; errors: number };
}

/** Warm-campus throughput: the campus of median size, read first, then 50 connections for `seconds` per case. */
export async function warm(distDir: string, env: NodeJS.ProcessEnv, campuses: ScaleCampus[], seconds = 5): Promise<WarmResult> {
  const c = [...campuses].sort((a, b) => a.codes.length - b.codes.length)[campuses.length >> 1]!;
  const child = await server(distDir, env);
  const load = await LoadGenerator.start();
  try {
    const base = child.ready.url;
    const gets: LoadRequest[] = c.codes.slice(0, 20).map((code) => ({ method: 'GET', path: `/v1/buildings/${encodeURIComponent(code)}?campus=${c.id}` }));
    const posts: LoadRequest[] = Array.from({ length: Math.min(20, c.codes.length) }, (_, k) => ({ method: 'POST', path: '/v1/routes', body: routeBody(c, k) }));
    for (const q of [...gets, ...posts]) await timed(base, q.method, q.path, q.body);
    const run = async (requests: LoadRequest[]) => {
      await load.run({ url: base, connections: 50, seconds: 1, requests });
      const r = await load.run({ url: base, connections: 50, seconds, requests });
      return { rps: Math.round(r.rps), p50: round(r.p50), p99: round(r.p99), errors: r.non2xx + r.errors };
    };
    return { campus: c.id, buildings: c.codes.length, getBuilding: await run(gets), postRoute: await run(posts) };
  } finally {
    await load.stop();
    await stopChild(child);
  }
}
