/**
 * JSON request bodies (BEHAVIOUR §4, POST order): 415 media type → 413 size (enforced while streaming,
 * and early from Content-Length) → invalid_json. Schema validation (invalid_request) happens in the caller.
 */
import type { IncomingMessage } from 'node:http';
import { ApiError } from './errors.ts';

export const BODY_LIMIT_BYTES = 16 * 1024;
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Media type before ';', trimmed and lower-cased, must be application/json. */
export function checkJsonContentType(header: string | undefined): void {
  const semi = header === undefined ? -1 : header.indexOf(';');
  const media = header === undefined ? '' : (semi === -1 ? header : header.slice(0, semi)).trim().toLowerCase();
  if (media !== 'application/json') {
    throw new ApiError('unsupported_media_type', 'The request body must be sent with Content-Type: application/json.');
  }
}

export function tooLarge(limit: number): ApiError {
  // Connection: close — we stop reading, so the rest of the body must not be parsed as a next request.
  return new ApiError('request_too_large', `The request body is larger than ${limit} bytes.`, { limitBytes: limit }, [['Connection', 'close']]);
}

/** Thrown when the client goes away mid-body; there is nobody left to answer. */
export class ClientAborted extends Error {}

/** Reads at most `limit` bytes; rejects with 413 as soon as the limit is crossed (without buffering more). */
export function readBody(req: IncomingMessage, limit = BODY_LIMIT_BYTES): Promise<Buffer> {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) {
    req.pause();
    return Promise.reject(tooLarge(limit));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('aborted', onAborted);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        req.pause();
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
    };
    const onError = () => {
      cleanup();
      reject(new ClientAborted());
    };
    const onAborted = onError;
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('aborted', onAborted);
  });
}

/** Parses JSON (own properties only — `__proto__` becomes a plain own key, never a prototype). */
export function parseJson(buf: Buffer): unknown {
  let text: string;
  try {
    text = UTF8.decode(buf);
  } catch {
    throw new ApiError('invalid_json', 'The request body is not valid UTF-8 JSON.');
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError('invalid_json', 'The request body is not valid JSON.');
  }
}

/** 415 → 413 → invalid_json, in that order (always settles through the promise, never throws). */
export function readJson(req: IncomingMessage, limit = BODY_LIMIT_BYTES): Promise<unknown> {
  try {
    checkJsonContentType(req.headers['content-type']);
  } catch (e) {
    // The body is never read: when it may be large (no or a big Content-Length), close instead of draining it.
    const declared = Number(req.headers['content-length'] ?? NaN);
    if (e instanceof ApiError && !(declared <= limit)) return Promise.reject(new ApiError(e.code, e.message, e.details, [['Connection', 'close']]));
    return Promise.reject(e);
  }
  return readBody(req, limit).then(parseJson);
}
