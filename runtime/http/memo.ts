/**
 * A bounded memo for pure functions of a request string (a path, a query string): real traffic repeats a
 * small set of them, so the answer is computed once per distinct string. Bounded so that no sequence of
 * requests can grow memory: keys longer than `maxKey` are computed every time and never kept, and the
 * table starts afresh when it holds `maxEntries` keys.
 */
export interface MemoBounds {
  maxKey: number;
  maxEntries: number;
}

export const REQUEST_STRINGS: MemoBounds = { maxKey: 256, maxEntries: 4096 };

export function memoize<V>(compute: (key: string) => V, bounds: MemoBounds = REQUEST_STRINGS): (key: string) => V {
  const seen = new Map<string, V>();
  return (key) => {
    let v = seen.get(key);
    if (v === undefined) {
      v = compute(key);
      if (key.length > bounds.maxKey) return v;
      if (seen.size >= bounds.maxEntries) seen.clear();
      seen.set(key, v);
    }
    return v;
  };
}
