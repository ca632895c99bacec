/**
 * The operational layer as startServer options (runtime/server.ts hook points):
 *   startServer({ ...opts, ...withOps() })
 * createServer gets the header/timeout limits; the app's listener is wrapped with admission (429),
 * request logs and crash safety; malformed HTTP and CONNECT get JSON answers.
 */
import type { IncomingMessage, Server, ServerOptions, ServerResponse } from 'node:http';
import { readOpsConfig, type OpsConfig } from './config.ts';
import { serverOptions } from './limits.ts';
import { hardenServer } from './harden.ts';

export interface OpsServerOptions {
  serverOptions: ServerOptions;
  attach: (server: Server, handler: (req: IncomingMessage, res: ServerResponse) => void, app?: { allowFor(path: string): string | undefined }) => void;
}

export function withOps(cfg: OpsConfig = readOpsConfig()): OpsServerOptions {
  return {
    serverOptions: serverOptions(cfg),
    attach: (server, handler, app) => {
      hardenServer(server, handler, cfg, app?.allowFor);
    },
  };
}
