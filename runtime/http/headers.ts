/**
 * Response headers (BEHAVIOUR §2) and the single function that writes a response.
 * Every response — success, error, 204, 304, HEAD — goes through `writeResponse`.
 */
import type { ServerResponse } from 'node:http';
import { writeAfterTurn } from './write-queue.ts';

export const CACHE_STATIC = 'public, max-age=300, s-maxage=3600, stale-while-revalidate=86400';
export const CACHE_NO_STORE = 'no-store';
export const CACHE_PREFLIGHT = 'public, max-age=86400';
/** Content-addressed bytes (dataset files, hashed page assets). */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
/** HTML pages: stored, revalidated on every use (ETag). */
export const CACHE_REVALIDATE = 'no-cache';

/** Cache policies of GET responses (the registry declares one per endpoint; POST responses are always no-store). */
export const CACHE_POLICIES = {
  static: CACHE_STATIC,
  'no-store': CACHE_NO_STORE,
  immutable: CACHE_IMMUTABLE,
  revalidate: CACHE_REVALIDATE,
  availability: 'public, max-age = min(60, seconds until the earliest nextTransition shown), or no-store',
} as const;
export type CachePolicy = keyof typeof CACHE_POLICIES;
export const CONTENT_TYPE_JSON = 'application/json; charset=utf-8';
/** Longest max-age of a body that changes over time (places). */
export const MAX_AGE_CHANGING = 60;
/** `public, max-age=N` for N = 0 … MAX_AGE_CHANGING, made once. */
const MAX_AGE = Array.from({ length: MAX_AGE_CHANGING + 1 }, (_, s) => `public, max-age=${s}`);

/**
 * Cache-Control of a body that changes at `nextChange` (epoch ms; null when not within the horizon),
 * at `now` (epoch ms): public, max-age = min(60, whole seconds until the change); no-store at 0 (BEHAVIOUR §2).
 */
export function cacheControlUntil(nextChange: number | null, now: number): string {
  const seconds = nextChange === null ? MAX_AGE_CHANGING : Math.min(MAX_AGE_CHANGING, Math.max(0, Math.floor((nextChange - now) / 1000)));
  return seconds > 0 ? MAX_AGE[seconds]! : CACHE_NO_STORE;
}

const CORS_HEADERS: readonly string[] = [
  'Access-Control-Allow-Origin', '*',
  'Access-Control-Allow-Methods', 'GET, HEAD, POST, OPTIONS',
  'Access-Control-Allow-Headers', 'content-type, if-none-match, if-modified-since, cache-control',
  'Access-Control-Max-Age', '86400',
  'Access-Control-Expose-Headers', 'X-Request-Id, ETag, Retry-After, Deprecation, Link',
];
const NOSNIFF: readonly string[] = ['X-Content-Type-Options', 'nosniff'];

/** Headers that do not depend on the request, in write order (flat [name, value, …] list); JSON bodies. */
export const CONSTANT_HEADERS: readonly string[] = [...CORS_HEADERS, 'Content-Type', CONTENT_TYPE_JSON, ...NOSNIFF];

/** The first headers of every response, X-Request-Id's value left blank (index 1), per Content-Type. */
const JSON_START: readonly string[] = ['X-Request-Id', '', ...CONSTANT_HEADERS];
const starts = new Map<string, readonly string[]>();
/**
 * A 304 has no body and names no media type: a cache that revalidates keeps the Content-Type it stored. (204s keep
 * theirs: BEHAVIOUR §2 lists Content-Type on every response, 204s included.)
 */
const NOT_MODIFIED_START: readonly string[] = ['X-Request-Id', '', ...CORS_HEADERS, ...NOSNIFF];
function headStart(contentType: string | undefined): readonly string[] {
  if (contentType === undefined) return JSON_START;
  let s = starts.get(contentType);
  if (s === undefined) starts.set(contentType, (s = ['X-Request-Id', '', ...CORS_HEADERS, 'Content-Type', contentType, ...NOSNIFF]));
  return s;
}

export interface ResponseHead {
  status: number;
  requestId: string;
  cacheControl: string;
  etag?: string;
  /** Content-Type of a success body when it is not JSON (e.g. text/html, application/geo+json). */
  contentType?: string;
  /** Extra headers such as Allow, Deprecation, Link, Retry-After, Connection. */
  extra?: readonly (readonly [string, string])[];
}

/**
 * A body: bytes, a string in a BodyEncoding (written with the head in one write), or chunks written back to
 * back (corked: one writev).
 */
export type Body = string | Buffer | readonly (string | Buffer)[];
/** utf8: text; latin1: a byte string (one character per byte, http/template.ts). */
export type BodyEncoding = 'utf8' | 'latin1';

/**
 * Writes status, headers and (unless `body` is null or the request is HEAD) the body, once the handlers of
 * the current event-loop turn have run (http/write-queue.ts). A response whose client has gone is not written.
 * `bodyBytes` is the byte length of the body (also sent for HEAD, so it matches GET).
 */
export function writeResponse(
  res: ServerResponse,
  head: ResponseHead,
  body: Body | null,
  bodyBytes: number,
  isHead: boolean,
  encoding: BodyEncoding = 'utf8',
): void {
  writeAfterTurn(res, () => {
    if (!res.destroyed) writeNow(res, head, body, bodyBytes, isHead, encoding);
  });
}

function writeNow(res: ServerResponse, head: ResponseHead, body: Body | null, bodyBytes: number, isHead: boolean, encoding: BodyEncoding): void {
  const bodyless = head.status === 204 || head.status === 304;
  const h = (head.status === 304 ? NOT_MODIFIED_START : headStart(head.contentType)).slice();
  h[1] = head.requestId;
  h.push('Cache-Control', head.cacheControl);
  if (head.etag !== undefined) h.push('ETag', head.etag);
  if (head.extra) for (const [k, v] of head.extra) h.push(k, v);
  if (!bodyless && body !== null) h.push('Content-Length', String(bodyBytes));
  res.writeHead(head.status, h);
  if (bodyless || body === null || isHead) res.end();
  else if (typeof body === 'string') res.end(body, encoding);
  else if (!Array.isArray(body)) res.end(body);
  else {
    // end() uncorks the socket completely: head and every chunk leave in one writev.
    res.cork();
    const last = body.length - 1;
    for (let i = 0; i < last; i++) res.write(body[i], encoding);
    res.end(body[last], encoding);
  }
}
