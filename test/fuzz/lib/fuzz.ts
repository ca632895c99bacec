/** Drives the contract fuzzer against a running server. */
import fc from 'fast-check';
import { request, json } from '../../bench/lib/http.ts';
import { arbitraries, type FuzzContext } from './arbitraries.ts';
import { describe as describeRequest, serialize, type FuzzRequest } from './model.ts';
import { rawRequest } from './raw-client.ts';
import { judge } from './oracle.ts';
import { loadOpenApi } from './openapi.ts';

export interface FuzzReport {
  runs: number;
  seed: number;
  statuses: Record<string, number>;
  failures: { request: string; violations: string[] }[];
  serverAlive: boolean;
  ms: number;
}

async function ids(base: string, path: string, key: string): Promise<string[]> {
  try {
    const r = await request(base, 'GET', path);
    if (r.status !== 200) return [];
    return json<{ data: Record<string, string>[] }>(r).data.map((d) => d[key]!).filter(Boolean);
  } catch {
    return [];
  }
}

export async function discover(base: string): Promise<FuzzContext> {
  const codes = await ids(base, '/v1/buildings?limit=100', 'code');
  const names = await ids(base, '/v1/buildings?limit=100', 'name');
  return {
    buildingCodes: codes.length ? codes : ['DV'],
    buildingNames: names.length ? names.slice(0, 40) : ['Deerfield Hall'],
    placeIds: (await ids(base, '/v1/places?limit=100', 'id')).slice(0, 20).concat(['no-such-place']),
    universities: (await ids(base, '/v1/universities?limit=100', 'id')).concat(['UOFT']),
    campuses: (await ids(base, '/v1/campuses?limit=100', 'id')).concat(['UTM']),
  };
}

async function alive(base: string): Promise<boolean> {
  try {
    return (await request(base, 'GET', '/v1/buildings?limit=1')).status === 200;
  } catch {
    return false;
  }
}

export async function runFuzz(opts: { url: string; runs: number; seed: number; concurrency?: number; maxFailures?: number }): Promise<FuzzReport> {
  const t0 = performance.now();
  const port = Number(new URL(opts.url).port);
  const oa = await request(opts.url, 'GET', '/v1/openapi.json');
  if (oa.status !== 200) throw new Error(`GET /v1/openapi.json → ${oa.status}`);
  const api = loadOpenApi(json(oa));
  const { request: arb } = arbitraries(await discover(opts.url));
  const cases: FuzzRequest[] = fc.sample(arb, { numRuns: opts.runs, seed: opts.seed });
  const statuses: Record<string, number> = {};
  const failures: FuzzReport['failures'] = [];
  const seen = new Set<string>();
  let next = 0;
  let serverAlive = true;
  const worker = async () => {
    while (next < cases.length && serverAlive) {
      const i = next++;
      const r = cases[i]!;
      const res = await rawRequest(port, serialize(r), r.method === 'HEAD');
      const key = String(res.status ?? 'none');
      statuses[key] = (statuses[key] ?? 0) + 1;
      const v = judge(r, res, api);
      if (v.length) {
        // Keep one example per kind of violation.
        const kind = v.map((s) => s.replace(/[0-9a-f-]{36}/g, '<id>').slice(0, 60)).join('|');
        if (!seen.has(kind) && failures.length < (opts.maxFailures ?? 50)) {
          seen.add(kind);
          failures.push({ request: describeRequest(r), violations: v });
        }
      }
      if (i % 250 === 249 && !(await alive(opts.url))) serverAlive = false;
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency ?? 8 }, worker));
  if (serverAlive) serverAlive = await alive(opts.url);
  return { runs: cases.length, seed: opts.seed, statuses, failures, serverAlive, ms: performance.now() - t0 };
}
