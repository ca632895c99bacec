/**
 * Requests Node's HTTP parser rejects (malformed syntax, oversize headers, slow clients) get a
 * JSON error in the v1 envelope instead of Node's bare "400 Bad Request", then the connection
 * is closed.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import { logRequest } from './logger.ts';
import { MESSAGES, rawErrorResponse } from './error-response.ts';
import { newRequestId } from './request-id.ts';

interface ParserError extends Error {
  code?: string;
  rawPacket?: Buffer;
}

/** Whether the unparseable request was aimed at a legacy alias (flat error body there). */
function targetsLegacy(err: ParserError): boolean {
  const raw = err.rawPacket;
  if (!raw) return false;
  const sp = raw.indexOf(0x20);
  return sp > 0 && sp < 32 && raw.subarray(sp + 1, sp + 1 + 12).toString('latin1') === '/api/campus-';
}

export function installClientErrorHandler(server: Server, log: boolean): void {
  server.on('clientError', (err: ParserError, socket: Socket) => {
    if (!socket.writable || (err.code === 'ECONNRESET')) {
      socket.destroy();
      return;
    }
    let status = 400;
    let reason = 'Bad Request';
    let code = 'bad_request';
    let message: string = MESSAGES.bad_request;
    if (err.code === 'HPE_HEADER_OVERFLOW') {
      status = 431;
      reason = 'Request Header Fields Too Large';
      code = 'headers_too_large';
      message = MESSAGES.headers_too_large;
    } else if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      status = 408;
      reason = 'Request Timeout';
      code = 'request_timeout';
      message = MESSAGES.request_timeout;
    }
    const requestId = newRequestId();
    // Only answer when nothing has been written on this socket for the current request.
    const s = socket as Socket & { _httpMessage?: { headersSent?: boolean } };
    if (s._httpMessage && s._httpMessage.headersSent) {
      socket.destroy();
    } else {
      socket.end(rawErrorResponse(status, reason, code, message, requestId, targetsLegacy(err)));
    }
    if (log) logRequest({ method: 'OTHER', path: '(unparsed)', status, durationMs: 0, requestId });
  });
}

/** CONNECT is not served; without a listener Node would drop the socket with no answer. */
export function installConnectHandler(server: Server): void {
  server.on('connect', (req: IncomingMessage, socket: Socket) => {
    const legacy = (req.url ?? '').startsWith('/api/campus-');
    const body = rawErrorResponse(405, 'Method Not Allowed', 'method_not_allowed', 'CONNECT is not supported.', newRequestId(), legacy);
    socket.end(body.replace('\r\nConnection: close', '\r\nAllow: GET, HEAD, POST, OPTIONS\r\nConnection: close'));
  });
}
