/**
 * The per-request-string memos (http/memo.ts): polka's router lookups by path and each endpoint's validated query
 * by query string. Bounded, and invisible in answers: the same request gives the same answer the first and the
 * hundredth time, params are decoded afresh each time, and a bad query fails every time.
 */
import { describe, expect, it } from 'vitest';
import { memoize } from '../../runtime/http/memo.ts';
import { call, useServer } from './helpers.ts';

describe('memoize', () => {
  it('computes once per key, keeps no long key, and drops the oldest when full', () => {
    const calls: string[] = [];
    const f = memoize((k) => (calls.push(k), { k }), { maxKey: 4, maxEntries: 2 });
    expect(f('a')).toBe(f('a'));
    expect(calls).toEqual(['a']);
    f('longer');
    f('longer');
    expect(calls).toEqual(['a', 'longer', 'longer']);
    f('b'); // kept: a, b
    f('c'); // full: a goes, b and c stay
    f('b');
    f('a');
    expect(calls).toEqual(['a', 'longer', 'longer', 'b', 'c', 'a']);
  });

  it('keeps nothing when the computation throws', () => {
    let n = 0;
    const f = memoize((k) => {
      n++;
      if (k === 'bad') throw new Error('bad');
      return k;
    });
    expect(() => f('bad')).toThrow('bad');
    expect(() => f('bad')).toThrow('bad');
    expect(n).toBe(2);
  });
});

describe('repeated requests through the memos', () => {
  const t = useServer();

  it('decode path parameters afresh each time (polka decodes them in place)', async () => {
    for (let i = 0; i < 3; i++) {
      const r = await call(t.base, '/v1/buildings/D%56');
      expect(r.status).toBe(200);
      expect(r.body.data.code).toBe('DV');
    }
  });

  it('answer a repeated query alike, and fail a bad one every time', async () => {
    const first = await call(t.base, '/v1/buildings?limit=2&offset=1');
    const again = await call(t.base, '/v1/buildings?limit=2&offset=1');
    expect(again.body.data).toEqual(first.body.data);
    expect(first.body.data).toHaveLength(2);
    for (let i = 0; i < 2; i++) {
      const bad = await call(t.base, '/v1/buildings?limit=2&limit=3');
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe('invalid_query');
    }
    const post = await call(t.base, '/v1/routes?limit=2', { method: 'POST', body: JSON.stringify({ from: 'DV', to: 'CCT' }) });
    expect(post.status).toBe(400);
  });
});
