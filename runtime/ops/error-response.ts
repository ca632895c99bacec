/**
 * Error responses produced by the operational layer (429, 500, malformed HTTP), in the same
 * shapes as the API's own errors: the v1 envelope, or the flat legacy body on /api/campus-*.
 * BEHAVIOUR §2 headers are on every response.
 */
import type { IncomingMessage, ServerResponse, OutgoingHttpHeaders } from 'node:http';

export const BASE_ERROR_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Type': 'application/json; charset=utf-8',
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'content-type',
  'Access-Control-Max-Age': '86400',
  'Access-Control-Expose-Headers': 'X-Request-Id, ETag, Retry-After, Deprecation, Link',
});

export const MESSAGES = {
  rate_limited: 'The service is busy. Retry after the number of seconds in Retry-After.',
  internal_error: 'An unexpected error occurred. It has been logged.',
  bad_request: 'The request could not be parsed as HTTP.',
  headers_too_large: 'The request headers are too large.',
  request_timeout: 'The request was not received in time.',
} as const;

export function isLegacyPath(url: string | undefined): boolean {
  return url !== undefined && url.startsWith('/api/campus-');
}

export function errorBody(legacy: boolean, code: string, message: string, requestId: string): string {
  return legacy
    ? JSON.stringify({ service: 'service-public-campus', error: code, message })
    : JSON.stringify({ error: { code, message }, meta: { apiVersion: 'v1', requestId } });
}

/** Full raw HTTP/1.1 response for a socket that has no ServerResponse (clientError). */
export function rawErrorResponse(status: number, reason: string, code: string, message: string, requestId: string, legacy = false): string {
  const body = errorBody(legacy, code, message, requestId);
  let head = `HTTP/1.1 ${status} ${reason}\r\n`;
  for (const [k, v] of Object.entries(BASE_ERROR_HEADERS)) head += `${k}: ${v}\r\n`;
  head += `X-Request-Id: ${requestId}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`;
  return head + body;
}

export function sendOpsError(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  code: keyof typeof MESSAGES,
  requestId: string,
  extra?: OutgoingHttpHeaders,
): void {
  const legacy = isLegacyPath(req.url);
  const body = errorBody(legacy, code, MESSAGES[code], requestId);
  const headers: OutgoingHttpHeaders = {
    ...BASE_ERROR_HEADERS,
    'X-Request-Id': requestId,
    'Content-Length': Buffer.byteLength(body),
    ...(legacy ? { Deprecation: 'true' } : {}),
    ...extra,
  };
  res.writeHead(status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}
