/**
 * Places bodies cached while they cannot change (BEHAVIOUR §2, §9). Availability is a pure function of
 * (place, instant): places evaluated at `now` read the same at every instant before the earliest
 * nextTransition among them — all but `evaluatedAt`, which is the instant itself. A view is therefore
 * kept as text with holes for that instant and served over [now, min(earliest nextTransition, now + 60 s)),
 * and only when an evaluation at the last instant of that window agrees (as time passes, a transition
 * just beyond the 7-day horizon comes into view). The clock is injectable and may move backwards:
 * outside its window an entry is a miss, and the view is evaluated afresh.
 */
import { placesCacheControl } from '../domain/availability.ts';
import { availabilityDigest, type EvaluatedPlace, type PlaceCatalog } from '../data/places.ts';
import { weakEtag } from '../http/etag.ts';
import { CACHE_NO_STORE } from '../http/headers.ts';
import type { InstantText, InstantTextBuilder } from '../http/instant-text.ts';
import type { Reply } from '../http/reply.ts';
import { WindowedCache } from '../http/reply-cache.ts';
import type { AppContext } from './context.ts';

const WINDOW_MAX_MS = 60_000;

export interface PlacesView {
  /** The body (for v1: the part before the request id) with holes for `evaluatedAt`. */
  text: InstantText;
  /** Earliest nextTransition among the places shown (it bounds Cache-Control), null when none. */
  earliest: string | null;
  /** ETag of the body, sent unless Cache-Control comes out no-store; undefined for no-store views. */
  etag?: string;
}

/** Evaluates, at an instant, the places that the filters other than `openNow` select. */
export type Evaluate = (at: Date) => EvaluatedPlace[];

export class PlacesViews<V extends PlacesView> {
  private readonly cache: WindowedCache<V>;
  constructor(max: number) {
    this.cache = new WindowedCache(max);
  }

  /** The view for `key` at `now`: cached, or rendered from a fresh evaluation (and cached while stable). */
  get(key: string, now: Date, evaluate: Evaluate, render: (candidates: EvaluatedPlace[]) => V): V {
    const t = now.getTime();
    const hit = this.cache.get(key, t);
    if (hit !== undefined) return hit;
    const candidates = evaluate(now);
    const view = render(candidates);
    const until = stableUntil(candidates, t, evaluate);
    if (until > t) this.cache.set(key, t, until, view);
    return view;
  }
}

/** End (exclusive, ms) of the window from `t` over which `candidates` evaluate identically; `t` when there is none. */
export function stableUntil(candidates: readonly EvaluatedPlace[], t: number, evaluate: Evaluate): number {
  let until = t + WINDOW_MAX_MS;
  for (const e of candidates) {
    if (e.state.nextTransition !== null) until = Math.min(until, Date.parse(e.state.nextTransition));
  }
  if (!(until > t)) return t;
  const last = evaluate(new Date(until - 1));
  return availabilityDigest(last) === availabilityDigest(candidates) ? until : t;
}

/** Earliest nextTransition among `shown` (ISO strings compare by instant through Date.parse). */
export function earliestTransition(shown: readonly EvaluatedPlace[]): string | null {
  let earliest: string | null = null;
  for (const e of shown) {
    const next = e.state.nextTransition;
    if (next !== null && (earliest === null || Date.parse(next) < Date.parse(earliest))) earliest = next;
  }
  return earliest;
}

/** Appends a place's JSON to a body, with a hole for its evaluatedAt. */
export function appendPlace(b: InstantTextBuilder, catalog: PlaceCatalog, e: EvaluatedPlace): InstantTextBuilder {
  const [before, after] = catalog.serializeAround(e);
  return b.text(before).instant().text(after);
}

/** Appends `[place,place,…]` to a body. */
export function appendPlaces(b: InstantTextBuilder, catalog: PlaceCatalog, shown: readonly EvaluatedPlace[]): InstantTextBuilder {
  b.text('[');
  shown.forEach((e, i) => appendPlace(i === 0 ? b : b.text(','), catalog, e));
  return b.text(']');
}

/** The ETag of a places body: (dataVersion, path, canonical query, availability state), hashed once per state. */
export function placesEtag(ctx: AppContext, shown: readonly EvaluatedPlace[], path: string, key: string): string {
  const state = availabilityDigest(shown);
  const memoKey = `${path}\n${key}\n${state}`;
  return ctx.placeEtags.get(memoKey) ?? ctx.placeEtags.set(memoKey, weakEtag(ctx.ds.dataVersion, path, key, state));
}

/** Cache-Control and ETag of a view at `now` (BEHAVIOUR §2): max-age from the earliest nextTransition shown. */
export function placesHeaders(view: PlacesView, now: Date, noStore: boolean): { cacheControl: string; etag?: string } {
  if (noStore) return { cacheControl: CACHE_NO_STORE };
  const cacheControl = placesCacheControl(view.earliest === null ? [] : [view.earliest], now);
  return cacheControl === CACHE_NO_STORE ? { cacheControl } : { cacheControl, etag: view.etag };
}

/** The reply of a flat (legacy) view at `now`: the whole body, no request id inside. */
export function flatReply(view: PlacesView, now: Date, link: string): Reply {
  const iso = now.toISOString();
  return { kind: 'body', body: view.text.bytesAt(iso), bytes: view.text.bytes(iso), ...placesHeaders(view, now, false), link };
}
