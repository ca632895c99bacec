/**
 * Deprecated compatibility aliases (SPEC §4.6): flat bodies with `service`, original shapes, same data and
 * calculations as v1. Deprecation/Link headers and flat errors are applied by the dispatcher.
 */
import { requireBuilding, selectCampus, withPart } from './resolve.ts';
import { LEGACY_OPEN } from '../http/envelope.ts';
import { ApiError, isApiError } from '../http/errors.ts';
import { weakEtag } from '../http/etag.ts';
import { CACHE_NO_STORE, CACHE_STATIC } from '../http/headers.ts';
import { canonicalQuery, type QueryValues } from '../http/query.ts';
import { bodyReply, type Reply } from '../http/reply.ts';
import { BoundedCache } from '../http/reply-cache.ts';
import { BUILDING_REPLIES_KEPT, selectionOf } from './buildings.ts';
import { computeLegacyGapPlan, computeLegacyRoute, readRequest, type GapPlanOf, type RouteOf } from './compute.ts';
import { gapPlanJson, routeJson } from './result-json.ts';
import type { AppContext, Handler } from './context.ts';
import { evaluateCandidates, LIST_VIEWS_MAX, PLACE_VIEWS_MAX, withPlace } from './places.ts';
import type { CampusData } from '../data/load.ts';
import type { LegacyBuilding, PlaceRecord } from '../domain/types.ts';
import { flatReply, legacyPlacesView, legacyPlaceView, type FlatView } from './place-bodies.ts';
import { placesEtag, PlacesViews } from './places-view.ts';

// The aliases keep their original contract, which lists no 400s for GETs: unknown query parameters
// are ignored (old clients send cache-busters; the registry marks aliases lenient), a missing or
// unknown identifier or selector is 404.

/** Prepared full building lists of the alias (one per campus, up to ~200 KB each). */
const LEGACY_LISTS_KEPT = 64;

/** The v1 successor of a collection alias, keeping a non-default campus selection. */
function successorOf(ctx: AppContext, path: string, campusId: string): string {
  return campusId === ctx.ds.catalog.defaultCampus ? path : `${path}?campus=${campusId}`;
}

/** GET /api/campus-buildings → {service, buildings} */
export function legacyBuildingsHandler(ctx: AppContext): Handler {
  const replies = new BoundedCache<Reply>(LEGACY_LISTS_KEPT);
  const answer = (campus: CampusData): Reply => {
    const list = campus.artifact.buildings.map((_, i) => ctx.legacyBuildingJson(campus, i)).join(',');
    return replies.set(campus.id, bodyReply(
      `${LEGACY_OPEN},"buildings":[${list}]}`,
      CACHE_STATIC,
      weakEtag(ctx.ds.dataVersion, '/api/campus-buildings', `campus=${campus.id}`),
      successorOf(ctx, '/v1/buildings', campus.id),
    ));
  };
  return (_req, q) => {
    const campus = selectCampus(ctx.ds, selectionOf(q), 'legacy');
    const hit = replies.get(campus.id);
    if (hit) return hit;
    return withPart(campus.data, answer);
  };
}

/** GET /api/campus-building?q= → {service, building} */
export function legacyBuildingHandler(ctx: AppContext): Handler {
  const replies = new BoundedCache<Reply>(BUILDING_REPLIES_KEPT);
  // Resolved lookups by canonical query (selection and identifier): repeated lookups skip normalization.
  const resolved = new BoundedCache<Reply>(4096);
  const answer = (campus: CampusData, q: QueryValues, lookup: string): Reply => {
    const index = requireBuilding(campus, q.q as string);
    const key = `${campus.id}/${index}`;
    let r = replies.get(key);
    if (!r) {
      const code = campus.artifact.buildings[index].code;
      r = replies.set(key, bodyReply(
        `${LEGACY_OPEN},"building":${ctx.legacyBuildingJson(campus, index)}}`,
        CACHE_STATIC,
        weakEtag(ctx.ds.dataVersion, '/api/campus-building', `campus=${campus.id}&code=${code}`),
        `/v1/buildings/${encodeURIComponent(code)}${campus.id === ctx.ds.catalog.defaultCampus ? '' : `?campus=${campus.id}`}`,
      ));
    }
    return resolved.set(lookup, r);
  };
  return (_req, q) => {
    if (q.q === undefined) throw new ApiError('building_not_found', "No building identifier given: pass ?q= with a code, name or alias.");
    const lookup = canonicalQuery(q);
    const hit = resolved.get(lookup);
    if (hit) return hit;
    const campus = selectCampus(ctx.ds, selectionOf(q), 'legacy');
    return withPart(campus.data, (d) => answer(d, q, lookup));
  };
}

const legacyRouteReply = (ctx: AppContext) => (route: RouteOf<LegacyBuilding>): Reply =>
  bodyReply(`${LEGACY_OPEN},"route":${routeJson(route, ctx.legacyRecordJson)}}`, CACHE_NO_STORE);
const legacyGapPlanReply = (ctx: AppContext) => (plan: GapPlanOf<LegacyBuilding>): Reply =>
  bodyReply(`${LEGACY_OPEN},"gapPlan":${gapPlanJson(plan, ctx.legacyRecordJson)}}`, CACHE_NO_STORE);

/** POST /api/campus-route → {service, route} */
export function legacyRouteHandler(ctx: AppContext): Handler {
  const reply = legacyRouteReply(ctx);
  return (req) => readRequest(req, ctx.validators.route).then((body) => computeLegacyRoute(ctx, body)).then(reply);
}

/** POST /api/campus-gap-plan → {service, gapPlan} */
export function legacyGapPlanHandler(ctx: AppContext): Handler {
  const reply = legacyGapPlanReply(ctx);
  return (req) => readRequest(req, ctx.validators.gap).then((body) => computeLegacyGapPlan(ctx, body)).then(reply);
}

/** GET /api/campus-places → {service, dataVersion, generatedAt, places} */
export function legacyPlacesHandler(ctx: AppContext): Handler {
  const views = new PlacesViews<FlatView>(LIST_VIEWS_MAX);
  const answer = (campus: CampusData, q: QueryValues): Reply => {
    const key = canonicalQuery(q);
    const now = ctx.now();
    const view = views.get(key, now, (at) => evaluateCandidates(ctx, campus, {}, at), (places) =>
      legacyPlacesView(ctx.placeJson, campus, ctx.ds.generatedAt, places, placesEtag(ctx, places, '/api/campus-places', key)));
    return flatReply(view, now, successorOf(ctx, '/v1/places', campus.id));
  };
  return (_req, q) => {
    const campus = selectCampus(ctx.ds, selectionOf(q), 'legacy');
    return withPart(campus.data, (d) => answer(d, q));
  };
}

/** GET /api/campus-place?id= → {service, dataVersion, place}; an id that cannot exist is simply not found. */
export function legacyPlaceHandler(ctx: AppContext): Handler {
  const views = new PlacesViews<FlatView>(PLACE_VIEWS_MAX);
  const answer = (campus: CampusData, place: PlaceRecord): Reply => {
    const now = ctx.now();
    const view = views.get(place.id, now, (at) => [ctx.places.evaluate(place, campus, at)], (shown) =>
      legacyPlaceView(ctx.placeJson, campus, shown, placesEtag(ctx, shown, '/api/campus-place', `id=${place.id}`)));
    return flatReply(view, now, `/v1/places/${place.id}`);
  };
  return (_req, q) => {
    if (q.id === undefined) throw new ApiError('place_not_found', 'No place id given: pass ?id= with a place id.');
    try {
      return withPlace(ctx, q.id as string, {}, answer);
    } catch (err) {
      if (isApiError(err) && err.code === 'invalid_identifier') throw new ApiError('place_not_found', `No place with id '${q.id}'.`);
      throw err;
    }
  };
}
