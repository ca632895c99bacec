/**
 * A bounded memo for pure functions of a request string (a path, a query string): real traffic repeats a
 * small set of them, so the answer is computed once per distinct string. Bounded so that no sequence of
 * requests can grow memory: keys longer than `maxKey` are computed every time and never kept, and at most
 * `maxEntries` answers are kept (the oldest goes first, reply-cache.ts). A computation that throws keeps nothing.
 */
import { BoundedCache } from './reply-cache.ts';

export interface MemoBounds {
  maxKey: number;
  maxEntries: number;
}

/** One table for the whole app (router lookups by path): at most ~1 MB of keys. */
export const REQUEST_STRINGS: MemoBounds = { maxKey: 256, maxEntries: 4096 };
/** One table per endpoint (validated query strings, 27 endpoints): together at most ~10 MB. */
export const QUERY_STRINGS: MemoBounds = { maxKey: 256, maxEntries: 512 };

export function memoize<V>(compute: (key: string) => V, bounds: MemoBounds = REQUEST_STRINGS): (key: string) => V {
  const kept = new BoundedCache<V>(bounds.maxEntries);
  return (key) => {
    const v = kept.get(key);
    if (v !== undefined) return v;
    const computed = compute(key);
    return key.length > bounds.maxKey ? computed : kept.set(key, computed);
  };
}
