/**
 * One call that puts the operational layer around an http.Server:
 *   const server = http.createServer(serverOptions(cfg));
 *   hardenServer(server, app.handler, cfg);
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { OpsConfig } from './config.ts';
import { Admission, applyTimeouts } from './limits.ts';
import { guardRequests } from './request-guard.ts';
import { installClientErrorHandler, installConnectHandler } from './client-error.ts';

export function hardenServer(
  server: Server,
  handler: (req: IncomingMessage, res: ServerResponse) => unknown,
  cfg: OpsConfig,
  allowFor?: (path: string) => string | undefined,
): Admission {
  applyTimeouts(server, cfg);
  const admission = new Admission(cfg);
  admission.track(server);
  installClientErrorHandler(server, cfg.logRequests);
  installConnectHandler(server, allowFor);
  server.on('request', guardRequests(handler, cfg, admission));
  return admission;
}
