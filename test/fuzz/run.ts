/**
 * npm run fuzz [-- --runs 20000 --seed 42 --url http://127.0.0.1:PORT]
 * Without --url it starts the API in a child process on an ephemeral loopback port.
 */
import { parseArgs } from 'node:util';
import { ensureBuilt, startApiProcess, stopChild } from '../bench/lib/proc.ts';
import { runFuzz } from './lib/fuzz.ts';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '2000' }, seed: { type: 'string' }, url: { type: 'string' } },
  allowPositionals: true,
});
const runs = Number(values.runs);
const seed = values.seed !== undefined ? Number(values.seed) : Date.now() % 2 ** 31;

if (!values.url) ensureBuilt();
const child = values.url ? null : await startApiProcess({ LOG_REQUESTS: '0' });
const url = values.url ?? child!.ready.url;
try {
  const r = await runFuzz({ url, runs, seed });
  console.log(`fuzz: ${r.runs} cases, seed ${r.seed}, ${(r.ms / 1000).toFixed(1)} s`);
  console.log('statuses:', JSON.stringify(r.statuses));
  console.log(`server still answering: ${r.serverAlive}`);
  for (const f of r.failures) console.log(`\nFAIL ${f.request}\n  - ${f.violations.join('\n  - ')}`);
  console.log(r.failures.length === 0 && r.serverAlive ? '\nOK: no contract violations' : `\n${r.failures.length} distinct violation kinds`);
  process.exitCode = r.failures.length === 0 && r.serverAlive ? 0 : 1;
} finally {
  if (child) {
    const code = await stopChild(child);
    if (code !== 0) console.log(`server exit code on SIGTERM: ${code}`);
  }
}
