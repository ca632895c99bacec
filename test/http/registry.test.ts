/**
 * The endpoint registry's declarations hold for the served responses: every GET of a static path
 * answers with the Cache-Control of its declared policy, and every path answers OPTIONS with the
 * declared methods in Allow.
 */
import { describe, expect, it } from 'vitest';
import { CACHE_POLICIES } from '../../runtime/http/headers.ts';
import { allowOf, ENDPOINTS, templateParams } from '../../runtime/registry/index.ts';
import { call, useServer } from './helpers.ts';

const t = useServer();
const staticPaths = ENDPOINTS.filter((e) => templateParams(e.path).length === 0);

describe('registry declarations', () => {
  it('GET responses carry the declared cache policy', async () => {
    let checked = 0;
    for (const e of staticPaths.filter((x) => x.get)) {
      const r = await call(t.base, e.path);
      if (r.status !== 200) continue; // e.g. GET /v1/routes needs its query
      const cc = r.headers.get('cache-control');
      if (e.cache === 'availability') expect(cc, e.path).toMatch(/^(public, max-age=\d+|no-store)$/);
      else expect(cc, e.path).toBe(CACHE_POLICIES[e.cache]);
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('OPTIONS answers 204 with the declared methods', async () => {
    for (const e of staticPaths) {
      const r = await call(t.base, e.path, { method: 'OPTIONS' });
      expect(r.status, e.path).toBe(204);
      expect(r.headers.get('allow'), e.path).toBe(allowOf(e));
    }
  });
});
