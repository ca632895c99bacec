/**
 * The API under test, as its own process. Env: BENCH_PORT (0 = ephemeral), WORKERS, LOG_REQUESTS.
 * Reports readiness to the parent over IPC with in-process timings.
 */
import cluster from 'node:cluster';
import { readOpsConfig } from '../../runtime/ops/config.ts';
import { withOps, type OpsServerOptions } from '../../runtime/ops/attach.ts';
import { isClusterPrimary, runClusterPrimary } from '../../runtime/ops/cluster.ts';

type StartServer = (opts: { port?: number; host?: string } & Partial<OpsServerOptions>) => Promise<{ url: string; server: import('node:http').Server }>;

const cfg = readOpsConfig();
const port = Number(process.env.BENCH_PORT ?? 0);

if (isClusterPrimary(cfg.workers)) {
  runClusterPrimary({ workers: cfg.workers, shutdownTimeoutMs: cfg.shutdownTimeoutMs });
  let listening = 0;
  cluster.on('listening', () => {
    if (++listening === cfg.workers) process.send?.({ url: `http://127.0.0.1:${port}`, cluster: true, pid: process.pid });
  });
} else {
  const t0 = performance.now();
  // BENCH_SERVER_MODULE lets the harness run against a stand-in while runtime/server.ts is absent.
  const modPath = process.env.BENCH_SERVER_MODULE ?? '../../runtime/server.ts';
  const { startServer } = (await import(modPath)) as { startServer: StartServer };
  const t1 = performance.now();
  const handle = await startServer({ port, host: '127.0.0.1', ...withOps(cfg) });
  const t2 = performance.now();
  const { installGracefulShutdown } = await import('../../runtime/ops/shutdown.ts');
  installGracefulShutdown(handle.server, { timeoutMs: 2000 });
  if (!cluster.isWorker) {
    process.send?.({ url: handle.url, pid: process.pid, importMs: t1 - t0, startServerMs: t2 - t1, sinceProcessStartMs: t2 });
  }
}
