/** Request logs: one JSON line per request, templates not raw paths, never bodies or query values. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '../bench/lib/http.ts';
import { startFixture, stopFixture, sleep, STDOUT_KINDS, type Fixture } from './helpers.ts';

describe.each(STDOUT_KINDS)('request logs, stdout to a %s', (stdout) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await startFixture({ LOG_REQUESTS: '1' }, stdout);
  });
  afterAll(() => stopFixture(f));

  it('logs one line per request and never the marker sent in bodies, paths or queries', async () => {
    const marker = 'MARKER' + randomUUID().replace(/-/g, '');
    const ids: string[] = [];
    const send = async (method: string, p: string, body?: string) => {
      const r = await request(f.url, method, p, body);
      ids.push(String(r.headers['x-request-id']));
      return r;
    };
    await send('POST', '/v1/routes', JSON.stringify({ from: marker, to: marker }));
    await send('POST', '/v1/gaps/plan', JSON.stringify({ from: 'A', to: 'B', term: 'Fall', weekday: 'Monday', startTime: 600, endTime: 660, note: marker }));
    await send('POST', '/v1/routes?token=' + marker, '{"from":"' + marker);
    await send('GET', '/v1/buildings/' + marker);
    await send('GET', '/v1/buildings?q=' + marker);
    await send('GET', '/api/campus-building?q=' + marker);
    await send('GET', '/' + marker + '/x');
    const before = Date.now();
    await sleep(200); // request lines are written in batches, at the latest 50 ms after the first
    const out = f.out();
    expect(out).not.toContain(marker);
    const lines = out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.msg === 'request');
    for (const id of ids) {
      const line = lines.find((l) => l.requestId === id);
      expect(line, `log line for ${id}`).toBeDefined();
      expect(Object.keys(line!).sort()).toEqual(['durationMs', 'level', 'method', 'msg', 'path', 'requestId', 'status', 'time']);
      expect(line!.durationMs).toBeGreaterThanOrEqual(0);
      expect(line!.durationMs).toBeLessThan(5000);
      expect(typeof line!.status).toBe('number');
      const time = Date.parse(String(line!.time));
      expect(new Date(time).toISOString()).toBe(line!.time);
      expect(Math.abs(time - before)).toBeLessThan(10_000);
      // whole microseconds, written with three decimals
      expect(out).toMatch(new RegExp(`"durationMs":\\d+\\.\\d{3},"requestId":"${id}"`));
    }
    expect(lines.find((l) => l.requestId === ids[0])!.method).toBe('POST');
    expect(lines.find((l) => l.requestId === ids[3])!.method).toBe('GET');
    const byId = (i: number) => lines.find((l) => l.requestId === ids[i])!;
    expect(byId(0).path).toBe('/v1/routes');
    expect(byId(3).path).toBe('/v1/buildings/:building');
    expect(byId(4).path).toBe('/v1/buildings');
    expect(byId(6).path).toBe('(unmatched)');
  });
});
