/**
 * The campus cache (runtime/data/campus-cache.ts) on its own, with loaders that count their reads: one read
 * however many callers wait, least-recently-used eviction within the byte budget, parts read again after
 * eviction, failures remembered for the retry window (reported once) and retried after it.
 */
import { describe, expect, it } from 'vitest';
import { CampusCache, PartUnavailable, type Loaded } from '../../runtime/data/campus-cache.ts';

/** A loader whose reads are counted and finish when the test says so. */
function loader<T>(value: T, bytes: number) {
  const reads = { count: 0 };
  let fail: Error | undefined;
  const release: (() => void)[] = [];
  const load = (): Promise<Loaded<T>> => {
    reads.count++;
    return new Promise((resolve, reject) => release.push(() => (fail ? reject(fail) : resolve({ value, bytes }))));
  };
  return {
    load,
    reads,
    failWith: (e: Error | undefined) => (fail = e),
    releaseAll: async () => {
      for (const r of release.splice(0)) r();
      await new Promise((r) => setImmediate(r));
    },
  };
}

const instant = (value: unknown, bytes: number) => () => Promise.resolve({ value, bytes });

describe('campus cache', () => {
  it('reads a part once however many first requests wait for it', async () => {
    const cache = new CampusCache(1000);
    const l = loader({ id: 'a' }, 10);
    const slot = cache.slot('a', 'data', l.load);
    expect(slot.ready()).toBeUndefined();
    const waiting = Array.from({ length: 25 }, () => slot.load());
    await l.releaseAll();
    const values = await Promise.all(waiting);
    expect(l.reads.count).toBe(1);
    expect(new Set(values).size).toBe(1);
    expect(slot.ready()).toBe(values[0]);
    await slot.load();
    expect(l.reads.count).toBe(1);
    expect(cache.stats()).toMatchObject({ loads: 1, residentParts: 1, residentBytes: 10, evictions: 0 });
  });

  it('keeps the parts within the budget, dropping the least recently used, and reads an evicted part again', async () => {
    const cache = new CampusCache(100);
    const reads = new Map<string, number>();
    const slot = (id: string, bytes: number) =>
      cache.slot(id, 'routes', () => {
        reads.set(id, (reads.get(id) ?? 0) + 1);
        return Promise.resolve({ value: `${id}-value`, bytes });
      });
    const a = slot('a', 40);
    const b = slot('b', 40);
    const c = slot('c', 40);
    await a.load();
    await b.load();
    expect(a.ready()).toBe('a-value'); // a is now more recently used than b
    await c.load(); // 120 > 100: b goes, not a
    expect(b.ready()).toBeUndefined();
    expect(a.ready()).toBe('a-value');
    expect(c.ready()).toBe('c-value');
    expect(cache.stats()).toMatchObject({ residentBytes: 80, residentParts: 2, evictions: 1, loads: 3 });
    expect(await b.load()).toBe('b-value'); // read again; now a (used before c) goes
    expect(reads.get('b')).toBe(2);
    expect(a.ready()).toBeUndefined();
    expect(cache.stats()).toMatchObject({ residentBytes: 80, evictions: 2, loads: 4 });
  });

  it('keeps a part larger than the whole budget on its own', async () => {
    const cache = new CampusCache(50);
    const small = cache.slot('s', 'data', instant('s', 10));
    const big = cache.slot('b', 'routes', instant('b', 500));
    await small.load();
    expect(await big.load()).toBe('b');
    expect(small.ready()).toBeUndefined();
    expect(cache.stats()).toMatchObject({ residentParts: 1, residentBytes: 500 });
    await small.load();
    expect(big.ready()).toBeUndefined();
    expect(cache.stats()).toMatchObject({ residentParts: 1, residentBytes: 10 });
  });

  it('remembers a failed read for the retry window (reported once), then reads again', async () => {
    let now = 1_000_000;
    const reported: PartUnavailable[] = [];
    const cache = new CampusCache(1000, { now: () => now, retryMs: 10_000, onFailure: (f) => reported.push(f) });
    const l = loader('x', 5);
    const slot = cache.slot('x', 'data', l.load);
    l.failWith(new Error('campuses/x.json: sha256 differs from the manifest'));
    const first = [slot.load(), slot.load()].map((p) => p.then(() => undefined, (e: unknown) => e));
    await l.releaseAll();
    for (const e of await Promise.all(first)) {
      expect(e).toMatchObject({ name: 'PartUnavailable', campus: 'x', part: 'data', retryAt: 1_010_000 });
    }
    await expect(slot.load()).rejects.toBeInstanceOf(PartUnavailable);
    expect(l.reads.count).toBe(1);
    expect(reported.map((f) => f.reason)).toEqual(['campuses/x.json: sha256 differs from the manifest']);
    now += 10_000;
    l.failWith(undefined);
    const again = slot.load();
    await l.releaseAll();
    expect(await again).toBe('x');
    expect(l.reads.count).toBe(2);
    expect(cache.stats()).toMatchObject({ failures: 1, loads: 1 });
  });

  it('a loader that throws synchronously fails like one that rejects', async () => {
    const cache = new CampusCache(1000);
    const slot = cache.slot('t', 'map', () => {
      throw new Error('boom');
    });
    await expect(slot.load()).rejects.toMatchObject({ reason: 'boom' });
  });
});
