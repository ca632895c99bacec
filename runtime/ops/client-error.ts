/**
 * Requests Node's HTTP parser rejects (malformed syntax, oversize headers, slow clients) get a
 * JSON error in the v1 envelope instead of Node's bare "400 Bad Request", then the connection
 * is closed. They are 400 invalid_request — BEHAVIOUR §4's list of codes is complete — with a
 * message that says which limit or rule the request broke.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { logRequest } from './logger.ts';
import { MESSAGES, rawErrorResponse } from './error-response.ts';
import { newRequestId } from './request-id.ts';
import { isLegacyPath, LEGACY_PREFIX } from '../registry/types.ts';
import { writeQueued } from '../http/write-queue.ts';

interface ParserError extends Error {
  code?: string;
  rawPacket?: Buffer;
}

/** Whether the unparseable request was aimed at a legacy alias (flat error body there). */
function targetsLegacy(err: ParserError): boolean {
  const raw = err.rawPacket;
  if (!raw) return false;
  const sp = raw.indexOf(0x20);
  return sp > 0 && sp < 32 && isLegacyPath(raw.subarray(sp + 1, sp + 1 + LEGACY_PREFIX.length).toString('latin1'));
}

/**
 * Runs `answer` once the answers to the earlier, completely received requests on this connection have been
 * written: they go first, as HTTP/1.1 orders them — also when one is still being computed (a campus read on
 * first use answers asynchronously). A response whose request is not complete belongs to the request that
 * broke the rules (e.g. a body that timed out): it is not waited for.
 */
function afterEarlierAnswers(socket: Socket, answer: () => void): void {
  writeQueued();
  const res = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (res && !res.writableEnded && res.req?.complete) {
    const next = () => {
      res.off('finish', next);
      res.off('close', next);
      afterEarlierAnswers(socket, answer);
    };
    res.once('finish', next);
    res.once('close', next);
    return;
  }
  answer();
}

export function installClientErrorHandler(server: Server, log: boolean): void {
  server.on('clientError', (err: ParserError, socket: Socket) => afterEarlierAnswers(socket, () => {
    if (!socket.writable || (err.code === 'ECONNRESET')) {
      socket.destroy();
      return;
    }
    const message: string =
      err.code === 'HPE_HEADER_OVERFLOW' ? MESSAGES.headers_too_large
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? MESSAGES.request_timeout
      : MESSAGES.bad_request;
    const requestId = newRequestId();
    // Only answer when no answer is half-written on this socket (a whole earlier answer goes first, then this one).
    const s = socket as Socket & { _httpMessage?: { headersSent?: boolean; writableEnded?: boolean } };
    if (s._httpMessage && s._httpMessage.headersSent && !s._httpMessage.writableEnded) {
      socket.destroy();
    } else {
      socket.end(rawErrorResponse('invalid_request', message, requestId, targetsLegacy(err)));
    }
    if (log) logRequest({ method: 'OTHER', path: '(unparsed)', status: 400, durationMs: 0, requestId });
  }));
}

/**
 * CONNECT is not served; without a listener Node would drop the socket with no answer.
 * On an API path: 405 with that path's Allow; anywhere else (e.g. host:port targets): 404 not_found.
 */
export function installConnectHandler(server: Server, allowFor: (path: string) => string | undefined = () => undefined): void {
  server.on('connect', (req: IncomingMessage, socket: Socket) => afterEarlierAnswers(socket, () => {
    const url = req.url ?? '';
    const legacy = isLegacyPath(url);
    const allow = allowFor(url);
    if (allow === undefined) {
      socket.end(rawErrorResponse('not_found', 'No such path. See /v1 and /v1/openapi.json.', newRequestId(), legacy));
      return;
    }
    socket.end(rawErrorResponse('method_not_allowed', `CONNECT is not allowed. Allowed: ${allow}.`, newRequestId(), legacy, [['Allow', allow]]));
  }));
}
