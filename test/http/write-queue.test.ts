/**
 * Responses written after their event-loop turn (runtime/http/write-queue.ts): order, isolation, and many at
 * once over HTTP. Pipelined requests before a malformed one or a CONNECT: test/ops/limits.test.ts.
 */
import type { ServerResponse } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { writeAfterTurn } from '../../runtime/http/write-queue.ts';
import { call, postJson, useServer } from './helpers.ts';

function fakeResponse(): ServerResponse & { destroyed: boolean } {
  const res = { req: { method: 'GET', url: '/v1/x', headers: {} }, destroyed: false, destroy: vi.fn(() => (res.destroyed = true)) };
  return res as unknown as ServerResponse & { destroyed: boolean };
}

describe('write queue', () => {
  it('writes nothing during the turn, then every queued write in order', async () => {
    const done: number[] = [];
    for (let i = 0; i < 5; i++) writeAfterTurn(fakeResponse(), () => done.push(i));
    expect(done).toEqual([]);
    await new Promise((r) => setImmediate(r));
    expect(done).toEqual([0, 1, 2, 3, 4]);
  });

  it('a write that throws cuts its own response only; the turn after starts empty', async () => {
    const done: string[] = [];
    const bad = fakeResponse();
    const good = fakeResponse();
    writeAfterTurn(good, () => done.push('first'));
    writeAfterTurn(bad, () => {
      throw new Error('broken write path');
    });
    writeAfterTurn(good, () => done.push('third'));
    await new Promise((r) => setImmediate(r));
    expect(done).toEqual(['first', 'third']);
    expect(bad.destroy).toHaveBeenCalledOnce();
    expect(good.destroy).not.toHaveBeenCalled();
    writeAfterTurn(good, () => done.push('next turn'));
    await new Promise((r) => setImmediate(r));
    expect(done).toEqual(['first', 'third', 'next turn']);
  });
});

describe('many requests in one turn', () => {
  const t = useServer();

  it('each answer is its own request’s: code, status and the request id in header and body', async () => {
    const codes = (await call(t.base, '/v1/buildings?limit=30')).body.data.map((b: { code: string }) => b.code) as string[];
    expect(codes.length).toBe(30); // every building of the default campus
    const asks = codes.flatMap((code, i) => [
      { path: `/v1/buildings/${code}`, status: 200, code },
      { path: `/v1/buildings/NO-SUCH-${i}`, status: 404, code: null },
    ]);
    const routes = codes.slice(0, 10).map((code, i) => ({ from: code, to: codes[(i + 7) % codes.length]! }));
    const [answers, routed] = await Promise.all([
      Promise.all(asks.map((a) => call(t.base, a.path))),
      Promise.all(routes.map((r) => postJson(t.base, '/v1/routes', r))),
    ]);
    answers.forEach((r, i) => {
      expect(r.status, asks[i]!.path).toBe(asks[i]!.status);
      expect(r.body.meta.requestId).toBe(r.headers.get('x-request-id'));
      if (asks[i]!.code) expect(r.body.data.code).toBe(asks[i]!.code);
      else expect(r.body.error.code).toBe('building_not_found');
    });
    routed.forEach((r, i) => {
      expect(r.status).toBe(200);
      expect(r.body.meta.requestId).toBe(r.headers.get('x-request-id'));
      expect([r.body.data.from.code, r.body.data.to.code]).toEqual([routes[i]!.from, routes[i]!.to]);
    });
    expect(new Set([...answers, ...routed].map((r) => r.headers.get('x-request-id'))).size).toBe(asks.length + routes.length);
  });
});
