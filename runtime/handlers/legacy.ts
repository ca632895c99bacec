/**
 * Deprecated compatibility aliases (SPEC §4.6): flat bodies with `service`, original shapes, same data and
 * calculations as v1. Deprecation/Link headers and flat errors are applied by the dispatcher.
 */
import { requireBuilding } from '../data/buildings.ts';
import { selectCampus } from '../data/select.ts';
import { LEGACY_SERVICE } from '../http/envelope.ts';
import { ApiError, isApiError } from '../http/errors.ts';
import { weakEtag } from '../http/etag.ts';
import { CACHE_NO_STORE, CACHE_STATIC } from '../http/headers.ts';
import { canonicalQuery, parseQuery, type QuerySpec, type RawQuery } from '../http/query.ts';
import { bodyReply, type Reply } from '../http/reply.ts';
import { BUILDING_QUERY, selectionOf } from './buildings.ts';
import { computeGapPlan, computeRoute, readRequest } from './compute.ts';
import type { AppContext, Handler } from './context.ts';
import { evaluatePlaces, findPlace, placesCaching } from './places.ts';

const SERVICE = `{"service":${JSON.stringify(LEGACY_SERVICE)}`;
// The aliases keep their original contract, which lists no 400s for GETs: unknown query parameters
// are ignored (old clients send cache-busters), a missing or unknown identifier or selector is 404.
const SELECT: QuerySpec = BUILDING_QUERY;
const BUILDING_LOOKUP: QuerySpec = { q: { type: 'text', max: Number.MAX_SAFE_INTEGER }, ...SELECT };
const PLACE_LOOKUP: QuerySpec = { id: { type: 'text', max: Number.MAX_SAFE_INTEGER } };
const legacyQuery = (req: { query?: RawQuery }, spec: QuerySpec) => parseQuery(req.query, spec, true);

/** The v1 successor of a collection alias, keeping a non-default campus selection. */
function successorOf(ctx: AppContext, path: string, campusId: string): string {
  return campusId === ctx.ds.catalog.defaultCampus ? path : `${path}?campus=${campusId}`;
}

/** GET /api/campus-buildings → {service, buildings} */
export function legacyBuildingsHandler(ctx: AppContext): Handler {
  const replies = new Map<string, Reply>();
  return (req) => {
    const q = legacyQuery(req, SELECT);
    const campus = selectCampus(ctx.ds, selectionOf(q), 'legacy');
    let r = replies.get(campus.id);
    if (!r) {
      const list = campus.artifact.buildings.map((_, i) => ctx.buildingJson(campus, i)).join(',');
      r = bodyReply(
        `${SERVICE},"buildings":[${list}]}`,
        CACHE_STATIC,
        weakEtag(ctx.ds.dataVersion, '/api/campus-buildings', `campus=${campus.id}`),
        successorOf(ctx, '/v1/buildings', campus.id),
      );
      replies.set(campus.id, r);
    }
    return r;
  };
}

/** GET /api/campus-building?q= → {service, building} */
export function legacyBuildingHandler(ctx: AppContext): Handler {
  const replies = new Map<string, Reply>();
  return (req) => {
    const q = legacyQuery(req, BUILDING_LOOKUP);
    if (q.q === undefined) throw new ApiError('building_not_found', "No building identifier given: pass ?q= with a code, name or alias.");
    const campus = selectCampus(ctx.ds, selectionOf(q), 'legacy');
    const index = requireBuilding(campus, q.q as string);
    const key = `${campus.id}/${index}`;
    let r = replies.get(key);
    if (!r) {
      const code = campus.artifact.buildings[index].code;
      r = bodyReply(
        `${SERVICE},"building":${ctx.buildingJson(campus, index)}}`,
        CACHE_STATIC,
        weakEtag(ctx.ds.dataVersion, '/api/campus-building', `campus=${campus.id}&code=${code}`),
        `/v1/buildings/${encodeURIComponent(code)}${campus.id === ctx.ds.catalog.defaultCampus ? '' : `?campus=${campus.id}`}`,
      );
      replies.set(key, r);
    }
    return r;
  };
}

/** POST /api/campus-route → {service, route} */
export function legacyRouteHandler(ctx: AppContext): Handler {
  return async (req) => {
    const route = computeRoute(ctx, await readRequest(req, ctx.validators.route));
    return bodyReply(`${SERVICE},"route":${JSON.stringify(route)}}`, CACHE_NO_STORE);
  };
}

/** POST /api/campus-gap-plan → {service, gapPlan} */
export function legacyGapPlanHandler(ctx: AppContext): Handler {
  return async (req) => {
    const plan = computeGapPlan(ctx, await readRequest(req, ctx.validators.gap));
    return bodyReply(`${SERVICE},"gapPlan":${JSON.stringify(plan)}}`, CACHE_NO_STORE);
  };
}

/** GET /api/campus-places → {service, dataVersion, generatedAt, places} */
export function legacyPlacesHandler(ctx: AppContext): Handler {
  return (req) => {
    const q = legacyQuery(req, SELECT);
    const campus = selectCampus(ctx.ds, selectionOf(q), 'legacy');
    const now = ctx.now();
    const places = evaluatePlaces(ctx, campus, {}, now);
    const body =
      `${SERVICE},"dataVersion":${JSON.stringify(campus.info.dataVersion)},"generatedAt":${JSON.stringify(ctx.ds.generatedAt)},` +
      `"places":[${places.map((e) => ctx.places.serialize(e)).join(',')}]}`;
    const caching = placesCaching(ctx, places, now, '/api/campus-places', canonicalQuery(q), false);
    return bodyReply(body, caching.cacheControl, caching.etag, successorOf(ctx, '/v1/places', campus.id));
  };
}

/** GET /api/campus-place?id= → {service, dataVersion, place}; an id that cannot exist is simply not found. */
export function legacyPlaceHandler(ctx: AppContext): Handler {
  return (req) => {
    const q = legacyQuery(req, PLACE_LOOKUP);
    if (q.id === undefined) throw new ApiError('place_not_found', 'No place id given: pass ?id= with a place id.');
    const now = ctx.now();
    let e;
    try {
      e = findPlace(ctx, q.id as string, {}, now);
    } catch (err) {
      if (isApiError(err) && err.code === 'invalid_identifier') throw new ApiError('place_not_found', `No place with id '${q.id}'.`);
      throw err;
    }
    const body = `${SERVICE},"dataVersion":${JSON.stringify(e.campus.info.dataVersion)},"place":${ctx.places.serialize(e)}}`;
    const caching = placesCaching(ctx, [e], now, '/api/campus-place', `id=${e.place.id}`, false);
    return bodyReply(body, caching.cacheControl, caching.etag, `/v1/places/${e.place.id}`);
  };
}
