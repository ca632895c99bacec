/**
 * Wraps the application's request listener with the per-request operational concerns:
 * admission (429 beyond the caps), one log line per request, and crash safety.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { OpsConfig } from './config.ts';
import type { Admission } from './limits.ts';
import { logRequest } from './logger.ts';
import { sendOpsError } from './error-response.ts';
import { handleInternalError, testHooks } from './crash-safety.ts';
import { requestIdOf } from './request-id.ts';
import { requestTemplate } from './route-template.ts';

type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;

const STARTED = Symbol('campus.requestStarted');
/** Health probes (every few seconds from each load balancer) are not logged at info level. */
const PROBES = new Set(['/healthz', '/readyz']);
type TimedResponse = ServerResponse & { [STARTED]?: number };

export function guardRequests(handler: Handler, cfg: OpsConfig, admission: Admission): RequestListener {
  const log = cfg.logRequests;
  const retryAfter = String(cfg.retryAfterSeconds);

  function onFailure(this: { req: IncomingMessage; res: ServerResponse }, err: unknown): void {
    handleInternalError(err, this.req, this.res);
  }

  // One listener shared by every response (no closure per request); 'close' is emitted once per response.
  function onClose(this: TimedResponse): void {
    admission.inflight--;
    if (log) {
      const req = this.req;
      const path = requestTemplate(req);
      if (PROBES.has(path) && this.statusCode < 500) return; // probes are not request traffic
      logRequest({
        method: req.method ?? 'OTHER',
        path,
        status: this.statusCode,
        durationMs: performance.now() - this[STARTED]!,
        requestId: requestIdOf(req),
        aborted: !this.writableFinished,
      });
    }
  }

  return function guarded(req: IncomingMessage, res: ServerResponse): void {
    if (log) (res as TimedResponse)[STARTED] = performance.now();
    admission.inflight++;
    res.on('close', onClose);

    if (!admission.admit(req.socket)) {
      // Connection over the cap: answer and close it; in-flight over the cap: just answer.
      const overConn = admission.inflight <= cfg.maxInflight || cfg.maxInflight === 0;
      sendOpsError(req, res, 'rate_limited', requestIdOf(req), overConn ? [['Retry-After', retryAfter], ['Connection', 'close']] : [['Retry-After', retryAfter]]);
      req.resume();
      return;
    }

    const hook = testHooks.beforeHandle;
    if (hook !== null) {
      try {
        const r = hook(req, res);
        if (r instanceof Promise) {
          r.then(() => run(handler, req, res), onFailure.bind({ req, res }));
          return;
        }
      } catch (err) {
        handleInternalError(err, req, res);
        return;
      }
    }
    run(handler, req, res);
  };

  function run(h: Handler, req: IncomingMessage, res: ServerResponse): void {
    try {
      const r = h(req, res);
      if (r instanceof Promise) r.catch(onFailure.bind({ req, res }));
    } catch (err) {
      handleInternalError(err, req, res);
    }
  }
}
