/**
 * Contract fuzzer, bounded: fixed seed, 2,000 requests against a real server process.
 * `npm run fuzz -- --runs N` runs more (random seed unless --seed).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, startApiProcess, stopChild, type Child } from '../bench/lib/proc.ts';
import { runFuzz } from './lib/fuzz.ts';

let server: Child<{ url: string }>;

beforeAll(async () => {
  ensureBuilt();
  server = await startApiProcess({ LOG_REQUESTS: '0' });
});
afterAll(async () => {
  if (server) await stopChild(server);
});

describe('contract fuzzer', () => {
  it('2,000 random/malformed requests: documented statuses, no 5xx, envelopes, schemas, server alive', { timeout: 60_000 }, async () => {
    const r = await runFuzz({ url: server.ready.url, runs: 2000, seed: 20240601 });
    const report = r.failures.map((f) => `${f.request}\n  - ${f.violations.join('\n  - ')}`).join('\n\n');
    expect(report).toBe('');
    expect(r.serverAlive).toBe(true);
    expect(r.runs).toBe(2000);
  });
});
