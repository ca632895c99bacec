/**
 * GET /v1/places and /v1/places/{placeId} (SPEC §4.3–4.4, BEHAVIOUR §2, §9): availability is evaluated
 * per request with the injectable clock; Cache-Control follows the earliest nextTransition in the body;
 * requests with openNow are never cached.
 */
import { placesCacheControl } from '../domain/availability.ts';
import { matchKey } from '../domain/match-key.ts';
import type { CampusData } from '../data/load.ts';
import { availabilityDigest, type EvaluatedPlace } from '../data/places.ts';
import { selectCampus } from '../data/select.ts';
import { successTemplate } from '../http/envelope.ts';
import { ApiError } from '../http/errors.ts';
import { weakEtag } from '../http/etag.ts';
import { CACHE_NO_STORE } from '../http/headers.ts';
import { filtersOf, paginate } from '../http/pagination.ts';
import { canonicalQuery, parseQuery, Q_MAX, type QuerySpec, type QueryValues } from '../http/query.ts';
import { PLACE_KINDS, AVAILABILITIES } from '../schemas/place.ts';
import { SLUG_PATTERN } from '../schemas/common.ts';
import { selectionOf } from './buildings.ts';
import type { AppContext, Handler } from './context.ts';

export const PLACES_QUERY: QuerySpec = {
  university: { type: 'id' },
  campus: { type: 'id' },
  q: { type: 'text', max: Q_MAX },
  kind: { type: 'enum', values: PLACE_KINDS },
  building: { type: 'code' },
  openNow: { type: 'enum', values: AVAILABILITIES },
  limit: { type: 'limit' },
  offset: { type: 'offset' },
};
const PLACE_QUERY: QuerySpec = { university: { type: 'id' }, campus: { type: 'id' } };
const PLACE_ID = new RegExp(SLUG_PATTERN);

/** Places of a campus after the filters, evaluated at `now` (ordered by id). */
export function evaluatePlaces(ctx: AppContext, campus: CampusData, q: QueryValues, now: Date): EvaluatedPlace[] {
  const qKey = q.q === undefined ? undefined : matchKey(q.q as string);
  const out: EvaluatedPlace[] = [];
  for (const place of campus.places) {
    if (q.kind !== undefined && place.kind !== q.kind) continue;
    if (q.building !== undefined && place.building !== q.building) continue;
    if (qKey !== undefined && !ctx.places.matchesQuery(place, qKey)) continue;
    const e = ctx.places.evaluate(place, campus, now);
    if (q.openNow !== undefined && e.state.availability !== q.openNow) continue;
    out.push(e);
  }
  return out;
}

/** Cache-Control and ETag of a places body (BEHAVIOUR §2). */
export function placesCaching(
  ctx: AppContext, evaluated: readonly EvaluatedPlace[], now: Date, path: string, key: string, noStore: boolean,
): { cacheControl: string; etag?: string } {
  if (noStore) return { cacheControl: CACHE_NO_STORE };
  const cacheControl = placesCacheControl(evaluated.map((e) => e.state.nextTransition), now);
  if (cacheControl === CACHE_NO_STORE) return { cacheControl };
  const state = availabilityDigest(evaluated);
  const memoKey = `${path}\n${key}\n${state}`;
  const etag = ctx.placeEtags.get(memoKey) ?? ctx.placeEtags.set(memoKey, weakEtag(ctx.ds.dataVersion, path, key, state));
  return { cacheControl, etag };
}

export function placesListHandler(ctx: AppContext): Handler {
  return (req) => {
    const q = parseQuery(req.query, PLACES_QUERY);
    const campus = selectCampus(ctx.ds, selectionOf(q), 'collection');
    const now = ctx.now();
    const { page, pagination } = paginate(evaluatePlaces(ctx, campus, q, now), q);
    const data = `[${page.map((e) => ctx.places.serialize(e)).join(',')}]`;
    return {
      kind: 'template',
      template: successTemplate(data, campus.info.dataVersion, { generatedAt: ctx.ds.generatedAt, pagination, filters: filtersOf(q) }),
      ...placesCaching(ctx, page, now, '/v1/places', canonicalQuery(q), q.openNow !== undefined),
    };
  };
}

/** Finds a place by id, honouring optional university/campus selectors (404 when it is not there). */
export function findPlace(ctx: AppContext, rawId: string | undefined, q: QueryValues, now: Date): EvaluatedPlace {
  const id = (rawId ?? '').trim();
  if (id === '') throw new ApiError('invalid_identifier', 'The place id is blank.');
  if (!PLACE_ID.test(id)) {
    throw new ApiError('invalid_identifier', 'A place id is lower-case letters and digits in hyphen-separated groups, e.g. davis-food-court.');
  }
  if (q.university !== undefined || q.campus !== undefined) selectCampus(ctx.ds, selectionOf(q), 'lookup');
  const hit = ctx.ds.placeById.get(id);
  const wrongUniversity = hit && q.university !== undefined && hit.place.university !== q.university;
  const wrongCampus = hit && q.campus !== undefined && hit.place.campus !== q.campus;
  if (!hit || wrongUniversity || wrongCampus) throw new ApiError('place_not_found', `No place with id '${id}'.`);
  return ctx.places.evaluate(hit.place, hit.campus, now);
}

export function placeHandler(ctx: AppContext): Handler {
  return (req) => {
    const q = parseQuery(req.query, PLACE_QUERY);
    const now = ctx.now();
    const e = findPlace(ctx, req.params.placeId, q, now);
    return {
      kind: 'template',
      template: successTemplate(ctx.places.serialize(e), e.campus.info.dataVersion, { generatedAt: ctx.ds.generatedAt }),
      ...placesCaching(ctx, [e], now, `/v1/places/${e.place.id}`, '', false),
    };
  };
}
