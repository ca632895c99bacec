/**
 * The load generator, in its own process so it does not share an event loop with the servers.
 * Receives {id, job} over IPC, runs autocannon, answers {id, result}.
 */
import autocannon from 'autocannon';
import type { LoadJob, LoadResult } from './lib/load.ts';
import { quantile } from './lib/stats.ts';

async function run(job: LoadJob): Promise<LoadResult> {
  // autocannon's own percentiles come from a histogram of whole milliseconds: at 2–5 ms that cannot tell
  // a p99 1.25× another. Every 2xx response time is kept here (float ms) and ranked exactly.
  let times = new Float64Array(1 << 16);
  let n = 0;
  const instance = autocannon({
    url: job.url,
    connections: job.connections,
    ...(job.amount ? { amount: job.amount } : { duration: job.seconds }),
    timeout: 10,
    requests: job.requests.map((q) => ({
      method: q.method,
      path: q.path,
      ...(q.body !== undefined ? { body: q.body, headers: { 'content-type': 'application/json' } } : {}),
    })),
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    if (status < 200 || status > 299) return;
    if (n === times.length) {
      const grown = new Float64Array(n * 2);
      grown.set(times);
      times = grown;
    }
    times[n++] = ms;
  });
  const r = await instance;
  const sorted = times.subarray(0, n).sort();
  return {
    rps: r.requests.average,
    total: r.requests.total,
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    max: r.latency.max,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    seconds: r.duration,
  };
}

process.on('message', (m: { id: number; job: LoadJob }) => {
  run(m.job).then(
    (result) => process.send!({ id: m.id, result }),
    (err: unknown) => process.send!({ id: m.id, error: String(err) }),
  );
});
process.send!({ ready: true });
