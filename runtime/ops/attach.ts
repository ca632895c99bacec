/**
 * The operational layer as startServer options (runtime/server.ts hook points):
 *   startServer({ ...opts, ...withOps() })
 * createServer gets the header/timeout limits; the app's listener is wrapped with admission (429),
 * request logs and crash safety; malformed HTTP and CONNECT get JSON answers; the campus cache gets its
 * budget (CAMPUS_CACHE_MB) and a log line for each campus part that cannot be read.
 */
import type { IncomingMessage, Server, ServerOptions, ServerResponse } from 'node:http';
import { readOpsConfig, type OpsConfig } from './config.ts';
import { serverOptions } from './limits.ts';
import { hardenServer } from './harden.ts';
import { logEvent } from './logger.ts';
import type { PartUnavailable } from '../data/campus-cache.ts';

export interface OpsServerOptions {
  serverOptions: ServerOptions;
  attach: (server: Server, handler: (req: IncomingMessage, res: ServerResponse) => void, app?: { allowFor(path: string): string | undefined }) => void;
  campusCacheBytes: number;
  onCampusUnavailable: (failure: PartUnavailable) => void;
}

/** The log line of a campus part that cannot be read (its campus answers 503 until it can). */
export function logCampusUnavailable(f: PartUnavailable): void {
  logEvent('error', 'campus unavailable', {
    campus: f.campus, part: f.part, reason: f.reason, retryAfterSeconds: f.retryAfterSeconds(),
  });
}

export function withOps(cfg: OpsConfig = readOpsConfig()): OpsServerOptions {
  return {
    serverOptions: serverOptions(cfg),
    attach: (server, handler, app) => {
      hardenServer(server, handler, cfg, app?.allowFor);
    },
    campusCacheBytes: cfg.campusCacheMb * 1024 * 1024,
    onCampusUnavailable: logCampusUnavailable,
  };
}
