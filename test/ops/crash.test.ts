/**
 * Crash safety through the test-only seam (fixtures/server.ts installs testHooks.beforeHandle;
 * the production server has no such hook and no route for it).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { json, request } from '../bench/lib/http.ts';
import { startFixture, stopFixture, sleep, STDOUT_KINDS, type Fixture } from './helpers.ts';

let f: Fixture;
beforeAll(async () => {
  f = await startFixture({ LOG_REQUESTS: '1' });
});
afterAll(() => stopFixture(f));

const ok = async () => (await request(f.url, 'GET', '/v1/buildings?limit=1')).status;

describe('crash safety', () => {
  for (const fault of ['throw', 'reject']) {
    it(`a handler that fails (${fault}) answers 500 internal_error without internals; the server keeps serving`, async () => {
      for (const p of ['/v1/buildings', '/api/campus-buildings']) {
        const r = await request(f.url, 'GET', p, undefined, { 'x-test-fault': fault });
        expect(r.status).toBe(500);
        const text = r.body.toString('utf8');
        expect(text).not.toMatch(/SECRET|boom|Error|at |\.ts/);
        const body = json<Record<string, any>>(r);
        if (p.startsWith('/v1')) {
          expect(body.error.code).toBe('internal_error');
          expect(body.meta.requestId).toBe(r.headers['x-request-id']);
        } else {
          expect(body).toMatchObject({ service: 'service-public-campus', error: 'internal_error' });
        }
        expect(r.headers['cache-control']).toBe('no-store');
      }
      expect(await ok()).toBe(200);
    });
  }

  it('a bug inside a handler is logged once, as one JSON line on stdout (one logger, one stream)', async () => {
    const r = await request(f.url, 'GET', '/v1/places', undefined, { 'x-test-fault': 'handler' });
    expect(r.status).toBe(500);
    expect(r.body.toString('utf8')).not.toContain('SECRET');
    const id = String(r.headers['x-request-id']);
    await sleep(100);
    const failed = f.out().split('\n').filter((l) => l.includes(id) && l.includes('"request failed"'));
    expect(failed).toHaveLength(1);
    expect(JSON.parse(failed[0]!)).toMatchObject({ level: 'error', msg: 'request failed', path: '/v1/places', requestId: id });
    expect(f.err()).not.toContain('request failed');
    expect(await ok()).toBe(200);
  });

  it('unhandled rejections are logged and do not kill the process', async () => {
    expect((await request(f.url, 'GET', '/v1/buildings?limit=1', undefined, { 'x-test-fault': 'unhandled' })).status).toBe(200);
    await sleep(100);
    expect(await ok()).toBe(200);
    expect(f.proc.exitCode).toBeNull();
    const out = f.out();
    expect(out).toContain('"msg":"unhandled rejection"');
    expect(out).toContain('"msg":"request failed"');
  });
});

describe('after an uncaught exception', () => {
  let g: Fixture | undefined;
  afterEach(() => stopFixture(g));

  it.each(STDOUT_KINDS)('logs it, stops accepting, lets in-flight requests finish, exits non-zero (stdout to a %s)', async (stdout) => {
    g = await startFixture({ LOG_REQUESTS: '1' }, stdout);
    const inflight = request(g.url, 'GET', '/v1/buildings?limit=1', undefined, { 'x-test-fault': 'delay:600' });
    await sleep(100);
    expect((await request(g.url, 'GET', '/v1/buildings?limit=1', undefined, { 'x-test-fault': 'uncaught' })).status).toBe(200);
    await sleep(150);
    const late = await request(g.url, 'GET', '/v1/buildings?limit=1').then((r) => r.status, (e: NodeJS.ErrnoException) => e.code);
    expect(late).toBe('ECONNREFUSED');
    expect((await inflight).status).toBe(200);
    const { code } = await g.exited;
    expect(code).toBe(1);
    const lines = g.out().split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.find((l) => l.msg === 'uncaught exception')).toMatchObject({ level: 'error', origin: 'uncaughtException' });
    expect(lines.find((l) => l.msg === 'stopped')).toMatchObject({ code: 1 });
    expect(lines.filter((l) => l.msg === 'request' && l.status === 200)).toHaveLength(2); // both lines flushed before exit
  });

  it('under WORKERS=2 the primary starts a fresh worker and the port keeps answering', async () => {
    const port = 20000 + Math.floor(Math.random() * 20000);
    g = await startFixture({ LOG_REQUESTS: '0', WORKERS: '2', PORT: String(port) });
    const url = `http://127.0.0.1:${port}`;
    const get = (headers: Record<string, string> = {}) =>
      request(url, 'GET', '/v1/buildings?limit=1', undefined, headers).then((r) => r.status, (e: NodeJS.ErrnoException) => e.code ?? 'err');
    expect(await get({ 'x-test-fault': 'uncaught' })).toBe(200);
    for (let i = 0; i < 100 && (g.out().match(/"msg":"worker listening"/g) ?? []).length < 3; i++) await sleep(100);
    expect(g.out()).toMatch(/"code":1,"signal":null,"msg":"worker died"/);
    expect((g.out().match(/"msg":"worker listening"/g) ?? []).length).toBe(3);
    for (let i = 0; i < 10; i++) expect(await get()).toBe(200);
    expect(g.proc.exitCode).toBeNull();
  });
});
