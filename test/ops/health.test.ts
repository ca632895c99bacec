/** GET /healthz and /readyz: cheap, not enveloped, not documented, not logged at info; readyz 503 while draining. */
import { afterEach, describe, expect, it } from 'vitest';
import { request } from '../bench/lib/http.ts';
import { sleep, startFixture, stopFixture, type Fixture } from './helpers.ts';

let f: Fixture | undefined;
afterEach(() => stopFixture(f));

describe('health probes', () => {
  it('healthz and readyz answer 200 with a bare status object, no-store, request id; HEAD too; never in the logs or the OpenAPI document', async () => {
    f = await startFixture({ LOG_REQUESTS: '1' });
    for (const [p, status] of [['/healthz', 'ok'], ['/readyz', 'ready']] as const) {
      const r = await request(f.url, 'GET', p);
      expect(r.status).toBe(200);
      expect(JSON.parse(r.body.toString('utf8'))).toEqual({ status });
      expect(r.headers['cache-control']).toBe('no-store');
      expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(r.headers['x-request-id']).toBeTruthy();
      const head = await request(f.url, 'HEAD', p);
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      expect((await request(f.url, 'POST', p, '{}')).status).toBe(405);
    }
    const doc = JSON.parse((await request(f.url, 'GET', '/v1/openapi.json')).body.toString('utf8')) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).not.toContain('/healthz');
    expect(Object.keys(doc.paths)).not.toContain('/readyz');
    await request(f.url, 'GET', '/v1/buildings?limit=1');
    await sleep(200);
    expect(f.out()).toContain('"path":"/v1/buildings"');
    expect(f.out()).not.toMatch(/"path":"\/(healthz|readyz)"/);
  });

  it('readyz answers 503 draining from the first shutdown step (DRAIN_DELAY_MS keeps serving meanwhile), then the process exits 0', async () => {
    f = await startFixture({ LOG_REQUESTS: '0', DRAIN_DELAY_MS: '1500' });
    expect((await request(f.url, 'GET', '/readyz')).status).toBe(200);
    f.kill('SIGTERM');
    await sleep(200);
    const probe = await request(f.url, 'GET', '/readyz');
    expect(probe.status).toBe(503);
    expect(JSON.parse(probe.body.toString('utf8'))).toEqual({ status: 'draining' });
    expect(probe.headers['cache-control']).toBe('no-store');
    expect((await request(f.url, 'GET', '/healthz')).status).toBe(200); // alive, just not taking new traffic
    expect((await request(f.url, 'GET', '/v1/buildings?limit=1')).status).toBe(200);
    expect((await f.exited).code).toBe(0);
  });
});
