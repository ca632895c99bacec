/**
 * The campus cache: the parts of a campus that are read on first use (its records, its route matrix and
 * paths, its map — runtime/data/load.ts) live in slots that share one byte budget per process; when a
 * newly loaded part does not fit, the least recently used resident parts are dropped (they are read
 * again on their next use). A slot loads once however many requests wait for it. A part that cannot be
 * read fails for a short while (RETRY_MS) without being read again, then is retried on the next use;
 * every failed read is reported once through `onFailure` (the server logs it).
 *
 * The warm path is `slot.ready()`: one field read and one counter write, no allocation. Eviction scans the
 * resident slots for the oldest stamp: it runs only when a part is loaded, and at most a few thousand are
 * resident (budget / smallest part).
 */

/**
 * Default budget (CAMPUS_CACHE_MB, per server process): it holds every part of the 15 real campuses (~34 MB
 * with their maps) and about 30 synthetic campuses of average size at once, and keeps a host serving 1,500
 * campuses under 300 MB RSS when every campus is used in turn (docs/performance.md, "Campuses at scale").
 */
export const DEFAULT_CAMPUS_CACHE_MB = 64;

/** A loaded part and what it costs in memory as the cache counts it (bytes of its buffers, or an estimate). */
export interface Loaded<T> {
  value: T;
  bytes: number;
}

/** How long a part that failed to load answers unavailable before it is read again. */
export const RETRY_MS = 10_000;

/** A part of a campus that could not be read (missing, corrupt, or the read failed); retried after `retryAt`. */
export class PartUnavailable extends Error {
  override name = 'PartUnavailable';
  constructor(readonly campus: string, readonly part: string, readonly reason: string, readonly retryAt: number) {
    super(`${campus} ${part}: ${reason}`);
  }

  /** Whole seconds until the part is read again, at least 1 (Retry-After). */
  retryAfterSeconds(): number {
    return Math.max(1, Math.ceil((this.retryAt - Date.now()) / 1000));
  }
}

export interface CacheStats {
  budgetBytes: number;
  residentBytes: number;
  residentParts: number;
  /** Completed loads, evictions and failed loads since the cache was made. */
  loads: number;
  evictions: number;
  failures: number;
}

export interface CacheOptions {
  /** Called once per failed read (not for the requests answered from the remembered failure). */
  onFailure?: (failure: PartUnavailable) => void;
  now?: () => number;
  retryMs?: number;
}

export class CampusCache {
  private clock = 0;
  private readonly resident = new Set<Slot<unknown>>();
  private residentBytes = 0;
  private loads = 0;
  private evictions = 0;
  private failures = 0;

  constructor(readonly budgetBytes: number, private readonly opts: CacheOptions = {}) {}

  /** A slot for one part of one campus; nothing is read until it is first used. */
  slot<T>(campus: string, part: string, load: () => Promise<Loaded<T>>): Slot<T> {
    return new Slot<T>(this, campus, part, load);
  }

  stats(): CacheStats {
    const { budgetBytes, residentBytes, loads, evictions, failures } = this;
    return { budgetBytes, residentBytes, residentParts: this.resident.size, loads, evictions, failures };
  }

  /** @internal */
  tick(): number {
    return ++this.clock;
  }

  /** @internal */
  now(): number {
    return (this.opts.now ?? Date.now)();
  }

  /** @internal */
  retryAt(): number {
    return this.now() + (this.opts.retryMs ?? RETRY_MS);
  }

  /** @internal A part was loaded: count it and drop the least recently used others until the budget holds. */
  admit(slot: Slot<unknown>): void {
    this.loads++;
    this.resident.add(slot);
    this.residentBytes += slot.bytes;
    while (this.residentBytes > this.budgetBytes && this.resident.size > 1) {
      let oldest: Slot<unknown> | undefined;
      for (const s of this.resident) if (s !== slot && (oldest === undefined || s.stamp < oldest.stamp)) oldest = s;
      this.resident.delete(oldest!);
      this.residentBytes -= oldest!.bytes;
      oldest!.drop();
      this.evictions++;
    }
  }

  /** @internal */
  failed(failure: PartUnavailable, report: boolean): void {
    if (!report) return;
    this.failures++;
    this.opts.onFailure?.(failure);
  }
}

export class Slot<T> {
  private value: T | undefined = undefined;
  private pending: Promise<T> | undefined = undefined;
  private failure: PartUnavailable | undefined = undefined;
  /** @internal Last use (the cache's clock). */
  stamp = 0;
  /** @internal Bytes counted while resident. */
  bytes = 0;

  constructor(
    private readonly cache: CampusCache,
    readonly campus: string,
    readonly part: string,
    private readonly loader: () => Promise<Loaded<T>>,
  ) {}

  /** The part when it is resident (marked as used), else undefined: then call load(). */
  ready(): T | undefined {
    const v = this.value;
    if (v !== undefined) this.stamp = this.cache.tick();
    return v;
  }

  /** The part, read on first use: concurrent callers share one read. Rejects with PartUnavailable. */
  load(): Promise<T> {
    if (this.value !== undefined) {
      this.stamp = this.cache.tick();
      return Promise.resolve(this.value);
    }
    if (this.pending) return this.pending;
    if (this.failure && this.cache.now() < this.failure.retryAt) return Promise.reject(this.failure);
    let read: Promise<Loaded<T>>;
    try {
      read = this.loader();
    } catch (e) {
      read = Promise.reject(e);
    }
    this.pending = read.then(
      (loaded) => {
        this.pending = undefined;
        this.failure = undefined;
        this.value = loaded.value;
        this.bytes = loaded.bytes;
        this.stamp = this.cache.tick();
        this.cache.admit(this as Slot<unknown>);
        return loaded.value;
      },
      (e: unknown) => {
        this.pending = undefined;
        // A part that needs another one (routes need the records) fails with it: reported once, for the one that failed.
        const derived = e instanceof PartUnavailable;
        const reason = derived ? e.reason : e instanceof Error ? e.message : String(e);
        this.failure = new PartUnavailable(this.campus, this.part, reason, derived ? e.retryAt : this.cache.retryAt());
        this.cache.failed(this.failure, !derived);
        throw this.failure;
      },
    );
    return this.pending;
  }

  /** @internal Evicted: read again on the next use. */
  drop(): void {
    this.value = undefined;
    this.bytes = 0;
  }
}
