/**
 * Places bodies cached while they cannot change (BEHAVIOUR §2, §9). Availability is a pure function of
 * (place, instant): places evaluated at `now` read the same at every instant before the earliest
 * nextTransition among them — all but `evaluatedAt`, which is the instant itself. A view is therefore
 * kept as text with holes for that instant and served over [now, min(earliest nextTransition, now + 60 s)),
 * and only when an evaluation at the last instant of that window agrees (as time passes, a transition
 * just beyond the 7-day horizon comes into view). The clock is injectable and may move backwards:
 * outside its window an entry is a miss, and the view is evaluated afresh.
 */
import type { EvaluatedPlace } from '../data/places.ts';
import { weakEtag } from '../http/etag.ts';
import { WindowedCache } from '../http/reply-cache.ts';
import type { AppContext } from './context.ts';
import { isoOrNull, type PlacesView } from './place-bodies.ts';

const WINDOW_MAX_MS = 60_000;

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
    if (e.state.nextTransition !== null) until = Math.min(until, e.state.nextTransition);
  }
  if (!(until > t)) return t;
  const last = evaluate(new Date(until - 1));
  return availabilityDigest(last) === availabilityDigest(candidates) ? until : t;
}

/** The ETag of a places body: (dataVersion, path, canonical query, availability state), hashed once per state. */
export function placesEtag(ctx: AppContext, shown: readonly EvaluatedPlace[], path: string, key: string): string {
  const state = availabilityDigest(shown);
  const memoKey = `${path}\n${key}\n${state}`;
  return ctx.placeEtags.get(memoKey) ?? ctx.placeEtags.set(memoKey, weakEtag(ctx.ds.dataVersion, path, key, state));
}

/** Digest of the availability state of the places in a body (part of the ETag: it changes when a place opens or closes). */
export function availabilityDigest(evaluated: readonly EvaluatedPlace[]): string {
  let s = '';
  for (const e of evaluated) s += `${e.place.id}:${e.state.availability}:${isoOrNull(e.state.nextTransition) ?? ''};`;
  return s;
}
