/**
 * Request ids: UUID v4 (BEHAVIOUR §2). crypto.randomUUID already draws from a cached entropy
 * pool, so this is ~100 ns; the id is stored on the request so that the handler, the error
 * paths and the request log all report the same one.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export interface WithRequestId {
  requestId?: string;
}

export function newRequestId(): string {
  return randomUUID();
}

/** The request's id, created on first use. */
export function requestIdOf(req: IncomingMessage): string {
  const r = req as IncomingMessage & WithRequestId;
  return r.requestId ?? (r.requestId = randomUUID());
}
