/** A small bounded cache keyed by strings (canonical queries, request strings, resolved inputs): the oldest entry goes first. */
export class BoundedCache<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly max = 512) {}

  get(key: string): V | undefined {
    return this.map.get(key);
  }

  set(key: string, value: V): V {
    if (this.map.size >= this.max) this.map.delete(this.map.keys().next().value as string);
    this.map.set(key, value);
    return value;
  }

  get size(): number {
    return this.map.size;
  }
}

/**
 * A bounded cache whose entries hold only over a time window [from, until) in ms: asked at any other
 * instant (the clock may also move backwards), an entry is a miss.
 */
export class WindowedCache<V> {
  private readonly entries: BoundedCache<{ from: number; until: number; value: V }>;
  constructor(max: number) {
    this.entries = new BoundedCache(max);
  }

  get(key: string, t: number): V | undefined {
    const e = this.entries.get(key);
    return e !== undefined && e.from <= t && t < e.until ? e.value : undefined;
  }

  set(key: string, from: number, until: number, value: V): V {
    this.entries.set(key, { from, until, value });
    return value;
  }
}
