/** Limits: streaming body cap, header size, slow clients, connection and in-flight caps (429). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, request } from '../bench/lib/http.ts';
import { connect, readUntilClose, sleep, startFixture, stopFixture, type Fixture } from './helpers.ts';

let f: Fixture;
beforeAll(async () => {
  f = await startFixture({
    LOG_REQUESTS: '0',
    HEADERS_TIMEOUT_MS: '600',
    REQUEST_TIMEOUT_MS: '1500',
    KEEP_ALIVE_TIMEOUT_MS: '500',
    CONNECTIONS_CHECK_MS: '100',
    MAX_CONNECTIONS: '6',
    MAX_INFLIGHT: '3',
  });
});
afterAll(() => stopFixture(f));

function parse(raw: string): { status: number; headers: string; body: any } {
  const sep = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, sep);
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
  const body = raw.slice(sep + 4);
  return { status, headers: head, body: body ? JSON.parse(body) : null };
}

describe('limits', () => {
  it('stops reading a streamed body at 16 KiB and answers 413 while the client is still sending', async () => {
    const s = await connect(f.port);
    const got = readUntilClose(s, 5000);
    s.write('POST /v1/routes HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n');
    const chunk = Buffer.alloc(4096, 0x20);
    let sent = 0;
    // Send up to 1 MiB slowly; the answer must come long before that.
    for (let i = 0; i < 256 && !s.destroyed; i++) {
      s.write(chunk.length.toString(16) + '\r\n');
      s.write(chunk);
      s.write('\r\n');
      sent += chunk.length;
      await sleep(2);
      if ((await Promise.race([got.then(() => true), sleep(0).then(() => false)]))) break;
    }
    const { data } = await got;
    const r = parse(data);
    expect(r.status).toBe(413);
    expect(r.body.error.code).toBe('request_too_large');
    expect(sent).toBeLessThan(1024 * 1024);
  });

  it('rejects a declared oversize Content-Length without reading the body', async () => {
    const s = await connect(f.port);
    const got = readUntilClose(s, 3000);
    s.write('POST /v1/routes HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10000000\r\n\r\n{"from":');
    const r = parse((await got).data);
    expect(r.status).toBe(413);
  });

  it('answers oversize headers with 400 invalid_request in the JSON envelope (BEHAVIOUR §4 codes only)', async () => {
    const r = await request(f.url, 'GET', '/v1/buildings', undefined, { 'x-big': 'a'.repeat(20_000) }).catch((e: unknown) => e);
    expect(r).toMatchObject({ status: 400 });
    const body = json<any>(r as any);
    expect(body.error.code).toBe('invalid_request');
    expect(body.error.message).toMatch(/headers are too large/);
    expect(body.meta.requestId).toBe((r as any).headers['x-request-id']);
  });

  it('CONNECT gets 405 with the Allow of the path it names, 404 elsewhere', async () => {
    for (const [target, status, allow] of [['/v1', 405, 'GET, HEAD, OPTIONS'], ['/v1/routes', 405, 'GET, HEAD, POST, OPTIONS'], ['example.com:443', 404, null]] as const) {
      const s = await connect(f.port);
      const got = readUntilClose(s, 3000);
      s.write(`CONNECT ${target} HTTP/1.1\r\nHost: x\r\n\r\n`);
      const r = parse((await got).data);
      expect(r.status, target).toBe(status);
      if (allow) expect(r.headers).toContain(`Allow: ${allow}\r\n`);
      else expect(r.body.error.code).toBe('not_found');
    }
  });

  // Whether the earlier answer is ready at once (DV, read by earlier tests) or computed asynchronously (a campus
  // that no request has read yet: its file is read first).
  it('a request pipelined before a malformed one or a CONNECT is answered first (its answer is not lost)', async () => {
    await fetch(`${f.url}/v1/buildings/DV`);
    const cases = [
      ['GET /v1/buildings/DV HTTP/1.1\r\nHost: x\r\n\r\n', '"code":"DV"'],
      ['GET /v1/buildings?campus=tmu&limit=1 HTTP/1.1\r\nHost: x\r\n\r\n', '"campus":"tmu"'],
      ['GET /v1/buildings?campus=queens&limit=1 HTTP/1.1\r\nHost: x\r\n\r\n', '"campus":"queens"'],
    ] as const;
    for (const [next, statuses] of [
      ['NOT HTTP AT ALL\r\n\r\n', ['200', '400']], // then the 400 of the unparseable one, and the connection is closed
      ['CONNECT /v1/buildings HTTP/1.1\r\nHost: x\r\n\r\n', ['200', '405']],
    ] as const) {
      for (const [get, body] of next.startsWith('NOT') ? cases.slice(0, 2) : [cases[0], cases[2]]) {
        const s = await connect(f.port);
        const got = readUntilClose(s, 3000);
        s.write(get + next); // one write: the server reads both in one event-loop turn
        const raw = (await got).data;
        expect([...raw.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => m[1]), `${get} + ${next}`).toEqual(statuses);
        expect(raw).toContain(body);
      }
    }
  });

  it('a request without Host is served normally, with every BEHAVIOUR §2 header', async () => {
    const s = await connect(f.port);
    const got = readUntilClose(s, 3000);
    s.write('GET /v1/universities/uoft HTTP/1.1\r\nConnection: close\r\n\r\n');
    const r = parse((await got).data);
    expect(r.status).toBe(200);
    expect(r.headers).toMatch(/\r\nX-Request-Id: [0-9a-f-]{36}\r\n/);
    expect(r.headers).toContain('Access-Control-Allow-Origin: *');
    expect(r.body.data.id).toBe('uoft');
  });

  it('answers malformed HTTP with 400 in the JSON envelope', async () => {
    const s = await connect(f.port);
    const got = readUntilClose(s, 3000);
    s.write('GET /v1 HTTP/1.1\r\nHost: x\r\nContent-Length: 12abc\r\n\r\n');
    const r = parse((await got).data);
    expect(r.status).toBe(400);
    expect(r.body.meta.apiVersion).toBe('v1');
  });

  it('drops slow-loris clients that never finish their headers', async () => {
    const s = await connect(f.port);
    const got = readUntilClose(s, 5000);
    s.write('GET /v1/buildings HTTP/1.1\r\nHost: x\r\n');
    const t0 = performance.now();
    for (let i = 0; i < 40 && !s.destroyed; i++) {
      s.write(`X-Drip-${i}: y\r\n`);
      await sleep(100);
    }
    const { closed } = await got;
    expect(closed).toBe(true);
    expect(performance.now() - t0).toBeLessThan(3000);
  });

  it('closes idle keep-alive connections', async () => {
    const s = await connect(f.port);
    const got = readUntilClose(s, 4000);
    s.write('GET /v1/buildings?limit=1 HTTP/1.1\r\nHost: x\r\n\r\n');
    const { closed, data } = await got;
    expect(data).toMatch(/^HTTP\/1\.1 200/);
    expect(closed).toBe(true);
  });

  it('answers 429 rate_limited with Retry-After beyond the in-flight cap', async () => {
    const slow = [1, 2, 3].map(() => request(f.url, 'GET', '/v1/buildings?limit=1', undefined, { 'x-test-fault': 'delay:600' }));
    await sleep(150);
    const r = await request(f.url, 'GET', '/v1/buildings?limit=1');
    expect(r.status).toBe(429);
    expect(r.headers['retry-after']).toBe('1');
    const body = json<any>(r);
    expect(body.error.code).toBe('rate_limited');
    expect(body.meta.requestId).toBe(r.headers['x-request-id']);
    expect((await Promise.all(slow)).map((x) => x.status)).toEqual([200, 200, 200]);
    expect((await request(f.url, 'GET', '/v1/buildings?limit=1')).status).toBe(200);
  });

  it('answers 429 on connections beyond the connection cap', async () => {
    const held = await Promise.all([1, 2, 3, 4, 5, 6].map(() => connect(f.port)));
    await sleep(50);
    const r = await request(f.url, 'GET', '/v1/buildings?limit=1');
    expect(r.status).toBe(429);
    expect(r.headers['retry-after']).toBeDefined();
    for (const s of held) s.destroy();
    await sleep(50);
    expect((await request(f.url, 'GET', '/v1/buildings?limit=1')).status).toBe(200);
  });
});
