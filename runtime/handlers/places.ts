/**
 * GET /v1/places and /v1/places/{placeId} (SPEC §4.3–4.4, BEHAVIOUR §2, §9): availability is evaluated
 * with the injectable clock (bodies are reused while they cannot change, see places-view.ts);
 * Cache-Control follows the earliest nextTransition in the body; requests with openNow are never cached.
 */
import { matchKey } from '../domain/match-key.ts';
import type { PlaceRecord } from '../domain/types.ts';
import type { Campus, CampusData } from '../data/load.ts';
import type { EvaluatedPlace } from '../data/places.ts';
import { selectCampus, withPart } from './resolve.ts';
import { ApiError } from '../http/errors.ts';
import { filtersOf, paginate } from '../http/pagination.ts';
import { canonicalQuery, type QueryValues } from '../http/query.ts';
import { SLUG_PATTERN } from '../schemas/common.ts';
import { selectionOf } from './buildings.ts';
import type { AppContext, Handler } from './context.ts';
import { envelopeReply, envelopeView, type EnvelopeView } from './place-bodies.ts';
import type { Reply } from '../http/reply.ts';
import { placesEtag, PlacesViews } from './places-view.ts';

const PLACE_ID = new RegExp(SLUG_PATTERN);

/** Places of a campus that the filters other than openNow select, evaluated at `now` (ordered by id). */
export function evaluateCandidates(ctx: AppContext, campus: CampusData, q: QueryValues, now: Date): EvaluatedPlace[] {
  const qKey = q.q === undefined ? undefined : matchKey(q.q as string);
  const out: EvaluatedPlace[] = [];
  for (const place of campus.places) {
    if (q.kind !== undefined && place.kind !== q.kind) continue;
    if (q.building !== undefined && place.building !== q.building) continue;
    if (qKey !== undefined && !ctx.places.matchesQuery(place, qKey)) continue;
    out.push(ctx.places.evaluate(place, campus, now));
  }
  return out;
}

/** The openNow filter on evaluated places. */
function byOpenNow(candidates: EvaluatedPlace[], q: QueryValues): EvaluatedPlace[] {
  return q.openNow === undefined ? candidates : candidates.filter((e) => e.state.availability === q.openNow);
}

/** Bounds of the view caches: a list view holds up to 100 places (~70 KB at most), a single one ~1 KB. */
export const LIST_VIEWS_MAX = 128;
export const PLACE_VIEWS_MAX = 1024;

export function placesListHandler(ctx: AppContext): Handler {
  const views = new PlacesViews<EnvelopeView>(LIST_VIEWS_MAX);
  const answer = (campus: CampusData, q: QueryValues): Reply => {
    const key = canonicalQuery(q);
    const noStore = q.openNow !== undefined;
    const now = ctx.now();
    const view = views.get(key, now, (at) => evaluateCandidates(ctx, campus, q, at), (candidates) => {
      const { page, pagination } = paginate(byOpenNow(candidates, q), q);
      const etag = noStore ? undefined : placesEtag(ctx, page, '/v1/places', key);
      const extras = { generatedAt: ctx.ds.generatedAt, pagination, filters: filtersOf(q) };
      return envelopeView(ctx.placeJson, campus.info.dataVersion, extras, page, true, etag);
    });
    return envelopeReply(view, now, noStore);
  };
  return (_req, q) => {
    const campus = selectCampus(ctx.ds, selectionOf(q), 'collection');
    return withPart(campus.data, (d) => answer(d, q));
  };
}

/** A place id as sent, checked (400 when blank or off-pattern), and the campus that holds it (404 when none does). */
export function findPlaceCampus(ctx: AppContext, rawId: string | undefined, q: QueryValues): { id: string; campus: Campus } {
  const id = (rawId ?? '').trim();
  if (id === '') throw new ApiError('invalid_identifier', 'The place id is blank.');
  if (!PLACE_ID.test(id)) {
    throw new ApiError('invalid_identifier', 'A place id is lower-case letters and digits in hyphen-separated groups, e.g. davis-food-court.');
  }
  if (q.university !== undefined || q.campus !== undefined) selectCampus(ctx.ds, selectionOf(q), 'lookup');
  const campus = ctx.ds.placeCampus.get(id);
  const wrongUniversity = campus && q.university !== undefined && campus.universityId !== q.university;
  const wrongCampus = campus && q.campus !== undefined && campus.id !== q.campus;
  if (!campus || wrongUniversity || wrongCampus) throw notFound(id);
  return { id, campus };
}

const notFound = (id: string) => new ApiError('place_not_found', `No place with id '${id}'.`);

/** The place `id` among a campus's loaded records (404 if the campus file does not list it after all). */
export function placeIn(campus: CampusData, id: string): PlaceRecord {
  const place = campus.placeById.get(id);
  if (!place) throw notFound(id);
  return place;
}

/** `answer(campus records, place)` for a place by id: at once when the campus is resident, else once read. */
export function withPlace<R>(ctx: AppContext, rawId: string | undefined, q: QueryValues, answer: (campus: CampusData, place: PlaceRecord) => R): R | Promise<R> {
  const { id, campus } = findPlaceCampus(ctx, rawId, q);
  return withPart(campus.data, (d) => answer(d, placeIn(d, id)));
}

export function placeHandler(ctx: AppContext): Handler {
  const views = new PlacesViews<EnvelopeView>(PLACE_VIEWS_MAX);
  const answer = (campus: CampusData, place: PlaceRecord): Reply => {
    const now = ctx.now();
    const view = views.get(place.id, now, (at) => [ctx.places.evaluate(place, campus, at)], (shown) =>
      envelopeView(ctx.placeJson, campus.info.dataVersion, { generatedAt: ctx.ds.generatedAt }, shown, false, placesEtag(ctx, shown, `/v1/places/${place.id}`, '')));
    return envelopeReply(view, now, false);
  };
  return (req, q) => withPlace(ctx, req.params.placeId, q, answer);
}
