/** JS SDK retry rules (SPEC §7) against a scripted HTTP server; error kinds for timeouts and network failures. */
import { afterEach, describe, expect, it } from 'vitest';
import { CampusApiError, CampusClient, CampusNetworkError, CampusTimeoutError, parseRetryAfter } from '../../sdk/js/src/index.ts';
import { retryDelayMs } from '../../sdk/js/src/retry.ts';
import { scriptedServer, type Scripted, type Step } from './helpers.ts';

let srv: Scripted | undefined;
afterEach(async () => {
  await srv?.close();
  srv = undefined;
});
async function run(script: Step[], opts: { retries?: number; timeoutMs?: number; maxRetryDelayMs?: number } = {}) {
  srv = await scriptedServer(script);
  const client = new CampusClient({ baseUrl: srv.url, retryBaseMs: 20, ...opts });
  const result = await client.campus('x').then((v) => ({ value: v as unknown, error: undefined }), (e: unknown) => ({ value: undefined, error: e }));
  return { ...result, requests: srv.requests.length, arrivals: srv.arrivals };
}

describe('JS SDK retries', () => {
  it('429 with Retry-After: 1, then 200 → one retry, after waiting at least 1 s', async () => {
    const r = await run([{ status: 429, headers: { 'retry-after': '1' } }, { status: 200 }]);
    expect(r.error).toBeUndefined();
    expect(r.value).toEqual({ ok: true, status: 200 });
    expect(r.requests).toBe(2);
    expect(r.arrivals[1] - r.arrivals[0]).toBeGreaterThanOrEqual(1000);
  });

  it('503 twice, then 200 → success on the third attempt', async () => {
    const r = await run([{ status: 503 }, { status: 503 }, { status: 200 }]);
    expect(r.error).toBeUndefined();
    expect(r.requests).toBe(3);
  });

  it('400 is sent once and never retried', async () => {
    const r = await run([{ status: 400 }, { status: 200 }]);
    expect(r.requests).toBe(1);
    expect(r.error).toBeInstanceOf(CampusApiError);
    expect(r.error).toMatchObject({ status: 400, code: 'invalid_query', requestId: 'scripted-400' });
  });

  it.each([404, 405, 409, 413, 415, 500])('%i is not retried', async (status) => {
    const r = await run([{ status }, { status: 200 }]);
    expect([r.requests, (r.error as CampusApiError).status]).toEqual([1, status]);
  });

  it('retries exhausted → the last error (retries + 1 attempts)', async () => {
    const r = await run([{ status: 503 }, { status: 504 }, { status: 502 }, { status: 200 }]);
    expect(r.requests).toBe(3);
    expect(r.error).toMatchObject({ status: 502, code: 'bad_gateway' });
    const none = await run([{ status: 429 }, { status: 200 }], { retries: 0 });
    expect([none.requests, (none.error as CampusApiError).code]).toEqual([1, 'rate_limited']);
  });

  it('a 429 error exposes Retry-After; a body that is not the envelope still gives status and X-Request-Id', async () => {
    const r = await run([{ status: 429, headers: { 'retry-after': '7' } }], { retries: 0 });
    expect(r.error).toMatchObject({ status: 429, code: 'rate_limited', retryAfterMs: 7000 });
    const html = await run([{ status: 502, headers: { 'content-type': 'text/html' }, body: '<h1>Bad Gateway</h1>' }], { retries: 0 });
    expect(html.error).toMatchObject({ status: 502, code: 'http_502', requestId: 'req-1' });
  });

  it('Retry-After above the cap is clamped to maxRetryDelayMs', async () => {
    const r = await run([{ status: 503, headers: { 'retry-after': '3600' } }, { status: 200 }], { maxRetryDelayMs: 50 });
    expect([r.error, r.requests]).toEqual([undefined, 2]);
  });

  it('a connection reset is a CampusNetworkError, retried', async () => {
    const ok = await run(['reset', { status: 200 }]);
    expect([ok.error, ok.requests]).toEqual([undefined, 2]);
    const failed = await run(['reset'], { retries: 1 });
    expect(failed.error).toBeInstanceOf(CampusNetworkError);
    expect(failed.requests).toBe(2);
  });

  it('an unreachable server is a CampusNetworkError', async () => {
    srv = await scriptedServer([{ status: 200 }]);
    const url = srv.url;
    await srv.close();
    srv = undefined;
    const err = await new CampusClient({ baseUrl: url, retries: 1, retryBaseMs: 10 }).info().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CampusNetworkError);
  });

  it('no answer within timeoutMs is a CampusTimeoutError (distinct from network errors), retried', async () => {
    const r = await run([{ hangMs: 5000 }], { retries: 1, timeoutMs: 150 });
    expect(r.error).toBeInstanceOf(CampusTimeoutError);
    expect(r.error).not.toBeInstanceOf(CampusNetworkError);
    expect((r.error as CampusTimeoutError).timeoutMs).toBe(150);
    expect(r.requests).toBe(2);
    const recovered = await run([{ hangMs: 5000 }, { status: 200 }], { timeoutMs: 150 });
    expect([recovered.error, recovered.requests]).toEqual([undefined, 2]);
  });

  it('POSTs are retried like GETs (they are pure calculations)', async () => {
    srv = await scriptedServer([{ status: 503 }, { status: 200 }]);
    const route = await new CampusClient({ baseUrl: srv.url, retryBaseMs: 10 }).route({ from: 'A', to: 'B' });
    expect(route).toEqual({ ok: true, status: 200 });
    expect(srv.requests).toEqual(['POST /v1/routes', 'POST /v1/routes']);
  });
});

describe('retry delays', () => {
  const policy = { retryBaseMs: 500, maxRetryDelayMs: 30_000 };
  it('Retry-After: delta seconds or an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
  it('honoured on 429 and 503 (capped), ignored on 502/504; otherwise full jitter under base·2ⁿ', () => {
    const e = (status: number, ms: number | null) => new CampusApiError(status, 'x', 'x', undefined, null, ms);
    expect(retryDelayMs(e(429, 2000), 0, policy)).toBe(2000);
    expect(retryDelayMs(e(503, 90_000), 0, policy)).toBe(30_000);
    expect(retryDelayMs(e(502, 2000), 0, { ...policy, random: () => 0.5 })).toBe(250);
    expect(retryDelayMs(e(503, null), 3, { ...policy, random: () => 0.999 })).toBe(3996);
    expect(retryDelayMs(e(504, null), 20, { ...policy, random: () => 1 })).toBe(30_000);
    expect(retryDelayMs(e(504, null), 2, { ...policy, random: () => 0 })).toBe(0);
  });
});
