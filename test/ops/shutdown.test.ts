/** Graceful shutdown: SIGTERM finishes in-flight requests (bounded), refuses new ones, exits 0. */
import { afterEach, describe, expect, it } from 'vitest';
import { request } from '../bench/lib/http.ts';
import { sleep, startFixture, stopFixture, STDOUT_KINDS, type Fixture } from './helpers.ts';

let f: Fixture | undefined;
afterEach(() => stopFixture(f));

describe('graceful shutdown', () => {
  it('on SIGTERM finishes the in-flight request, then exits 0', async () => {
    f = await startFixture({ LOG_REQUESTS: '1' });
    const inflight = request(f.url, 'GET', '/v1/buildings?limit=1', undefined, { 'x-test-fault': 'delay:700' });
    await sleep(150);
    f.kill('SIGTERM');
    await sleep(100);
    const late = await request(f.url, 'GET', '/v1/buildings?limit=1').then(
      (r) => r.status,
      (e: NodeJS.ErrnoException) => e.code,
    );
    expect(late).toBe('ECONNREFUSED');
    const r = await inflight;
    expect(r.status).toBe(200);
    const { code, ms } = await f.exited;
    expect(code).toBe(0);
    expect(ms).toBeLessThan(3000);
    expect(f.out()).toContain('"msg":"stopped"');
  });

  it.each(STDOUT_KINDS)('loses no request log line: every answered request is in the log after SIGTERM (stdout to a %s)', async (stdout) => {
    f = await startFixture({ LOG_REQUESTS: '1' }, stdout);
    const rs = await Promise.all(Array.from({ length: 300 }, () => request(f!.url, 'GET', '/v1/buildings?limit=1')));
    f.kill('SIGTERM'); // straight after the last answer: its line may still be buffered
    expect((await f.exited).code).toBe(0);
    const logged = new Set(
      f.out().split('\n').filter((l) => l.includes('"msg":"request"')).map((l) => (JSON.parse(l) as { requestId: string }).requestId),
    );
    for (const r of rs) expect(logged.has(String(r.headers['x-request-id']))).toBe(true);
  });

  it('SIGINT works the same', async () => {
    f = await startFixture({ LOG_REQUESTS: '0' });
    f.kill('SIGINT');
    expect((await f.exited).code).toBe(0);
  });

  it('bounds the wait: a request slower than SHUTDOWN_TIMEOUT_MS is cut and the process still exits 0', async () => {
    f = await startFixture({ LOG_REQUESTS: '0', SHUTDOWN_TIMEOUT_MS: '300' });
    const stuck = request(f.url, 'GET', '/v1/buildings?limit=1', undefined, { 'x-test-fault': 'delay:20000' }).catch((e: Error) => e);
    await sleep(100);
    f.kill('SIGTERM');
    const { code, ms } = await f.exited;
    expect(code).toBe(0);
    expect(ms).toBeLessThan(2000);
    expect(await stuck).toBeInstanceOf(Error);
  });

  it('WORKERS=2 serves from a cluster on one port and stops cleanly', async () => {
    const port = 20000 + Math.floor(Math.random() * 20000);
    f = await startFixture({ LOG_REQUESTS: '0', WORKERS: '2', PORT: String(port) }).catch(async () => {
      throw new Error('cluster fixture failed');
    });
    // The primary reports once started; wait until the workers answer.
    let status: number | string = 0;
    for (let i = 0; i < 100 && status !== 200; i++) {
      status = await request(`http://127.0.0.1:${port}`, 'GET', '/v1/buildings?limit=1').then((r) => r.status, (e: NodeJS.ErrnoException) => e.code ?? 'err');
      if (status !== 200) await sleep(100);
    }
    expect(status).toBe(200);
    f.kill('SIGTERM');
    expect((await f.exited).code).toBe(0);
  });
});
