/**
 * The API behind a real HTTP cache: varnishd with deploy/varnish/default.vcl (TTL capped to 2 s for the
 * test) in front of the shipped server (node dist/server.mjs). Runs whenever varnishd is installed;
 * in CI (CI=true) a missing varnishd is a failure, not a skip (.ci/run installs it).
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAll } from '../../build/main.ts';
import { startVarnish, varnishdPath, type RunningVarnish } from '../../deploy/varnish/varnish.ts';
import { copySources, cleanupTempDirs, tempDir } from '../build/helpers.ts';
import { request, type RawResponse } from '../bench/lib/http.ts';
import { ROOT } from '../bench/lib/proc.ts';
import { sleep } from './helpers.ts';

const installed = varnishdPath() !== null;
const TTL_S = 2;

if (!installed && process.env.CI === 'true') {
  it('varnishd is installed in CI (.ci/run installs it)', () => {
    expect(varnishdPath(), 'varnishd missing: the Varnish integration test must run in CI').not.toBeNull();
  });
}

interface Origin {
  proc: ChildProcess;
  url: string;
  port: number;
  /** Request log lines seen so far. */
  lines(): { path: string; status: number; method: string; requestId: string }[];
  stop(): Promise<void>;
}

async function startOrigin(env: NodeJS.ProcessEnv): Promise<Origin> {
  let out = '';
  const proc = fork(path.join(ROOT, 'dist/server.mjs'), [], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_REQUESTS: '1', WORKERS: '', ...env },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  proc.stdout!.on('data', (c: Buffer) => (out += c.toString('utf8')));
  const ready = await new Promise<{ url: string }>((resolve, reject) => {
    proc.once('message', (m) => resolve(m as { url: string }));
    proc.once('exit', (code) => reject(new Error(`origin exited ${code}: ${out}`)));
  });
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  return {
    proc,
    url: ready.url,
    port: Number(new URL(ready.url).port),
    lines: () => out.split('\n').filter((l) => l.includes('"msg":"request"')).map((l) => JSON.parse(l)),
    stop: async () => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
      await exited;
    },
  };
}

const body = (r: RawResponse) => JSON.parse(r.body.toString('utf8'));

describe.skipIf(!installed)('behind Varnish (deploy/varnish/default.vcl)', () => {
  let origin: Origin;
  let cache: RunningVarnish;
  let newDist: string;
  let backendPort: number;
  const get = (p: string, headers: Record<string, string> = {}) => request(cache.url, 'GET', p, undefined, headers);
  /** How many request lines of the origin carry this id (log lines are written asynchronously: wait for one). */
  const originSaw = async (requestId: string) => {
    const count = () => origin.lines().filter((l) => l.requestId === requestId).length;
    for (let i = 0; i < 50 && count() === 0; i++) await sleep(20);
    return count();
  };

  beforeAll(async () => {
    newDist = tempDir('campus-varnish-dist-');
    buildAll({ sourcesDir: copySources(), outDir: newDist }); // another data version, for the TTL test
    origin = await startOrigin({});
    backendPort = origin.port;
    cache = await startVarnish({
      backendPort: origin.port,
      extraVcl: `sub vcl_backend_response { if (beresp.ttl > ${TTL_S}s) { set beresp.ttl = ${TTL_S}s; } }`,
    });
  }, 60_000);
  afterAll(async () => {
    await origin?.stop();
    await cache?.stop();
    cleanupTempDirs();
  });

  it('the second identical GET is a cache hit that replays the first answer (X-Request-Id and all)', async () => {
    for (const p of ['/v1/buildings?limit=5', '/v1/buildings/DV', '/v1/routes?from=DV&to=CCT', '/v1']) {
      const a = await get(p);
      const b = await get(p);
      expect(a.status, p).toBe(200);
      expect(a.headers['x-cache']).toBe('MISS');
      expect(b.headers['x-cache'], p).toBe('HIT');
      expect(b.headers['x-request-id']).toBe(a.headers['x-request-id']);
      expect(body(b).meta.requestId).toBe(a.headers['x-request-id']);
      expect(b.body.equals(a.body)).toBe(true);
      expect(await originSaw(String(a.headers['x-request-id']))).toBe(1);
    }
    // Parameter order does not split the cache.
    const c = await get('/v1/routes?to=CCT&from=DV');
    expect(c.headers['x-cache']).toBe('HIT');
  });

  it('304s flow: a matching If-None-Match gets 304 from the cache, and expired objects are revalidated with it', async () => {
    const a = await get('/v1/buildings?limit=7');
    const etag = String(a.headers.etag);
    const nm = await get('/v1/buildings?limit=7', { 'if-none-match': etag });
    expect(nm.status).toBe(304);
    expect(nm.body.length).toBe(0);
    expect(nm.headers.etag).toBe(etag);
    // After the TTL the cache asks the origin with If-None-Match; the origin answers 304.
    await sleep(TTL_S * 1000 + 300);
    let revalidated = false;
    for (let i = 0; i < 50 && !revalidated; i++) {
      expect((await get('/v1/buildings?limit=7')).status).toBe(200);
      revalidated = origin.lines().some((l) => l.path === '/v1/buildings' && l.status === 304);
      if (!revalidated) await sleep(100);
    }
    expect(revalidated).toBe(true);
  });

  it('POSTs, no-store answers (errors, places?openNow) and probes are never served from the cache', async () => {
    const post = () => request(cache.url, 'POST', '/v1/routes', JSON.stringify({ from: 'DV', to: 'CCT' }));
    const cases: (() => Promise<RawResponse>)[] = [
      post,
      () => get('/v1/places?openNow=open'),
      () => get('/v1/buildings/NOPE'),
      () => get('/v1/routes?from=DV'),
      () => request(cache.url, 'OPTIONS', '/v1/buildings'),
    ];
    for (const send of cases) {
      const a = await send();
      const b = await send();
      expect(b.headers['x-cache']).toBe('MISS');
      expect(b.headers['x-request-id']).not.toBe(a.headers['x-request-id']);
      expect(await originSaw(String(b.headers['x-request-id']))).toBe(1);
    }
  });

  it('origin stopped: cached reads are still answered (stale-if-error); uncached ones fail', async () => {
    const warm = await get('/v1/buildings?limit=3');
    expect(warm.status).toBe(200);
    await origin.stop();
    await sleep(TTL_S * 1000 + 300); // expired: served from grace while revalidation fails
    for (let i = 0; i < 3; i++) {
      const r = await get('/v1/buildings?limit=3');
      expect(r.status).toBe(200);
      expect(r.headers['x-request-id']).toBe(warm.headers['x-request-id']);
    }
    expect((await get('/v1/buildings?limit=4')).status).toBe(503);
  });

  it('a new data version is visible after the TTL', async () => {
    const before = body(await get('/v1/buildings?limit=3')).meta.dataVersion as string;
    origin = await startOrigin({ PORT: String(backendPort), DIST_DIR: newDist }); // same port: the cache's backend
    const want = body(await request(origin.url, 'GET', '/v1')).meta.dataVersion as string;
    expect(want).not.toBe(before);
    let seen = before;
    for (let i = 0; i < 100 && seen !== want; i++) {
      seen = body(await get('/v1/buildings?limit=3')).meta.dataVersion;
      if (seen !== want) await sleep(100);
    }
    expect(seen).toBe(want);
  });

});
