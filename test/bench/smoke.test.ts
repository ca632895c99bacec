/**
 * Keeps the benchmark harness working: a 1-second, single-round run. Asserts only that it runs
 * and produces a complete result — never timings.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './lib/proc.ts';

describe('bench harness (smoke)', () => {
  it('runs every case against the API (logging on and off) and the baseline', { timeout: 120_000 }, () => {
    const out = path.join(ROOT, 'test/bench/results-smoke.json');
    execFileSync(process.execPath, ['--import', 'tsx', 'test/bench/run.ts', '--smoke', '--out', out], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 110_000,
    });
    type Side = { rps: number; errors: number; wakeupsPerRequest: number };
    const r = JSON.parse(readFileSync(out, 'utf8')) as {
      cases: { name: string; via?: string; summary: { api: Side; apiNoLog?: Side; baseline: Side } }[];
    };
    expect(r.cases.filter((c) => !c.via).length).toBe(11);
    for (const c of r.cases) {
      expect(c.summary.api.rps).toBeGreaterThan(0);
      expect(c.summary.baseline.rps).toBeGreaterThan(0);
      expect(c.summary.api.errors).toBe(0);
      // /proc/interrupts is Linux's; a round of loopback traffic wakes the other CPU at least sometimes.
      if (process.platform === 'linux') expect(c.summary.baseline.wakeupsPerRequest).toBeGreaterThan(0);
      if (!c.via) expect(c.summary.apiNoLog!.errors).toBe(0);
    }
  });
});
