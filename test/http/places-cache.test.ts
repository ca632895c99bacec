/**
 * Places bodies are reused while availability cannot change (runtime/handlers/places-view.ts). This
 * checks that reuse is invisible: one long-lived server, its clock moved forwards and backwards across
 * transitions, the 60 s cap and the 7-day horizon, answers every request exactly as a fresh server
 * started at that instant does (status, headers, body — request ids and Date aside).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAll } from '../../build/main.ts';
import { ROOT, startTestServer } from './helpers.ts';
import type { StartedServer } from '../../runtime/server.ts';

const PATHS = [
  '/v1/places',
  '/v1/places?openNow=open',
  '/v1/places?openNow=closed',
  '/v1/places?limit=2&offset=1',
  '/v1/places?kind=dining',
  '/v1/places/hub-cafe',
  '/v1/places/all-hours',
  '/v1/places/hub-info-desk',
  '/api/campus-places',
  '/api/campus-place?id=all-hours',
  '/api/campus-place?id=hub-cafe',
];

// Toronto: the cafe closes at 17:00 local = 22:00Z on 2026-11-18. Christmas Day 2026 (a Friday) starts at
// 2026-12-25T05:00Z; `all-hours` (24/7, PH off) has no transition within 7 days until 2026-12-18T05:00Z,
// when Christmas enters the horizon — 30 s after EDGE.
const EDGE = Date.parse('2026-12-18T04:59:30.000Z');
const INSTANTS = [
  '2026-11-18T15:00:00.000Z',
  '2026-11-18T15:00:00.001Z',
  '2026-11-18T15:00:59.000Z',
  '2026-11-18T15:01:01.000Z',
  '2026-11-18T14:59:55.000Z',
  '2026-11-18T21:59:30.000Z',
  '2026-11-18T21:59:59.400Z',
  '2026-11-18T21:59:59.999Z',
  '2026-11-18T22:00:00.000Z',
  '2026-11-18T22:00:00.001Z',
  '2026-11-18T21:59:45.000Z',
  new Date(EDGE).toISOString(),
  new Date(EDGE + 20_000).toISOString(),
  new Date(EDGE + 29_999).toISOString(),
  new Date(EDGE + 30_000).toISOString(),
  new Date(EDGE + 50_000).toISOString(),
  new Date(EDGE - 1_000).toISOString(),
  '2026-12-25T15:00:00.000Z',
];

interface Snapshot {
  status: number;
  headers: Record<string, string>;
  body: string;
}

async function snapshot(base: string, path: string): Promise<Snapshot> {
  const r = await fetch(base + path);
  const body = await r.text();
  const id = r.headers.get('x-request-id') ?? '';
  const headers: Record<string, string> = {};
  r.headers.forEach((v, k) => {
    if (k !== 'x-request-id' && k !== 'date' && k !== 'connection' && k !== 'keep-alive') headers[k] = v;
  });
  return { status: r.status, headers, body: id ? body.split(id).join('<id>') : body };
}

describe('places views are reused only while nothing can differ', () => {
  let clock = new Date(INSTANTS[0]!);
  let long: StartedServer;
  let tmp: string;
  let dist: string;

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'campus-places-cache-'));
    const sources = join(tmp, 'sources');
    cpSync(join(ROOT, 'test/fixtures/sources-hours'), sources, { recursive: true });
    cpSync(join(ROOT, 'sources/schemas'), join(sources, 'schemas'), { recursive: true });
    const file = join(sources, 'campuses/main.json');
    const campus = JSON.parse(readFileSync(file, 'utf8'));
    const cafe = campus.places.find((p: { id: string }) => p.id === 'hub-cafe');
    campus.places.push({ ...cafe, id: 'all-hours', name: 'All Hours Lounge', kind: 'study', hours: { ...cafe.hours, openingHours: '24/7; PH off' } });
    writeFileSync(file, JSON.stringify(campus));
    dist = join(tmp, 'dist');
    buildAll({ sourcesDir: sources, outDir: dist });
    long = await startTestServer({ distDir: dist, now: () => clock });
  });
  afterAll(async () => {
    await long.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('answers like a fresh server at every instant, in any order', { timeout: 60_000 }, async () => {
    for (const instant of INSTANTS) {
      clock = new Date(instant);
      const fresh = await startTestServer({ distDir: dist, now: () => new Date(instant) });
      try {
        for (const path of PATHS) {
          // Twice from the long-lived server: the second answer comes from its cache when it may.
          const a = await snapshot(long.url, path);
          const b = await snapshot(long.url, path);
          const expected = await snapshot(fresh.url, path);
          expect({ instant, path, ...a }).toEqual({ instant, path, ...expected });
          expect({ instant, path, ...b }).toEqual({ instant, path, ...expected });
        }
      } finally {
        await fresh.close();
      }
    }
  });

  it('the horizon edge really changes the answer (the case the end-of-window check exists for)', async () => {
    clock = new Date(EDGE);
    const before = JSON.parse((await snapshot(long.url, '/v1/places/all-hours')).body);
    clock = new Date(EDGE + 40_000);
    const after = JSON.parse((await snapshot(long.url, '/v1/places/all-hours')).body);
    expect(before.data.nextTransition).toBeNull();
    expect(after.data.nextTransition).toBe('2026-12-25T05:00:00.000Z');
  });
});
