/**
 * npm run bench [-- --seconds 5 --rounds 3 --connections 50 --smoke --log]
 *
 * API vs raw node:http baseline, interleaved rounds, each server and the load generator in
 * their own processes on 127.0.0.1. Prints a table and writes test/bench/results.json.
 * Besides req/s and latency, each round records the server's own CPU time (utime + stime from /proc)
 * per answered request — a figure that, unlike req/s, hardly depends on how busy the machine is.
 * Never run by `npm test` except as a 1-second smoke (test/bench/smoke.test.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { cpuMicros, ensureBuilt, forkScript, startApiProcess, stopChild, rssMb, treeRssMb, ROOT, type Child } from './lib/proc.ts';
import { json, request } from './lib/http.ts';
import { LoadGenerator, type LoadResult } from './lib/load.ts';
import { discoverCases, type BenchCase } from './lib/cases.ts';
import { replayHeaders, type Fixture } from './lib/fixture.ts';
import { fmt, max, median, min, table } from './lib/stats.ts';
import { graphScaling, type GraphScalingRow } from './graph-scaling.ts';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '2' },
    smoke: { type: 'boolean', default: false },
    log: { type: 'boolean', default: false },
    out: { type: 'string' },
    'skip-extras': { type: 'boolean', default: false },
  },
  allowPositionals: true,
});

const smoke = args.smoke!;
const seconds = smoke ? 1 : Number(args.seconds);
const rounds = smoke ? 1 : Number(args.rounds);
const connections = smoke ? 10 : Number(args.connections);
const warmup = smoke ? 0 : Number(args.warmup);
const extras = !smoke && !args['skip-extras'];
const outFile = args.out ?? path.join(ROOT, 'test/bench', smoke ? 'results-smoke.json' : 'results.json');
const logEnv = { LOG_REQUESTS: args.log ? '1' : '0' };

type Side = 'api' | 'baseline';
/** A load run plus the server process's CPU time per answered request during it. */
type Measured = LoadResult & { cpuUsPerRequest: number };
interface CaseResult {
  name: string;
  rounds: Record<Side, Measured[]>;
  summary: Record<Side, { rps: number; rpsMin: number; rpsMax: number; p50: number; p99: number; cpuUsPerRequest: number; errors: number }>;
  ratio: number;
  /** API CPU µs per request / baseline CPU µs per request. */
  cpuRatio: number;
  p99At10?: Record<Side, number>;
}

function say(s: string): void {
  process.stderr.write(s + '\n');
}

function startApi(env: NodeJS.ProcessEnv = {}): Promise<Child<{ url: string }>> {
  return startApiProcess({ ...logEnv, ...env });
}

async function capture(api: string, cases: BenchCase[]): Promise<Fixture> {
  const fx: Fixture = { get: {}, post: {} };
  for (const c of cases) {
    for (const q of c.requests) {
      const r = await request(api, q.method, q.path, q.body);
      if (r.status !== 200) throw new Error(`${q.method} ${q.path} → ${r.status}: ${r.body.toString().slice(0, 300)}`);
      if (q.method === 'GET') {
        fx.get[q.path] = { status: r.status, headers: replayHeaders(r), body: r.body.toString('base64') };
      } else {
        const input = JSON.parse(q.body!) as { from: string; to: string };
        const slot = (fx.post[q.path] ??= { status: r.status, headers: replayHeaders(r, true), responses: {} });
        slot.responses[input.from + '|' + input.to] = json(r);
      }
    }
  }
  return fx;
}

function summarize(rs: Measured[]) {
  return {
    rps: median(rs.map((r) => r.rps)),
    rpsMin: min(rs.map((r) => r.rps)),
    rpsMax: max(rs.map((r) => r.rps)),
    p50: median(rs.map((r) => r.p50)),
    p99: median(rs.map((r) => r.p99)),
    cpuUsPerRequest: median(rs.map((r) => r.cpuUsPerRequest)),
    errors: rs.reduce((s, r) => s + r.non2xx + r.errors, 0),
  };
}

async function timeToFirstAnswer(env: NodeJS.ProcessEnv = {}): Promise<{ totalMs: number; campuses: number }> {
  const t0 = performance.now();
  const child = await startApi(env);
  // The child reports once listening; the first answered request closes the measurement.
  const r = await request(child.ready.url, 'GET', '/v1/campuses?limit=100');
  const totalMs = performance.now() - t0;
  const body = json<{ data: unknown[]; meta: { pagination?: { total: number } } }>(r);
  await stopChild(child);
  return { totalMs, campuses: body.meta.pagination?.total ?? body.data.length };
}

async function main(): Promise<void> {
  const started = Date.now();
  say('ensuring build …');
  ensureBuilt();

  const results: Record<string, unknown> = {
    machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
    settings: { seconds, rounds, connections, warmup, requestLogging: args.log },
  };

  let buildMs = NaN;
  if (extras) {
    say('timing npm run build …');
    const t = performance.now();
    const b = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'ignore' });
    buildMs = performance.now() - t;
    if (b.status !== 0) throw new Error('npm run build failed');
    results.buildMs = buildMs;
  }

  let startup: Awaited<ReturnType<typeof timeToFirstAnswer>>[] = [];
  if (extras) {
    say('measuring start-up …');
    for (let i = 0; i < 3; i++) startup.push(await timeToFirstAnswer());
    results.startup = {
      spawnToFirstAnswerMs: median(startup.map((s) => s.totalMs)),
      campuses: startup[0]!.campuses,
      runs: startup,
    };
  }

  const api = await startApi();
  const load = await LoadGenerator.start();
  const tmp = mkdtempSync(path.join(tmpdir(), 'campus-bench-'));
  let baseline: Child<{ url: string }> | null = null;
  try {
    const cases = await discoverCases(api.ready.url);
    const fixturePath = path.join(tmp, 'fixture.json');
    writeFileSync(fixturePath, JSON.stringify(await capture(api.ready.url, cases)));
    baseline = await forkScript('test/bench/baseline-child.mjs', [], { env: { BENCH_FIXTURE: fixturePath } });
    const url: Record<Side, string> = { api: api.ready.url, baseline: baseline.ready.url };
    const pid: Record<Side, number> = { api: api.pid, baseline: baseline.pid };

    const run = (side: Side, c: BenchCase, secs: number, conns = connections, amount?: number) =>
      load.run({ url: url[side], connections: conns, seconds: secs, requests: c.requests, ...(amount ? { amount } : {}) });

    if (warmup > 0) {
      say('warm-up …');
      for (const c of cases) for (const side of ['api', 'baseline'] as Side[]) await run(side, c, warmup);
    }
    const rssAfterWarmup = rssMb(api.pid);
    results.rss = { afterWarmupMb: rssAfterWarmup };

    const measured = async (side: Side, c: BenchCase, secs: number): Promise<Measured> => {
      const cpu0 = cpuMicros(pid[side]);
      const res = await run(side, c, secs);
      return { ...res, cpuUsPerRequest: (cpuMicros(pid[side]) - cpu0) / res.total };
    };

    const byCase: CaseResult[] = cases.map((c) => ({
      name: c.name,
      rounds: { api: [], baseline: [] },
      summary: {} as CaseResult['summary'],
      ratio: NaN,
      cpuRatio: NaN,
    }));
    for (let r = 0; r < rounds; r++) {
      for (let i = 0; i < cases.length; i++) {
        // Alternate which side goes first so neither always runs on a freshly idle machine.
        const order: Side[] = (r + i) % 2 === 0 ? ['api', 'baseline'] : ['baseline', 'api'];
        for (const side of order) {
          const res = await measured(side, cases[i]!, seconds);
          byCase[i]!.rounds[side].push(res);
          say(`round ${r + 1} ${side.padEnd(8)} ${cases[i]!.name.padEnd(30)} ${fmt(res.rps)} req/s p99 ${res.p99} ms, ${fmt(res.cpuUsPerRequest, 1)} µs CPU/req`);
        }
      }
    }
    for (const c of byCase) {
      c.summary = { api: summarize(c.rounds.api), baseline: summarize(c.rounds.baseline) };
      c.ratio = c.summary.api.rps / c.summary.baseline.rps;
      c.cpuRatio = c.summary.api.cpuUsPerRequest / c.summary.baseline.cpuUsPerRequest;
    }

    if (extras) {
      say('p99 at 10 connections …');
      for (let i = 0; i < cases.length; i++) {
        const a = await run('api', cases[i]!, 3, 10);
        const b = await run('baseline', cases[i]!, 3, 10);
        byCase[i]!.p99At10 = { api: a.p99, baseline: b.p99 };
      }
    }
    results.cases = byCase;

    if (extras) {
      say('100k requests for RSS …');
      const mixed: BenchCase = { name: 'mixed', kind: 'GET', requests: cases.flatMap((c) => c.requests) };
      await run('api', mixed, 0, connections, 100_000);
      results.rss = { afterWarmupMb: rssAfterWarmup, after100kMb: rssMb(api.pid) };
    }

    await stopChild(api);

    if (extras) {
      say('request logging on/off …');
      const logging: Record<string, { off: number; on: number }> = {};
      const other = args.log ? { LOG_REQUESTS: '0' } : { LOG_REQUESTS: '1' };
      const alt = await startApi(other);
      for (const i of [1, 3]) {
        const c = cases[i]!;
        const altUrl = alt.ready.url;
        const m = byCase[i]!.summary.api.rps;
        const altRes = await load.run({ url: altUrl, connections, seconds, requests: c.requests });
        logging[c.name] = args.log ? { on: m, off: altRes.rps } : { off: m, on: altRes.rps };
      }
      await stopChild(alt);
      results.logging = logging;

      say('WORKERS=2 …');
      const port = await freePort();
      const w2 = await startApi({ WORKERS: '2', PORT: String(port) });
      const workers: Record<string, { w1: number; w2: number; w1p99: number; w2p99: number }> = {};
      for (const i of [1, 3, 4]) {
        const c = cases[i]!;
        await load.run({ url: w2.ready.url, connections, seconds: warmup || 1, requests: c.requests });
        const r2 = await load.run({ url: w2.ready.url, connections, seconds, requests: c.requests });
        workers[c.name] = { w1: byCase[i]!.summary.api.rps, w2: r2.rps, w1p99: byCase[i]!.summary.api.p99, w2p99: r2.p99 };
      }
      results.workers = { ...workers, rssTotalMbW2: treeRssMb(w2.pid) };
      await stopChild(w2);

      say('graph build scaling …');
      results.graphScaling = await graphScaling();
    }

    writeFileSync(outFile, JSON.stringify(results, null, 2) + '\n');
    print(results, byCase);
    say(`\nwrote ${path.relative(ROOT, outFile)} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await stopChild(api);
    if (baseline) await stopChild(baseline);
    await load.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
}

function print(results: Record<string, unknown>, byCase: CaseResult[]): void {
  const rows = byCase.map((c) => [
    c.name,
    fmt(c.summary.api.rps),
    `${fmt(c.summary.api.rpsMin)}–${fmt(c.summary.api.rpsMax)}`,
    fmt(c.summary.baseline.rps),
    `${fmt(c.summary.baseline.rpsMin)}–${fmt(c.summary.baseline.rpsMax)}`,
    fmt(c.ratio, 2),
    `${fmt(c.summary.api.p50, 1)} / ${fmt(c.summary.baseline.p50, 1)}`,
    `${fmt(c.summary.api.p99, 1)} / ${fmt(c.summary.baseline.p99, 1)}`,
    c.p99At10 ? `${fmt(c.p99At10.api, 1)} / ${fmt(c.p99At10.baseline, 1)}` : '—',
    `${fmt(c.summary.api.cpuUsPerRequest)} / ${fmt(c.summary.baseline.cpuUsPerRequest)}`,
    fmt(c.cpuRatio, 2),
    `${c.summary.api.errors} / ${c.summary.baseline.errors}`,
  ]);
  console.log(
    `\n${connections} connections, ${rounds} × ${seconds} s per case (median of rounds), request logging ${args.log ? 'on' : 'off'}\n`,
  );
  console.log(
    table(
      [
        'case', 'API req/s', 'API spread', 'base req/s', 'base spread', 'API/base', 'p50 ms API/base', 'p99 ms API/base',
        'p99@10c API/base', 'CPU µs/req API/base', 'CPU API/base', 'errors API/base',
      ],
      rows,
    ),
  );
  const s = results.startup as { spawnToFirstAnswerMs: number; campuses: number } | undefined;
  if (s) console.log(`\nstart-up: spawn of node dist/server.mjs → first answered request ${fmt(s.spawnToFirstAnswerMs)} ms, campuses: ${s.campuses}`);
  const rss = results.rss as { afterWarmupMb: number; after100kMb?: number } | undefined;
  if (rss) {
    const more = rss.after100kMb === undefined ? '' : `, after +100k requests ${fmt(rss.after100kMb, 1)} MB`;
    console.log(`RSS: after warm-up ${fmt(rss.afterWarmupMb, 1)} MB${more}`);
  }
  if (results.buildMs !== undefined) console.log(`npm run build: ${fmt(results.buildMs as number)} ms`);
  const lg = results.logging as Record<string, { off: number; on: number }> | undefined;
  if (lg) for (const [k, v] of Object.entries(lg)) console.log(`request logging ${k}: off ${fmt(v.off)} req/s, on ${fmt(v.on)} req/s (${fmt((v.on / v.off - 1) * 100, 1)} %)`);
  const w = results.workers as Record<string, { w1: number; w2: number; w1p99: number; w2p99: number } | number> | undefined;
  if (w) {
    for (const [k, v] of Object.entries(w)) {
      if (typeof v === 'number') console.log(`WORKERS=2 total RSS: ${fmt(v, 1)} MB`);
      else console.log(`WORKERS 1 vs 2 ${k}: ${fmt(v.w1)} vs ${fmt(v.w2)} req/s, p99 ${v.w1p99} vs ${v.w2p99} ms`);
    }
  }
  const g = results.graphScaling as GraphScalingRow[] | undefined;
  if (g) {
    console.log('\nbuild time vs graph size (all-pairs routing matrix):');
    console.log(table(['graph', 'nodes', 'edges', 'buildings', 'ms'], g.map((r) => [r.graph, String(r.nodes), String(r.edges), String(r.buildings), fmt(r.ms)])));
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
