/** A small bounded cache of prepared replies keyed by canonical query (oldest entry evicted first). */
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
