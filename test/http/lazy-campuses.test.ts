/**
 * Campuses read on first use (runtime/data/load.ts) through real HTTP: concurrent first requests read a
 * campus once; under a small budget campuses are evicted and answer exactly as before when read again; a
 * campus whose file is corrupt answers 503 campus_unavailable (with Retry-After, and why is reported once)
 * while the other campuses answer 200.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAll } from '../../build/build-all.ts';
import type { PartUnavailable } from '../../runtime/data/campus-cache.ts';
import type { StartedServer } from '../../runtime/server.ts';
import { cleanupTempDirs, copySources, tempDir } from '../build/helpers.ts';
import { call, expectError, expectLegacyError, OpenApiValidator, postJson, startTestServer, type Res } from './helpers.ts';

const servers: StartedServer[] = [];
async function start(opts: Parameters<typeof startTestServer>[0] = {}): Promise<StartedServer> {
  const srv = await startTestServer(opts);
  servers.push(srv);
  return srv;
}
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  cleanupTempDirs();
});

const stats = (srv: StartedServer) => srv.app.context.ds.cache.stats();
/** A route's answer without the per-request id. */
const dataOf = (r: Res) => JSON.stringify(r.body.data);

describe('campuses read on first use (real dataset)', () => {
  it('reads a campus once under concurrent first requests, and only what the requests need', async () => {
    const srv = await start();
    expect(stats(srv)).toMatchObject({ loads: 0, residentParts: 0 });
    const body = { campus: 'carleton', from: 'AA', to: 'MC' };
    const answers = await Promise.all(Array.from({ length: 20 }, () => postJson(srv.url, '/v1/routes', body)));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map(dataOf)).size).toBe(1);
    expect(stats(srv)).toMatchObject({ loads: 2, residentParts: 2, failures: 0 }); // carleton's records and routes
    const buildings = await Promise.all(Array.from({ length: 10 }, () => call(srv.url, '/v1/buildings/KHE?campus=tmu')));
    expect(buildings.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(stats(srv).loads).toBe(3); // tmu's records; its matrix is not read for a building
  });

  it('evicts under a small budget and answers exactly as before after reading an evicted campus again', async () => {
    const reference = await start();
    const budget = 1024 * 1024;
    const small = await start({ campusCacheBytes: budget });
    const campuses: { id: string; codes: string[] }[] = (await call(reference.url, '/v1/campuses?limit=100')).body.data.map((c: any) => ({ id: c.id, codes: [] }));
    for (const c of campuses) c.codes = (await call(reference.url, `/v1/buildings?campus=${c.id}&limit=100`)).body.data.map((b: any) => b.code);
    const ask = async (base: string, c: { id: string; codes: string[] }, k: number) => {
      const from = c.codes[k % c.codes.length]!;
      const to = c.codes[(k * 7 + 3) % c.codes.length]!;
      return [
        await postJson(base, '/v1/routes', { campus: c.id, from, to, geometry: true }),
        await call(base, `/v1/buildings/${encodeURIComponent(to)}?campus=${c.id}`),
        await call(base, `/v1/campuses/${c.id}/map`),
      ];
    };
    for (const round of [1, 2]) {
      for (const c of campuses) {
        const [expected, got] = [await ask(reference.url, c, round), await ask(small.url, c, round)];
        expect(got.map((r) => r.status)).toEqual([200, 200, 200]);
        expect(got.map((r) => r.text.replace(/"requestId":"[^"]+"/, ''))).toEqual(expected.map((r) => r.text.replace(/"requestId":"[^"]+"/, '')));
        const s = stats(small);
        expect(s.residentBytes <= budget || s.residentParts === 1, JSON.stringify(s)).toBe(true);
      }
    }
    const s = stats(small);
    expect(s.evictions).toBeGreaterThan(campuses.length); // every campus read again in round 2
    expect(s.loads).toBeGreaterThan(2 * 3 * campuses.length - 3);
    expect(stats(reference).evictions).toBe(0); // the default budget holds the real dataset
  });
});

describe('a campus that cannot be read (mini dataset, beta corrupted)', () => {
  let srv: StartedServer;
  let oas: OpenApiValidator;
  const reported: PartUnavailable[] = [];
  beforeAll(async () => {
    const dist = join(tempDir('campus-lazy-'), 'dist');
    const { versionDir } = buildAll({ sourcesDir: copySources(), outDir: dist });
    const file = join(versionDir, 'campuses', 'beta.json');
    const bytes = readFileSync(file);
    bytes[bytes.indexOf('Beta')] = 'Z'.charCodeAt(0); // same size, another sha256
    writeFileSync(file, bytes);
    srv = await start({ distDir: dist, onCampusUnavailable: (f) => reported.push(f) });
    oas = new OpenApiValidator((await call(srv.url, '/v1/openapi.json')).body);
  });

  it('answers 503 with Retry-After for that campus and 200 for the others', async () => {
    const bad = await call(srv.url, '/v1/buildings?campus=beta');
    expectError(bad, 503, 'campus_unavailable');
    oas.check('/v1/buildings', 'get', '503', bad.body);
    expect(Number(bad.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(bad.body.error.details).toEqual({ campus: 'beta' });
    expect(bad.text).not.toContain('sha256'); // why is logged, not told
    const good = await call(srv.url, '/v1/buildings?campus=alpha');
    expect(good.status).toBe(200);
    expect((await postJson(srv.url, '/v1/routes', { campus: 'alpha', from: 'AAA', to: 'BBB' })).status).toBe(200);
    for (const r of [
      await postJson(srv.url, '/v1/routes', { campus: 'beta', from: 'LIB', to: 'GYM' }),
      await call(srv.url, '/v1/places/beta-library'),
      await call(srv.url, '/v1/routes?campus=beta&from=LIB&to=GYM'),
    ]) {
      expectError(r, 503, 'campus_unavailable');
    }
    expectLegacyError(await call(srv.url, '/api/campus-buildings?campus=beta'), 503, 'campus_unavailable');
    // The catalog does not need the campus file, nor does the map (a file of its own).
    expect((await call(srv.url, '/v1/campuses/beta')).status).toBe(200);
    expect((await call(srv.url, '/v1/campuses/beta/map')).status).toBe(200);
    expect((await call(srv.url, '/v1/places/alpha-cafe')).status).toBe(200);
  });

  it('reports why once per retry window, not once per request', () => {
    expect(reported.map((f) => [f.campus, f.part, f.reason])).toEqual([['beta', 'data', 'campuses/beta.json: sha256 differs from the manifest']]);
    expect(stats(srv).failures).toBe(1);
  });
});
