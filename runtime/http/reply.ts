/**
 * What a handler returns, and the one place that turns it (or an error) into bytes on the wire:
 * ETag / If-None-Match → 304, HEAD (headers only), v1 or flat legacy error bodies.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorTemplate, legacyErrorBody, type RequestIdBlank } from './envelope.ts';
import type { Fillable } from './template.ts';
import { ApiError, toApiError } from './errors.ts';
import { ClientAborted } from './body.ts';
import { ifNoneMatchHits } from './etag.ts';
import { CACHE_NO_STORE, writeResponse } from './headers.ts';
import { logRequestFailure } from '../ops/logger.ts';

export type Reply =
  /** Versioned envelope: the request id is spliced into the template (http/template.ts). */
  | { kind: 'template'; template: Fillable<RequestIdBlank>; cacheControl: string; etag?: string; link?: string }
  /** Complete body (legacy flat bodies, the OpenAPI document); `bytes` is its byte length. */
  | {
    kind: 'body'; body: Buffer | string; bytes: number; cacheControl: string; etag?: string; link?: string;
    /** Content-Type when not JSON (HTML pages, their assets). */
    contentType?: string;
    /** Extra response headers (Content-Security-Policy, Content-Encoding, Vary…). */
    headers?: ExtraHeaders;
    /** Status when not 200 (e.g. /readyz while draining: 503). */
    status?: number;
  };

export type ExtraHeaders = readonly (readonly [string, string])[];

export function bodyReply(body: string, cacheControl: string, etag?: string, link?: string): Reply {
  const bytes = Buffer.from(body);
  return { kind: 'body', body: bytes, bytes: bytes.length, cacheControl, etag, link };
}

export function sendReply(
  req: IncomingMessage,
  res: ServerResponse,
  requestId: string,
  reply: Reply,
  headers: ExtraHeaders | undefined,
  contentType?: string,
): void {
  const isHead = req.method === 'HEAD';
  if (reply.kind === 'body' && reply.headers) headers = [...(headers ?? []), ...reply.headers];
  if (reply.etag !== undefined && ifNoneMatchHits(req.headers['if-none-match'], reply.etag)) {
    writeResponse(res, { status: 304, requestId, cacheControl: reply.cacheControl, etag: reply.etag, extra: headers }, null, 0, true);
    return;
  }
  const type = (reply.kind === 'body' ? reply.contentType : undefined) ?? contentType;
  const head = { status: (reply.kind === 'body' && reply.status) || 200, requestId, cacheControl: reply.cacheControl, etag: reply.etag, contentType: type, extra: headers };
  if (reply.kind === 'template') {
    const values = { requestId };
    const { template } = reply;
    writeResponse(res, head, isHead ? '' : template.body(values), template.byteLength(values), isHead, template.encoding);
  }
  else writeResponse(res, head, reply.body, reply.bytes, isHead);
}

/** Writes an error in the v1 envelope, or flat when `legacy`. Bugs become 500 internal_error (logged, never revealed). */
export function sendError(
  req: IncomingMessage,
  res: ServerResponse,
  requestId: string,
  e: unknown,
  legacy: boolean,
  extra?: ExtraHeaders,
): void {
  if (e instanceof ClientAborted || res.destroyed) return;
  if (!(e instanceof ApiError)) {
    logRequestFailure(req, requestId, e);
  }
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const err = toApiError(e);
  const headers = [...(extra ?? []), ...(err.headers ?? [])];
  const isHead = req.method === 'HEAD';
  if (legacy) {
    const body = legacyErrorBody(err);
    writeResponse(res, { status: err.status, requestId, cacheControl: CACHE_NO_STORE, extra: headers }, body, Buffer.byteLength(body), isHead);
  } else {
    const body = errorTemplate(err).text({ requestId });
    writeResponse(res, { status: err.status, requestId, cacheControl: CACHE_NO_STORE, extra: headers }, body, Buffer.byteLength(body), isHead);
  }
}
