/**
 * The HTTP application: the route table (v1 + deprecated aliases) on polka, and the per-path dispatch
 * that applies BEHAVIOUR §1 uniformly — OPTIONS 204, HEAD as GET, 405 + Allow before anything else.
 * Handlers return a Reply or throw an ApiError; reply.ts writes either.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import polka from 'polka';
import type { Dataset } from './data/load.ts';
import { ApiError } from './http/errors.ts';
import { CACHE_PREFLIGHT, writeResponse } from './http/headers.ts';
import { sendError, sendReply, type ExtraHeaders } from './http/reply.ts';
import { requestIdOf } from './ops/request-id.ts';
import { createContext, type ApiRequest, type AppContext, type Handler } from './handlers/context.ts';
import { PathRouter } from './http/router.ts';
import { campusesHandler, campusHandler, openapiHandler, rootHandler, universitiesHandler, universityHandler } from './handlers/catalog.ts';
import { buildingHandler, buildingsListHandler } from './handlers/buildings.ts';
import { placeHandler, placesListHandler } from './handlers/places.ts';
import { gapPlanHandler, routeHandler } from './handlers/calculations.ts';
import {
  legacyBuildingHandler, legacyBuildingsHandler, legacyGapPlanHandler, legacyPlaceHandler, legacyPlacesHandler, legacyRouteHandler,
} from './handlers/legacy.ts';
import { createAjv } from './schemas/validator.ts';
import { createValidators } from './schemas/requests.ts';
import { COMPONENTS } from './schemas/index.ts';
import { openapiDocument } from './openapi.ts';

export interface RouteDef {
  /** Path template as documented (OpenAPI style). */
  path: string;
  get?: Handler;
  post?: Handler;
  /** Deprecated alias: its successor v1 path (Deprecation + Link headers, flat error bodies). */
  successor?: string;
}

export interface App {
  /** Node request listener. */
  handler: (req: IncomingMessage, res: ServerResponse) => void;
  routes: RouteDef[];
  context: AppContext;
  /** The Allow header value of the route a path belongs to, or undefined for an unknown path. */
  allowFor(path: string): string | undefined;
}

export interface AppOptions {
  now?: () => Date;
}

export function legacyHeaders(successor: string): ExtraHeaders {
  return [['Deprecation', 'true'], ['Link', `<${successor}>; rel="successor-version"`]];
}

function allowOf(route: RouteDef): string {
  return route.get ? 'GET, HEAD, OPTIONS' : 'POST, OPTIONS';
}

/** One request listener per path: method dispatch, then the handler's Reply (or error) is written. */
function dispatch(route: RouteDef) {
  const allow = allowOf(route);
  const legacy = route.successor !== undefined;
  const base: ExtraHeaders = legacy ? legacyHeaders(route.successor!) : [];
  const withAllow: ExtraHeaders = [['Allow', allow], ...base];
  const methodNotAllowed = (method: string) =>
    new ApiError('method_not_allowed', `Method ${method} is not allowed on ${route.path}. Allowed: ${allow}.`, undefined, [['Allow', allow]]);

  return (req: ApiRequest, res: ServerResponse): void => {
    const requestId = requestIdOf(req);
    const method = req.method ?? '';
    if (method === 'OPTIONS') {
      writeResponse(res, { status: 204, requestId, cacheControl: CACHE_PREFLIGHT, extra: withAllow }, null, 0, true);
      return;
    }
    const handler = method === 'GET' || method === 'HEAD' ? route.get : method === 'POST' ? route.post : undefined;
    if (!handler) {
      sendError(req, res, requestId, methodNotAllowed(method), legacy, base);
      return;
    }
    const fail = (e: unknown) => sendError(req, res, requestId, e, legacy, base);
    try {
      const reply = handler(req);
      const send = (r: Awaited<typeof reply>) =>
        sendReply(req, res, requestId, r, r.link === undefined ? base : legacyHeaders(r.link));
      if (reply instanceof Promise) reply.then(send, fail);
      else send(reply);
    } catch (e) {
      fail(e);
    }
  };
}

export function routeTable(ctx: AppContext, openapiJson: string): RouteDef[] {
  const r = (path: string, handlers: Omit<RouteDef, 'path'>): RouteDef => ({ path, ...handlers });
  return [
    r('/v1', { get: rootHandler(ctx) }),
    r('/v1/openapi.json', { get: openapiHandler(ctx, openapiJson) }),
    r('/v1/universities', { get: universitiesHandler(ctx) }),
    r('/v1/universities/{university}', { get: universityHandler(ctx) }),
    r('/v1/campuses', { get: campusesHandler(ctx) }),
    r('/v1/campuses/{campus}', { get: campusHandler(ctx) }),
    r('/v1/buildings', { get: buildingsListHandler(ctx) }),
    r('/v1/buildings/{building}', { get: buildingHandler(ctx) }),
    r('/v1/places', { get: placesListHandler(ctx) }),
    r('/v1/places/{placeId}', { get: placeHandler(ctx) }),
    r('/v1/routes', { post: routeHandler(ctx) }),
    r('/v1/gaps/plan', { post: gapPlanHandler(ctx) }),
    r('/api/campus-buildings', { get: legacyBuildingsHandler(ctx), successor: '/v1/buildings' }),
    r('/api/campus-building', { get: legacyBuildingHandler(ctx), successor: '/v1/buildings' }),
    r('/api/campus-route', { post: legacyRouteHandler(ctx), successor: '/v1/routes' }),
    r('/api/campus-gap-plan', { post: legacyGapPlanHandler(ctx), successor: '/v1/gaps/plan' }),
    r('/api/campus-places', { get: legacyPlacesHandler(ctx), successor: '/v1/places' }),
    r('/api/campus-place', { get: legacyPlaceHandler(ctx), successor: '/v1/places' }),
  ];
}

export function createApp(ds: Dataset, opts: AppOptions = {}): App {
  const ajv = createAjv(COMPONENTS);
  const ctx = createContext(ds, opts.now ?? (() => new Date()), createValidators(ajv));
  const openapiJson = JSON.stringify(openapiDocument(ds));
  const routes = routeTable(ctx, openapiJson);

  const notFound = (req: IncomingMessage, res: ServerResponse) =>
    sendError(req, res, requestIdOf(req), new ApiError('not_found', 'No such path. See /v1 and /v1/openapi.json.'), false);
  const router = new PathRouter<ReturnType<typeof dispatch>>();
  const defs = new PathRouter<RouteDef>();
  for (const route of routes) {
    router.add(route.path, dispatch(route));
    defs.add(route.path, route);
  }
  const allowFor = (path: string) => {
    const m = defs.match(path.split('?', 1)[0]!);
    return m === undefined ? undefined : allowOf(m.route);
  };
  // polka parses the URL (req.path, req.query); one middleware matches the path with PathRouter.
  const app = polka<ApiRequest>({
    // Targets polka's own matcher rejects (e.g. `GET *`) must be 404, not polka's default {status:404} → 500.
    onNoMatch: notFound,
    onError: (err: unknown, req: IncomingMessage, res: ServerResponse) => sendError(req, res, requestIdOf(req), err, false),
  });
  app.use((req, res) => {
    const m = router.match(req.path);
    if (m === undefined) return notFound(req, res);
    req.params = m.params;
    m.route(req, res);
  });
  return { handler: app.handler as unknown as App['handler'], routes, context: ctx, allowFor };
}
