/**
 * GET /healthz and /readyz for load balancers and orchestrators (BEHAVIOUR §1: not in the envelope).
 * healthz: the process answers. readyz: the data is loaded (no server listens before it is) and the
 * process is not draining (ops/health.ts) — 503 from the first step of a shutdown on. Both are prepared
 * bodies (no work per request), never cached, and not logged at info level (ops/request-guard.ts).
 */
import { CACHE_NO_STORE } from '../http/headers.ts';
import { bodyReply, type Reply } from '../http/reply.ts';
import { isReady } from '../ops/health.ts';
import type { Handler } from './context.ts';

const ALIVE = bodyReply('{"status":"ok"}', CACHE_NO_STORE);
const READY = bodyReply('{"status":"ready"}', CACHE_NO_STORE);
const draining = Buffer.from('{"status":"draining"}');
const DRAINING: Reply = { kind: 'body', body: draining, bytes: draining.length, cacheControl: CACHE_NO_STORE, status: 503 };

export function healthzHandler(): Handler {
  return () => ALIVE;
}

export function readyzHandler(): Handler {
  return () => (isReady() ? READY : DRAINING);
}
