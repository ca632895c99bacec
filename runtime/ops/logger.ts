/**
 * The one logger: JSON lines on stdout through pino's destination (sonic-boom on fd 1; see `dest` for when
 * it writes synchronously). Operational events go through pino itself (levels, error serialization,
 * redaction of any body/query field as a safety net). The per-request line is the one hot line: it is made
 * from fields that cannot carry caller text (method from a fixed set, path template from the route table,
 * status, duration, the server-made request id), recorded when a response closes and formatted a batch at a
 * time (request-lines.ts) into the same destination. Measured in one run (npx tsx test/bench/logger-line.mjs,
 * CPU per line incl. the write to a file): pino.info 3.7–4.4 µs, the shipped request line 0.5 µs.
 * Request lines never carry bodies, query strings or raw paths.
 */
import { fstatSync } from 'node:fs';
import pino from 'pino';
import { requestTemplate, type WithLogPath } from './route-template.ts';
import { isoAt } from '../http/instant.ts';
import { RequestLines, type RequestLogEntry } from './request-lines.ts';

export type Level = 'info' | 'warn' | 'error';

/**
 * Whether stdout can stall a writer: a pipe or a socket (a container runtime, journald) whose reader may be
 * slow. A file, a terminal or /dev/null cannot.
 */
function stdoutCanStall(): boolean {
  try {
    const st = fstatSync(1);
    return st.isFIFO() || st.isSocket();
  } catch {
    return true;
  }
}

// One destination for every line, written in order. Bytes (request batches are formatted as bytes, events
// are encoded on their way in), so nothing is copied into a string and back.
// sync: each batch is written when it is handed over — to a file, a terminal or /dev/null that is a short
// write into the page cache, cheaper than the thread-pool round trip of an asynchronous write (same-run A/B
// of a GET, logs to a file: 0.87–0.89× of the raw baseline's throughput synchronous vs 0.77–0.83× asynchronous).
// To a pipe or a socket writes stay asynchronous: a slow reader must not stall the server.
// minLength 1 writes as soon as there is data, like 0, but makes flush(cb) wait until every write has
// completed (with 0 it calls back at once, and a line still in an asynchronous write can be lost at exit).
// maxWrite: a whole batch in one write.
const sync = !stdoutCanStall();
const dest = pino.destination({ dest: 1, sync, minLength: 1, maxWrite: 64 * 1024, contentMode: 'buffer' });
/** contentMode 'buffer': sonic-boom takes bytes (its types declare strings only). */
const writeBytes = (bytes: Buffer): boolean => dest.write(bytes as unknown as string);
/** pino's side of the destination: its lines (operational events) as bytes. */
const eventStream = { write: (line: string) => writeBytes(Buffer.from(line)) };

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
  eventStream,
);

// Request lines go to the destination in batches: a write costs the event loop ~14 µs whatever its size
// (measured here), more than a line. A batch goes out at BATCH_LINES lines (~50 KiB: one write, see maxWrite)
// or 50 ms after its first line, whichever comes first; exits flush synchronously, so no line is lost.
const BATCH_LINES = 256;
const FLUSH_MS = 50;
const lines = new RequestLines(BATCH_LINES);
let timer: NodeJS.Timeout | null = null;

function drainPending(): void {
  if (timer !== null) {
    clearTimeout(timer);
    timer = null;
  }
  if (lines.count === 0) return;
  const bytes = lines.take(); // valid until the next take: an asynchronous write keeps a copy
  writeBytes(sync ? bytes : Buffer.from(bytes));
}

/** Hands every buffered line to the destination (which writes it at once, or asynchronously to a pipe). */
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

/** One line per request (request-lines.ts), written with the next batch. */
export function logRequest(e: RequestLogEntry): void {
  if (lines.add(e, Date.now())) drainPending();
  else if (timer === null) {
    timer = setTimeout(drainPending, FLUSH_MS);
    timer.unref();
  }
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
