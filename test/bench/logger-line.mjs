/**
 * Per-line cost of request-log variants, same run, interleaved (median of 5 rounds, CPU µs per line incl. the
 * write): npx tsx test/bench/logger-line.mjs [lines]. Decides runtime/ops/logger.ts's request-line fast path.
 * The shipped variant runs the shipped code (runtime/ops/request-lines.ts).
 */
import pino from 'pino';
import { RequestLines } from '../../runtime/ops/request-lines.ts';
import { openSync, writeSync, closeSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
const N = Number(process.argv[2] ?? 200000);
const OUT = join(tmpdir(), 'campus-logger-line.out'); // a real file: the write is part of the cost
const ids = Array.from({length: 1024}, () => randomUUID());
const entry = (i) => ({ method: 'GET', path: '/v1/buildings', status: 200, durationMs: 0.123 + (i % 7) / 1000, requestId: ids[i & 1023] });

function handwritten(fd, tuned) {
  let pending = '', scheduled = false;
  let lastMs = 0, lastIso = '';
  const flush = () => { scheduled = false; const c = pending; pending = ''; if (c) writeSync(fd, c); };
  const ts = tuned ? () => { const n = Date.now(); if (n !== lastMs) { lastMs = n; lastIso = new Date(n).toISOString(); } return lastIso; } : () => new Date().toISOString();
  return {
    log(e) {
      pending += '{"time":"' + ts() + '","level":"info","msg":"request","method":"' + e.method + '","path":' + (tuned ? '"' + e.path + '"' : JSON.stringify(e.path)) + ',"status":' + e.status + ',"durationMs":' + Math.round(e.durationMs * 1000) / 1000 + ',"requestId":' + (tuned ? '"' + e.requestId + '"' : JSON.stringify(e.requestId)) + '}\n';
      if (pending.length >= 32768) flush(); else if (!scheduled) { scheduled = true; setImmediate(flush); }
    },
    end() { flush(); },
  };
}
function pinoVariant(fd, tuned) {
  let lastMs = 0, lastTs = '';
  const dest = pino.destination({ dest: fd, sync: false, minLength: 4096 });
  const logger = pino({
    base: null,
    messageKey: 'msg',
    formatters: { level: (label) => ({ level: label }) },
    timestamp: tuned ? () => { const n = Date.now(); if (n !== lastMs) { lastMs = n; lastTs = ',"time":"' + new Date(n).toISOString() + '"'; } return lastTs; } : pino.stdTimeFunctions.isoTime,
    redact: tuned ? undefined : { paths: ['body', 'query', 'headers'], censor: '[redacted]' },
  }, dest);
  return { log(e) { logger.info(e, 'request'); }, end() { dest.flushSync(); } };
}
function pinoRaw(fd) {
  // pino's destination (sonic-boom) with the line pre-formatted
  let lastMs = 0, lastIso = '';
  const dest = pino.destination({ dest: fd, sync: false, minLength: 4096 });
  const ts = () => { const n = Date.now(); if (n !== lastMs) { lastMs = n; lastIso = new Date(n).toISOString(); } return lastIso; };
  return { log(e) { dest.write('{"level":"info","time":"' + ts() + '","msg":"request","method":"' + e.method + '","path":"' + e.path + '","status":' + e.status + ',"durationMs":' + Math.round(e.durationMs * 1000) / 1000 + ',"requestId":"' + e.requestId + '"}\n'); }, end() { dest.flushSync(); } };
}
function shipped(fd) {
  // as runtime/ops/logger.ts writes to a file: lines recorded as fields, a batch formatted as bytes, one synchronous write
  const dest = pino.destination({ dest: fd, sync: true, minLength: 1, maxWrite: 64 * 1024, contentMode: 'buffer' });
  const lines = new RequestLines(256);
  let timer = null;
  const drain = () => { clearTimeout(timer); timer = null; if (lines.count > 0) dest.write(lines.take()); };
  return { log(e) { if (lines.add(e, Date.now())) drain(); else if (timer === null) timer = setTimeout(drain, 50); }, end() { drain(); dest.flushSync(); } };
}
function batchedBoom(fd) {
  let lastMs = 0, lastIso = '', pending = '', scheduled = false;
  const dest = pino.destination({ dest: fd, sync: false, minLength: 0 });
  const flush = () => { scheduled = false; const c = pending; pending = ''; if (c) dest.write(c); };
  const ts = () => { const n = Date.now(); if (n !== lastMs) { lastMs = n; lastIso = new Date(n).toISOString(); } return lastIso; };
  return { log(e) { pending += '{"level":"info","time":"' + ts() + '","msg":"request","method":"' + e.method + '","path":"' + e.path + '","status":' + e.status + ',"durationMs":' + Math.round(e.durationMs * 1000) / 1000 + ',"requestId":"' + e.requestId + '"}\n';
      if (pending.length >= 32768) flush(); else if (!scheduled) { scheduled = true; setImmediate(flush); } }, end() { flush(); dest.flushSync(); } };
}
const variants = {
  'shipped: fields, batch as bytes, sync': (fd) => shipped(fd),
  'string batch, async pino.destination': (fd) => batchedBoom(fd),
  'hand-written (today)': (fd) => handwritten(fd, false),
  'hand-written tuned': (fd) => handwritten(fd, true),
  'pino (isoTime, redact)': (fd) => pinoVariant(fd, false),
  'pino tuned (ms ts, no redact)': (fd) => pinoVariant(fd, true),
  'pino.destination, one write per line': (fd) => pinoRaw(fd),
};
async function runOne(name) {
  const fd = openSync(OUT, 'w');
  const v = variants[name](fd);
  const t0 = process.cpuUsage();
  // interleave with event loop turns: batches of 50 lines per turn (like requests)
  for (let i = 0; i < N; ) {
    for (let j = 0; j < 50; j++, i++) v.log(entry(i));
    await new Promise((r) => setImmediate(r));
  }
  v.end();
  await new Promise((r) => setTimeout(r, 20));
  const c = process.cpuUsage(t0);
  closeSync(fd);
  return (c.user + c.system) / N;
}
const res = {};
for (let round = 0; round < 5; round++) for (const name of (round % 2 ? Object.keys(variants).reverse() : Object.keys(variants))) (res[name] ??= []).push(await runOne(name));
for (const [k, v] of Object.entries(res)) { v.sort((a,b)=>a-b); console.log(k.padEnd(32), 'median µs/line', v[2].toFixed(2), ' all', v.map(x=>x.toFixed(2)).join(' ')); }
