/**
 * The request log's lines: recorded as fields when a response closes, formatted in bulk when a batch is
 * written (runtime/ops/logger.ts). Formatted one at a time as each response closed, a line
 * cost ~1 µs (timed inside the server under load); formatted a batch at a time, 0.3–0.4 µs, and recording
 * one is a few stores (0.1 µs).
 * A line: {"level":"info","time":…,"method":…,"path":…,"status":…,"durationMs":…,"requestId":…,"msg":"request"},
 * in ASCII (the path template escaped; the request id is a server-made UUID), so that its characters are its bytes.
 */
import { isoAt } from '../http/instant.ts';

export interface RequestLogEntry {
  method: string;
  path: string;
  status: number;
  durationMs: number;
  requestId: string;
  aborted?: boolean;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'CONNECT', 'TRACE']);

/** The bytes of an ASCII string. */
const ascii = (text: string): Buffer => Buffer.from(text, 'latin1');

/** A JSON string literal in ASCII (any other character escaped). */
function asciiJson(text: string): string {
  return JSON.stringify(text).replace(/[\u007f-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
}

/**
 * `","method":"GET","path":"/v1/…","status":` per path template and method, made once: templates come from
 * the route table and methods from a fixed set, so the table stays small (bounded anyway).
 */
const middles = new Map<string, Map<string, Buffer>>();
function lineMiddle(method: string, path: string): Buffer {
  let byMethod = middles.get(path);
  if (byMethod === undefined) {
    byMethod = new Map();
    if (middles.size < 1000) middles.set(path, byMethod);
  }
  let m = byMethod.get(method);
  if (m === undefined) {
    m = ascii('","method":"' + (METHODS.has(method) ? method : 'OTHER') + '","path":' + asciiJson(path) + ',"status":');
    if (byMethod.size < METHODS.size + 1) byMethod.set(method, m);
  }
  return m;
}

const DURATION = ascii(',"durationMs":');
const REQUEST_ID = ascii(',"requestId":"');
const TAIL = ascii('","msg":"request"}\n');
const TAIL_ABORTED = ascii('","aborted":true,"msg":"request"}\n');
/** Bytes of a line bar its middle and request id, with room to spare: head 48, status, duration, the constant parts. */
const LINE_ROOM = 160;
const DOT = 46;
/** "000001002…999": three digits per number below 1000. */
const DIGITS3 = ascii(Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0')).join(''));

/** Writes a line's pieces into a byte buffer. */
class LineWriter {
  used = 0;
  constructor(readonly out: Buffer) {}

  bytes(b: Uint8Array): void {
    this.out.set(b, this.used);
    this.used += b.length;
  }

  /** A non-negative integer in decimal. */
  int(n: number): void {
    if (n >= 1000) {
      this.used += this.out.write(String(n), this.used, 'latin1');
      return;
    }
    const out = this.out;
    let u = this.used;
    if (n >= 100) out[u++] = DIGITS3[3 * n]!;
    if (n >= 10) out[u++] = DIGITS3[3 * n + 1]!;
    out[u++] = DIGITS3[3 * n + 2]!;
    this.used = u;
  }

  /** 0 … 999 as three digits ("007"). */
  digits3(n: number): void {
    const out = this.out;
    const u = this.used;
    out[u] = DIGITS3[3 * n]!;
    out[u + 1] = DIGITS3[3 * n + 1]!;
    out[u + 2] = DIGITS3[3 * n + 2]!;
    this.used = u + 3;
  }

  /**
   * Text that needs no JSON escaping, as is: request ids, which are server-made UUIDs (ops/request-id.ts).
   * Written by Buffer's latin1 encoder, which reads a string made of pieces (as randomUUID's is) in place;
   * read a character at a time, it is first copied into one piece (a batch of 256 lines: 0.42 µs per line
   * that way, 0.30–0.36 µs this way).
   */
  plain(s: string): void {
    this.used += this.out.write(s, this.used, 'latin1');
  }
}

/** Lines recorded since the last `take`, as columns (no object per line). */
export class RequestLines {
  count = 0;
  private readonly times: Float64Array;
  private readonly durations: Float64Array;
  private readonly statuses: Uint16Array;
  private readonly aborted: Uint8Array;
  private readonly methods: string[];
  private readonly paths: string[];
  private readonly ids: string[];
  private scratch = Buffer.alloc(0);

  constructor(readonly capacity: number) {
    this.times = new Float64Array(capacity);
    this.durations = new Float64Array(capacity);
    this.statuses = new Uint16Array(capacity);
    this.aborted = new Uint8Array(capacity);
    this.methods = new Array<string>(capacity).fill('');
    this.paths = new Array<string>(capacity).fill('');
    this.ids = new Array<string>(capacity).fill('');
  }

  /** Records a line that ended at `now` (epoch ms); true once full (`take` before the next `add`). */
  add(e: RequestLogEntry, now: number): boolean {
    const i = this.count++;
    this.times[i] = now;
    this.durations[i] = e.durationMs;
    this.statuses[i] = e.status;
    this.aborted[i] = e.aborted ? 1 : 0;
    this.methods[i] = e.method;
    this.paths[i] = e.path;
    this.ids[i] = e.requestId;
    return this.count === this.capacity;
  }

  /**
   * The recorded lines as JSON lines (ASCII bytes), in the order they were added; then none are recorded.
   * The bytes are a view of a buffer the next `take` writes over (reused: a fresh one per batch cost page
   * faults on every write).
   */
  take(): Buffer {
    const n = this.count;
    const { times, durations, statuses, aborted, methods, paths, ids } = this;
    let size = 0;
    const mids: Buffer[] = new Array<Buffer>(n);
    for (let i = 0; i < n; i++) {
      mids[i] = lineMiddle(methods[i]!, paths[i]!);
      size += LINE_ROOM + mids[i]!.length + ids[i]!.length;
    }
    if (this.scratch.length < size) this.scratch = Buffer.allocUnsafe(size + (size >> 2));
    const w = new LineWriter(this.scratch);
    let headMs = NaN;
    let head = ascii('');
    for (let i = 0; i < n; i++) {
      if (times[i] !== headMs) {
        headMs = times[i]!;
        head = ascii('{"level":"info","time":"' + isoAt(headMs));
      }
      w.bytes(head);
      w.bytes(mids[i]!);
      w.int(statuses[i]!);
      w.bytes(DURATION);
      // ms with three decimals ("0.120"): whole microseconds print much faster than a double.
      const us = Math.max(0, Math.round(durations[i]! * 1000));
      w.int(Math.floor(us / 1000));
      w.out[w.used++] = DOT;
      w.digits3(us % 1000);
      w.bytes(REQUEST_ID);
      w.plain(ids[i]!);
      w.bytes(aborted[i] ? TAIL_ABORTED : TAIL);
    }
    this.count = 0;
    return w.out.subarray(0, w.used);
  }
}
