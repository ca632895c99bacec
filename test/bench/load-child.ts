/**
 * The load generator, in its own process so it does not share an event loop with the servers.
 * Receives {id, job} over IPC, runs autocannon, answers {id, result}.
 */
import autocannon from 'autocannon';
import type { LoadJob, LoadResult } from './lib/load.ts';

async function run(job: LoadJob): Promise<LoadResult> {
  const r = await autocannon({
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
  return {
    rps: r.requests.average,
    total: r.requests.total,
    p50: r.latency.p50,
    p99: r.latency.p99,
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
