/**
 * npm run soak [-- --seconds 300 --window 10 --connections 50 --no-log]
 *
 * Mixed traffic against the API (own process, request logging on unless --no-log), the load
 * generator in another process. Every window prints req/s, p99 and errors, and the server's RSS
 * read from /proc/<pid>/status (no endpoint exposes internals). Bar: 0 errors, RSS growth < 10 %
 * from the first window (after warm-up) to the end.
 */
import { parseArgs } from 'node:util';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureBuilt, rssMb, startApiProcess, stopChild, ROOT } from '../bench/lib/proc.ts';
import { LoadGenerator, type LoadRequest } from '../bench/lib/load.ts';
import { discoverCases } from '../bench/lib/cases.ts';
import { fmt, max, table } from '../bench/lib/stats.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    window: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    'no-log': { type: 'boolean', default: false },
  },
  allowPositionals: true,
});
const seconds = Number(values.seconds);
const windowS = Math.min(Number(values.window), seconds);
const connections = Number(values.connections);

ensureBuilt();
const api = await startApiProcess({ LOG_REQUESTS: values['no-log'] ? '0' : '1' });
const load = await LoadGenerator.start();
let exitCode = 1;
try {
  const cases = await discoverCases(api.ready.url);
  const extra: LoadRequest[] = [
    { method: 'GET', path: '/v1' },
    { method: 'GET', path: '/v1/campuses' },
    { method: 'GET', path: '/v1/buildings?campus=ubc-vancouver&limit=100' },
    { method: 'GET', path: '/v1/buildings?q=hall&limit=20' },
    { method: 'GET', path: '/api/campus-buildings' },
    // No HEAD here: autocannon's parser waits for a body after HEAD responses.
  ];
  const requests = [...cases.flatMap((c) => c.requests), ...extra];
  const job = (secs: number) => ({ url: api.ready.url, connections, seconds: secs, requests });

  process.stderr.write('warm-up 5 s …\n');
  await load.run(job(5));
  const rss0 = rssMb(api.pid);
  const rows: { t: number; rps: number; p50: number; p99: number; errors: number; rss: number }[] = [];
  const t0 = Date.now();
  while ((Date.now() - t0) / 1000 < seconds - 0.5) {
    const r = await load.run(job(windowS));
    const row = { t: Math.round((Date.now() - t0) / 1000), rps: r.rps, p50: r.p50, p99: r.p99, errors: r.non2xx + r.errors, rss: rssMb(api.pid) };
    rows.push(row);
    process.stderr.write(`t=${row.t}s ${fmt(row.rps)} req/s p99 ${row.p99} ms errors ${row.errors} RSS ${fmt(row.rss, 1)} MB\n`);
  }
  const errors = rows.reduce((s, r) => s + r.errors, 0);
  const first = rows[0]!.rss;
  const last = rows[rows.length - 1]!.rss;
  const growth = (last / first - 1) * 100;
  console.log(`\nsoak ${seconds} s, ${connections} connections, ${requests.length} request kinds, request logging ${values['no-log'] ? 'off' : 'on'}\n`);
  console.log(table(['t (s)', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'RSS MB'], rows.map((r) => [String(r.t), fmt(r.rps), fmt(r.p50, 1), fmt(r.p99, 1), String(r.errors), fmt(r.rss, 1)])));
  console.log(`\nRSS after warm-up ${fmt(rss0, 1)} MB, first window ${fmt(first, 1)} MB, last ${fmt(last, 1)} MB, max ${fmt(max(rows.map((r) => r.rss)), 1)} MB; growth ${fmt(growth, 1)} %`);
  console.log(`errors: ${errors}; worst p99 ${fmt(max(rows.map((r) => r.p99)), 1)} ms`);
  const pass = errors === 0 && growth < 10;
  console.log(pass ? 'PASS: 0 errors, RSS growth < 10 %' : 'FAIL');
  writeFileSync(path.join(ROOT, 'test/bench/results-soak.json'), JSON.stringify({ seconds, connections, rss0, rows, errors, growth }, null, 2) + '\n');
  exitCode = pass ? 0 : 1;
} finally {
  const code = await stopChild(api);
  if (code !== 0) console.log(`server exit code on SIGTERM: ${code}`);
  await load.stop();
}
process.exitCode = exitCode;
