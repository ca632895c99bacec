/**
 * The one logger: JSON lines on stdout through pino's asynchronous destination (sonic-boom on fd 1:
 * non-blocking writes, synchronous flush at exit). Operational events go through pino itself (levels,
 * error serialization, redaction of any body/query field as a safety net). The per-request line is the
 * one hot line: it is formatted here from fields that cannot carry caller text (method from a fixed set,
 * path template from the route table, status, duration, the server-made request id) and handed to the
 * same destination in batches (64 KiB or 50 ms), each line put together from pieces made once per
 * millisecond (the time) and per endpoint and method. Measured in one run (test/bench/logger-line.mjs):
 * pino.info per request line 3.5–4.8 µs, this line batched into pino's destination 1.1 µs.
 * Request lines never carry bodies, query strings or raw paths.
 */
import pino from 'pino';
import { requestTemplate, type WithLogPath } from './route-template.ts';
import { isoAt } from '../http/instant.ts';

export interface RequestLogEntry {
  method: string;
  path: string;
  status: number;
  durationMs: number;
  requestId: string;
  aborted?: boolean;
}

export type Level = 'info' | 'warn' | 'error';

// minLength 1 writes as soon as there is data, like 0, but makes flush(cb) wait until every write has
// completed (with 0 it calls back at once, and a line still in an asynchronous write can be lost at exit).
// maxWrite: a whole batch (FLUSH_BYTES) in one write — each asynchronous write costs the event loop and the
// thread pool a fixed ~40 µs on top of the bytes (measured here with sonic-boom: 16 KiB 95 µs, sync 52 µs).
const dest = pino.destination({ dest: 1, sync: false, minLength: 1, maxWrite: 64 * 1024 });

/** ISO time of the current millisecond. */
const isoNow = (): string => isoAt(Date.now());

const logger = pino(
  {
    base: null,
    messageKey: 'msg',
    formatters: { level: (label) => ({ level: label }) },
    timestamp: () => ',"time":"' + isoNow() + '"',
    redact: { paths: ['body', 'query', '*.body', '*.query', 'headers'], censor: '[redacted]' },
  },
  dest,
);

// Request lines are handed to the destination in batches: an asynchronous fs.write costs ~14 µs of the
// event loop's time per call whatever its size (measured here), so one write per request would cost more
// than formatting the line. A batch goes out at 64 KiB (one write, see maxWrite) or 50 ms after its first
// line, whichever comes first; exits flush synchronously, so no line is lost.
// Each line is copied into the batch's bytes as it is made (lines are ASCII: see lineMiddle). Kept as one
// growing string instead, a batch was a rope of thousands of small strings scattered over the heap by the
// time it was flattened for the write: 0.55 µs per request in a GET's profile.
const FLUSH_BYTES = 64 * 1024;
const FLUSH_MS = 50;
/** Room for one more line of any length past FLUSH_BYTES (a line is a few hundred bytes). */
const batch = Buffer.allocUnsafe(FLUSH_BYTES + 4096);
let used = 0;
let timer: NodeJS.Timeout | null = null;

function drainPending(): void {
  if (timer !== null) {
    clearTimeout(timer);
    timer = null;
  }
  if (used === 0) return;
  const chunk = batch.toString('latin1', 0, used);
  used = 0;
  dest.write(chunk);
}

function append(line: string): void {
  if (used + line.length > batch.length) drainPending();
  used += batch.write(line, used, 'latin1');
  if (used >= FLUSH_BYTES) drainPending();
  else if (timer === null) {
    timer = setTimeout(drainPending, FLUSH_MS);
    timer.unref();
  }
}

/** Hands every buffered line to the destination (which writes asynchronously). */
export function flushLogs(): void {
  drainPending();
}

/** Writes everything still buffered before returning (exit paths). */
export function flushLogsSync(): void {
  drainPending();
  try {
    dest.flushSync();
  } catch {
    /* stdout gone or not ready: nothing left to do */
  }
}

/** Resolves once everything buffered so far has been written (bounded: 2 s). */
export function flushLogsAsync(): Promise<void> {
  drainPending();
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, 2000);
    try {
      dest.flush(() => {
        clearTimeout(fallback);
        resolve();
      });
    } catch {
      clearTimeout(fallback);
      resolve();
    }
  });
}

/** Exit once every log line is written (the way every exit path of the server ends). */
export function exitAfterLogs(code: number): void {
  void flushLogsAsync().then(() => process.exit(code));
}

// A process that exits without going through one of our exit paths still writes its last lines.
process.once('exit', flushLogsSync);

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'CONNECT', 'TRACE']);

/** `{"level":"info","time":"<ISO>` for the current millisecond, made once per millisecond. */
let headIso = '';
let head = '';
function lineHead(): string {
  const iso = isoNow();
  if (iso !== headIso) {
    headIso = iso;
    head = '{"level":"info","time":"' + iso;
  }
  return head;
}

/** A JSON string literal in ASCII (any other character escaped), so that a line's characters are its bytes. */
function asciiJson(text: string): string {
  return JSON.stringify(text).replace(/[\u007f-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
}

/**
 * `","method":"GET","path":"/v1/…","status":` per path template and method, made once: templates come from
 * the route table and methods from a fixed set, so the table stays small (bounded anyway).
 */
const middles = new Map<string, Map<string, string>>();
function lineMiddle(method: string, path: string): string {
  let byMethod = middles.get(path);
  if (byMethod === undefined) {
    byMethod = new Map();
    if (middles.size < 1000) middles.set(path, byMethod);
  }
  let m = byMethod.get(method);
  if (m === undefined) {
    m = '","method":"' + (METHODS.has(method) ? method : 'OTHER') + '","path":' + asciiJson(path) + ',"status":';
    if (byMethod.size < METHODS.size + 1) byMethod.set(method, m);
  }
  return m;
}

/** "000" … "999": the fraction of a duration in whole microseconds (an integer prints much faster than a double). */
const MICROS = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));

/** A duration in ms with three decimals, as JSON ("0.120"). */
function durationText(ms: number): string {
  const us = Math.max(0, Math.round(ms * 1000));
  return Math.floor(us / 1000) + '.' + MICROS[us % 1000];
}

export function logRequest(e: RequestLogEntry): void {
  append(
    lineHead() + lineMiddle(e.method, e.path) + e.status +
    ',"durationMs":' + durationText(e.durationMs) +
    // Request ids are server-made UUIDs (ops/request-id.ts): nothing to escape.
    ',"requestId":"' + e.requestId +
    (e.aborted ? '","aborted":true,"msg":"request"}\n' : '","msg":"request"}\n'),
  );
}

/** An operational event. `fields` must not contain request bodies or other caller data. */
export function logEvent(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  drainPending(); // keep lines in the order they happened
  logger[level](fields, msg);
}

/** Name and message of an error for the logs (never sent to clients). */
export function describeError(err: unknown): Record<string, unknown> {
  if (err instanceof Error) return { error: err.name, message: err.message, stack: err.stack };
  return { error: typeof err, message: String(err) };
}

/** The one "request failed" line (a bug or a crash while answering): template path, never the raw URL. */
export function logRequestFailure(req: { method?: string; url?: string } & WithLogPath, requestId: string, err: unknown): void {
  logEvent('error', 'request failed', { method: req.method, path: requestTemplate(req), requestId, ...describeError(err) });
}
