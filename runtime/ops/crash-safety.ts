/**
 * Crash safety: an exception while handling one request becomes 500 internal_error (nothing
 * internal in the body, details in the log) and the process keeps serving; unhandled rejections
 * are logged. An uncaught exception is logged and fatal: drain, then exit non-zero.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describeError, exitAfterLogs, logEvent, logRequestFailure } from './logger.ts';
import { sendOpsError } from './error-response.ts';
import { requestIdOf } from './request-id.ts';

/**
 * Test-only seam: a function called before every request handler. Only code running in the
 * server process can set it (tests inject failing handlers with it); no route or env var does.
 */
export const testHooks: { beforeHandle: ((req: IncomingMessage, res: ServerResponse) => unknown) | null } = {
  beforeHandle: null,
};

/** Answer 500 for a request whose handler failed. */
export function handleInternalError(err: unknown, req: IncomingMessage, res: ServerResponse): void {
  const requestId = requestIdOf(req);
  logRequestFailure(req, requestId, err);
  if (res.headersSent || res.writableEnded) {
    // Part of a response is already on the wire; the only honest thing left is to cut it.
    res.destroy();
    return;
  }
  try {
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    sendOpsError(req, res, 'internal_error', requestId);
  } catch {
    res.destroy();
  }
}

let installed = false;
let fatal: (() => void) | null = null;
let exiting = false;

/** What to do after an uncaught exception once the server runs (serve.ts: drain, then exit non-zero). */
export function onFatalError(handler: () => void): void {
  fatal = handler;
}

/** Process-wide guards; idempotent. */
export function installProcessGuards(): void {
  if (installed) return;
  installed = true;
  process.on('unhandledRejection', (reason) => {
    logEvent('error', 'unhandled rejection', describeError(reason));
  });
  process.on('uncaughtException', (err, origin) => {
    // Node's documentation: the process is in an unknown state. Stop accepting, let in-flight requests
    // finish, exit non-zero; the cluster primary (or the service manager) starts a fresh process.
    logEvent('error', 'uncaught exception', { origin, ...describeError(err) });
    if (exiting) return; // a second one while draining: already on the way out
    exiting = true;
    if (fatal) fatal();
    else {
      exitAfterLogs(1);
    }
  });
}
