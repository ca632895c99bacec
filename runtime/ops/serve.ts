/**
 * Production process entry: settings, WORKERS (cluster), crash guards, graceful shutdown.
 * `start` is the HTTP layer's startServer; this module does not know about routes.
 * A process that cannot start logs one line naming the setting to fix and exits non-zero.
 */
import type { Server } from 'node:http';
import { readListenConfig, readOpsConfig, type ListenConfig } from './config.ts';
import { installProcessGuards, onFatalError } from './crash-safety.ts';
import { isClusterPrimary, runClusterPrimary } from './cluster.ts';
import { installGracefulShutdown } from './shutdown.ts';
import { exitAfterLogs, logEvent } from './logger.ts';
import { EXIT_CANNOT_START, startFailure } from './start-failure.ts';
import { installClusterReload, installReload, type ReloadOutcome } from './reload.ts';

export interface Started {
  url: string;
  port: number;
  server: Server;
  /** Reported in the ready line. */
  dataVersion?: string;
  /** Swaps in the data version dist/current.json names (on SIGHUP; see reload.ts). */
  reload?: () => Promise<ReloadOutcome>;
}

export async function serve(start: (listen: ListenConfig) => Promise<Started>): Promise<void> {
  let listen: ListenConfig | undefined;
  try {
    const cfg = readOpsConfig();
    listen = readListenConfig();
    installProcessGuards();
    if (isClusterPrimary(cfg.workers)) {
      runClusterPrimary({
        workers: cfg.workers,
        shutdownTimeoutMs: cfg.shutdownTimeoutMs + cfg.drainDelayMs,
        onListening: (url) => {
          logEvent('info', 'listening', { url, workers: cfg.workers, pid: process.pid });
          process.send?.({ type: 'listening', url, workers: cfg.workers });
        },
      });
      installClusterReload();
      return;
    }
    const started = await start(listen);
    const shutdown = installGracefulShutdown(started.server, { timeoutMs: cfg.shutdownTimeoutMs, drainDelayMs: cfg.drainDelayMs });
    if (started.reload) installReload(started.reload);
    // After an uncaught exception the process is in an unknown state: drain and exit non-zero.
    onFatalError(() => void shutdown('uncaughtException', 1));
    logEvent('info', 'listening', { url: started.url, dataVersion: started.dataVersion, pid: process.pid });
    process.send?.({ type: 'listening', url: started.url, dataVersion: started.dataVersion });
  } catch (err) {
    logEvent('error', 'cannot start', { ...startFailure(err, listen) });
    exitAfterLogs(EXIT_CANNOT_START);
  }
}
