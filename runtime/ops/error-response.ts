/**
 * Error responses produced by the operational layer (429, 500, malformed HTTP), in the API's own
 * shapes and headers: they go through the HTTP layer's error writer (http/reply.ts) — or, for a socket
 * without a ServerResponse, are assembled from the same header list and error serializers.
 */
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import { errorTemplate, legacyErrorBody } from '../http/envelope.ts';
import { ApiError, type ErrorCode } from '../http/errors.ts';
import { CACHE_NO_STORE, CONSTANT_HEADERS } from '../http/headers.ts';
import { sendError } from '../http/reply.ts';
import { isLegacyPath } from '../registry/types.ts';

export const MESSAGES = {
  rate_limited: 'The service is busy. Retry after the number of seconds in Retry-After.',
  internal_error: 'An unexpected error occurred. It has been logged.',
  bad_request: 'The request could not be parsed as HTTP.',
  headers_too_large: 'The request headers are too large.',
  request_timeout: 'The request was not received in time.',
} as const;

const DEPRECATED: readonly [string, string][] = [['Deprecation', 'true']];

/** 429 or 500 on a live response, with `extra` headers (e.g. Retry-After, Connection). */
export function sendOpsError(
  req: IncomingMessage,
  res: ServerResponse,
  code: 'rate_limited' | 'internal_error',
  requestId: string,
  extra: readonly [string, string][] = [],
): void {
  const legacy = isLegacyPath(req.url);
  sendError(req, res, requestId, new ApiError(code, MESSAGES[code], undefined, [...extra]), legacy, legacy ? DEPRECATED : undefined);
}

/** Full raw HTTP/1.1 response (Connection: close) for a socket that has no ServerResponse (clientError, CONNECT). */
export function rawErrorResponse(code: ErrorCode, message: string, requestId: string, legacy = false, extra: readonly [string, string][] = []): string {
  const err = new ApiError(code, message);
  const body = legacy ? legacyErrorBody(err) : errorTemplate(err).text({ requestId });
  let head = `HTTP/1.1 ${err.status} ${STATUS_CODES[err.status]}\r\nX-Request-Id: ${requestId}\r\n`;
  for (let i = 0; i < CONSTANT_HEADERS.length; i += 2) head += `${CONSTANT_HEADERS[i]}: ${CONSTANT_HEADERS[i + 1]}\r\n`;
  head += `Cache-Control: ${CACHE_NO_STORE}\r\n`;
  if (legacy) head += 'Deprecation: true\r\n';
  for (const [k, v] of extra) head += `${k}: ${v}\r\n`;
  head += `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`;
  return head + body;
}
