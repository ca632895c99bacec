/**
 * Graceful shutdown: on SIGTERM/SIGINT stop accepting connections, let in-flight requests
 * finish (bounded wait), close idle keep-alive connections, flush logs, exit 0 (or the code given,
 * e.g. 1 after an uncaught exception). /readyz answers 503 from the first step on.
 */
import type { Server } from 'node:http';
import { flushLogsAsync, logEvent } from './logger.ts';
import { lifecycle } from './health.ts';

export interface ShutdownOptions {
  timeoutMs: number;
  /** Before closing the listener: keep serving this long with /readyz at 503, so load balancers stop sending traffic. */
  drainDelayMs?: number;
  /** Extra cleanup before exit (closing other resources). */
  beforeExit?: () => Promise<void> | void;
  /** For tests: replaces process.exit. */
  exit?: (code: number) => void;
}

/** Close a server gracefully; resolves true if everything finished within the timeout. */
export function drainServer(server: Server, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    let done = false;
    const timer = setTimeout(() => {
      if (done) return;
      done = true;
      server.closeAllConnections();
      resolve(false);
    }, timeoutMs);
    timer.unref();
    // Responses finishing after this point carry "Connection: close".
    server.on('request', (_req, res) => {
      if (!res.headersSent) res.setHeader('Connection', 'close');
    });
    server.close(() => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(true);
    });
    server.closeIdleConnections();
    // Keep-alive sockets that become idle after their current response are closed too.
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    sweep.unref();
    server.once('close', () => clearInterval(sweep));
  });
}

export function installGracefulShutdown(server: Server, opts: ShutdownOptions): (reason: string, code?: number) => Promise<void> {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  let started: Promise<void> | null = null;
  const shutdown = (signal: string, code = 0): Promise<void> => {
    if (started) return started;
    started = (async () => {
      lifecycle.draining = true;
      logEvent(code === 0 ? 'info' : 'error', 'shutting down', { signal });
      if (opts.drainDelayMs) await new Promise((r) => setTimeout(r, opts.drainDelayMs));
      const clean = await drainServer(server, opts.timeoutMs);
      if (!clean) logEvent('warn', 'shutdown timeout: closed remaining connections', { timeoutMs: opts.timeoutMs });
      try {
        await opts.beforeExit?.();
      } catch {
        /* exiting anyway */
      }
      logEvent('info', 'stopped', { signal, code });
      await flushLogsAsync();
      exit(code);
    })();
    return started;
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  return shutdown;
}
