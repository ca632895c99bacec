/**
 * WORKERS > 1: a node:cluster primary runs that many server processes sharing one port.
 * The primary only supervises: it restarts workers that die (bounded; a worker that cannot start
 * stops the cluster with its exit code), and on SIGTERM/SIGINT forwards the signal, waits for the
 * workers' graceful shutdown and exits 0.
 */
import cluster, { type Worker } from 'node:cluster';
import { exitAfterLogs, logEvent } from './logger.ts';
import { EXIT_CANNOT_START } from './start-failure.ts';

export interface ClusterOptions {
  workers: number;
  shutdownTimeoutMs: number;
  /** Restarts allowed per minute before the primary gives up (exit 1). */
  maxRestartsPerMinute?: number;
  /** Called once every initial worker is listening, with the URL the first one reported. */
  onListening?: (url: string) => void;
}

export function isClusterPrimary(workers: number): boolean {
  return workers > 1 && cluster.isPrimary;
}

export function runClusterPrimary(opts: ClusterOptions): void {
  const maxRestarts = opts.maxRestartsPerMinute ?? 10;
  const restarts: number[] = [];
  let stopping = false;
  let listening = 0;

  const fork = (): Worker => {
    const w = cluster.fork();
    w.on('message', (m: unknown) => {
      if (m && typeof m === 'object' && (m as { type?: string }).type === 'listening') {
        logEvent('info', 'worker listening', { worker: w.id, pid: w.process.pid });
        if (++listening === opts.workers) opts.onListening?.(String((m as { url?: string }).url ?? ''));
      }
    });
    return w;
  };

  for (let i = 0; i < opts.workers; i++) fork();

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        logEvent('info', 'all workers stopped');
        exitAfterLogs(exitCode);
      }
      return;
    }
    logEvent('error', 'worker died', { worker: worker.id, code, signal });
    if (code === EXIT_CANNOT_START) {
      // The worker logged which setting is wrong; a fresh one would fail the same way.
      stop('SIGTERM', EXIT_CANNOT_START);
      return;
    }
    const now = Date.now();
    while (restarts.length > 0 && now - restarts[0]! > 60_000) restarts.shift();
    if (restarts.length >= maxRestarts) {
      logEvent('error', 'too many worker restarts; giving up');
      exitAfterLogs(1);
    }
    restarts.push(now);
    fork();
  });

  let exitCode = 0;
  const stop = (signal: NodeJS.Signals, code = 0): void => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    logEvent('info', 'stopping workers', { signal });
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    if (workers.length === 0) return exitAfterLogs(exitCode);
    for (const w of workers) w.process.kill('SIGTERM');
    const t = setTimeout(() => {
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGKILL');
      exitAfterLogs(exitCode);
    }, opts.shutdownTimeoutMs + 2000);
    t.unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
