/**
 * Production process entry: WORKERS (cluster), crash guards, graceful shutdown.
 * `start` is the HTTP layer's startServer; this module does not know about routes.
 */
import type { Server } from 'node:http';
import { readOpsConfig } from './config.ts';
import { installProcessGuards } from './crash-safety.ts';
import { isClusterPrimary, runClusterPrimary } from './cluster.ts';
import { installGracefulShutdown } from './shutdown.ts';
import { logEvent } from './logger.ts';

export interface Started {
  url: string;
  port: number;
  server: Server;
  /** Reported in the ready line. */
  dataVersion?: string;
}

export async function serve(start: () => Promise<Started>): Promise<void> {
  const cfg = readOpsConfig();
  installProcessGuards();
  if (isClusterPrimary(cfg.workers)) {
    runClusterPrimary({
      workers: cfg.workers,
      shutdownTimeoutMs: cfg.shutdownTimeoutMs,
      onListening: (url) => {
        logEvent('info', 'listening', { url, workers: cfg.workers, pid: process.pid });
        process.send?.({ type: 'listening', url, workers: cfg.workers });
      },
    });
    return;
  }
  const started = await start();
  installGracefulShutdown(started.server, { timeoutMs: cfg.shutdownTimeoutMs });
  logEvent('info', 'listening', { url: started.url, dataVersion: started.dataVersion, pid: process.pid });
  process.send?.({ type: 'listening', url: started.url });
}
