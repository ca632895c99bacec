/**
 * Structured logs: one JSON object per line on stdout. Request lines carry only
 * time, method, path template, status, duration and request id — never bodies, query values
 * or stack traces. Lines are batched and written once per event-loop turn (or at 32 KiB) so the
 * per-request cost is a string concatenation, not a write syscall.
 */
import { writeSync } from 'node:fs';

export interface RequestLogEntry {
  method: string;
  path: string;
  status: number;
  durationMs: number;
  requestId: string;
  aborted?: boolean;
}

type Sink = (chunk: string) => void;

const FLUSH_AT = 32 * 1024;
let pending = '';
let scheduled = false;
let sink: Sink = (chunk) => {
  process.stdout.write(chunk);
};

/** Tests can capture lines in-process; returns the previous sink. */
export function setLogSink(next: Sink): Sink {
  flushLogs();
  const prev = sink;
  sink = next;
  return prev;
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setImmediate(flushLogs);
}

/** The lines written since the last flush (and nothing pending afterwards). */
function takePending(): string {
  scheduled = false;
  const chunk = pending;
  pending = '';
  return chunk;
}

export function flushLogs(): void {
  const chunk = takePending();
  if (chunk !== '') sink(chunk);
}

/** Synchronous flush for the last moments of a process (exit, fatal error). */
export function flushLogsSync(): void {
  const chunk = takePending();
  if (chunk === '') return;
  try {
    writeSync(1, chunk);
  } catch {
    /* stdout gone: nothing left to do */
  }
}

function push(line: string): void {
  pending += line + '\n';
  if (pending.length >= FLUSH_AT) flushLogs();
  else schedule();
}

const METHOD_OK = /^[A-Z]{1,12}$/;

export function logRequest(e: RequestLogEntry): void {
  // Method tokens are caller-controlled; only plain upper-case words are logged verbatim.
  const method = METHOD_OK.test(e.method) ? e.method : 'OTHER';
  push(
    '{"time":"' + new Date().toISOString() +
      '","level":"info","msg":"request","method":"' + method +
      '","path":' + JSON.stringify(e.path) +
      ',"status":' + e.status +
      ',"durationMs":' + Math.round(e.durationMs * 1000) / 1000 +
      ',"requestId":' + JSON.stringify(e.requestId) +
      (e.aborted ? ',"aborted":true}' : '}'),
  );
}

export type Level = 'info' | 'warn' | 'error';

/** An operational event. `fields` must not contain request bodies or other caller data. */
export function logEvent(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  push(JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }));
}

/** Name and message of an error for the logs (never sent to clients). */
export function describeError(err: unknown): Record<string, unknown> {
  if (err instanceof Error) return { error: err.name, message: err.message, stack: err.stack };
  return { error: typeof err, message: String(err) };
}
