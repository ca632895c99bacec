/**
 * The HTTP application: one polka app (the framework the design fixes, and the one router) with one registration
 * per registry endpoint matching every method, and the per-endpoint dispatch that applies BEHAVIOUR §1 uniformly — OPTIONS 204, HEAD as GET, 405 + Allow before anything else, then the query
 * whitelist. Handlers return a Reply or throw an ApiError; reply.ts writes either.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import polka from 'polka';
import type { Dataset } from './data/load.ts';
import { ApiError } from './http/errors.ts';
import { CACHE_PREFLIGHT, writeResponse } from './http/headers.ts';
import { parseQuery, type QueryValues } from './http/query.ts';
import { searchParams, splitTarget } from './http/target.ts';
import { memoize, QUERY_STRINGS } from './http/memo.ts';
import { sendError, sendReply, type ExtraHeaders, type Reply } from './http/reply.ts';
import { requestIdOf } from './ops/request-id.ts';
import { createContext, type ApiRequest, type AppContext } from './handlers/context.ts';
import { ROUTES, type Route } from './registry/index.ts';
import { installRouteTemplates, type WithLogPath } from './ops/route-template.ts';
import { createValidators } from './schemas/requests.ts';
import { openapiDocument } from './openapi.ts';
import type { PageFiles } from './pages/load.ts';
import { EMPTY_STORE, type DatasetStore } from './datasets/store.ts';
import { decodeParams, memoizeFind, type Finder } from './http/memo-find.ts';

export interface App {
  /** Node request listener. */
  handler: (req: IncomingMessage, res: ServerResponse) => void;
  context: AppContext;
  /** The Allow header value of the endpoint a path belongs to, or undefined for an unknown path. */
  allowFor(path: string): string | undefined;
}

export interface AppOptions {
  now?: () => Date;
  /** The built /docs and /explore pages (null or absent: not built, those paths answer 404). */
  pages?: PageFiles | null;
  /** Data versions held for download (default: none). */
  datasets?: DatasetStore;
}

function legacyHeaders(successor: string): ExtraHeaders {
  return [['Deprecation', 'true'], ['Link', `<${successor}>; rel="successor-version"`]];
}

/** `search`: the request target's query part ('?…' or ''). */
type Dispatch = (req: ApiRequest & WithLogPath, res: ServerResponse, search: string) => void;

/** Query parameters belong to the GET of a path; a POST takes none (registry/types.ts). */
const NO_QUERY = {};

/** One request listener per endpoint: method dispatch, query whitelist, then the handler's Reply (or error) is written. */
function dispatch(route: Route, ctx: AppContext): Dispatch {
  const { endpoint, allow, querySpec, lenient, logPath } = route;
  const get = endpoint.get?.(ctx);
  const post = endpoint.post?.(ctx);
  const legacy = endpoint.successor !== undefined;
  const base: ExtraHeaders = legacy ? legacyHeaders(endpoint.successor!) : [];
  const withAllow: ExtraHeaders = [['Allow', allow], ...base];
  const contentType = endpoint.success.contentType;
  // Validated and normalized once per distinct query string (frozen: every request shares it); invalid ones throw each time.
  const getQuery = memoize((search): QueryValues => Object.freeze(parseQuery(searchParams(search), querySpec, lenient)), QUERY_STRINGS);
  const methodNotAllowed = (method: string) =>
    new ApiError('method_not_allowed', `Method ${method} is not allowed on ${endpoint.path}. Allowed: ${allow}.`, undefined, [['Allow', allow]]);

  return (req, res, search) => {
    req.logPath = logPath;
    const requestId = requestIdOf(req);
    const method = req.method ?? '';
    if (method === 'OPTIONS') {
      writeResponse(res, { status: 204, requestId, cacheControl: CACHE_PREFLIGHT, extra: withAllow }, null, 0, true);
      return;
    }
    const handler = method === 'GET' || method === 'HEAD' ? get : method === 'POST' ? post : undefined;
    if (!handler) {
      sendError(req, res, requestId, methodNotAllowed(method), legacy, base);
      return;
    }
    try {
      const query = method === 'POST' ? parseQuery(searchParams(search), NO_QUERY, lenient) : getQuery(search);
      const reply = handler(req, query);
      if (reply instanceof Promise) reply.then((r) => send(req, res, requestId, r), (e: unknown) => fail(req, res, requestId, e));
      else send(req, res, requestId, reply);
    } catch (e) {
      fail(req, res, requestId, e);
    }
  };

  function send(req: ApiRequest, res: ServerResponse, requestId: string, r: Reply): void {
    sendReply(req, res, requestId, r, r.link === undefined ? base : legacyHeaders(r.link), contentType);
  }
  function fail(req: ApiRequest, res: ServerResponse, requestId: string, e: unknown): void {
    sendError(req, res, requestId, e, legacy, base);
  }
}

export function createApp(ds: Dataset, opts: AppOptions = {}): App {
  const openapiJson = JSON.stringify(openapiDocument(ds));
  const ctx = createContext(ds, opts.now ?? (() => new Date()), createValidators(), openapiJson, opts.pages ?? null, opts.datasets ?? EMPTY_STORE);
  const notFound = (req: IncomingMessage, res: ServerResponse) =>
    sendError(req, res, requestIdOf(req), new ApiError('not_found', 'No such path. See /v1 and /v1/openapi.json.'), false);
  // polka is the one router: every registry endpoint is registered on it below and looked up with its `find`
  // (trouter, memoized per path: http/memo-find.ts). Its request loop is not used: `route` below splits the
  // target, percent-decodes the params and calls the matched endpoint's dispatch directly.
  const app = polka();
  const routeOf = new Map<Dispatch, Route>();
  for (const r of ROUTES) {
    const d = dispatch(r, ctx);
    routeOf.set(d, r);
    app.all(r.pattern, d as unknown as Parameters<typeof app.all>[1]);
  }
  const find = memoizeFind(app as unknown as Finder<Dispatch>); // every registration above matches all methods
  const route = (req: IncomingMessage, res: ServerResponse): void => {
    const { path, search } = splitTarget(req.url ?? '/');
    const found = find(path);
    const d = found.handlers[0];
    if (d === undefined) return notFound(req, res);
    const r = req as ApiRequest;
    r.params = path.indexOf('%', 1) === -1 ? found.params : decodeParams(found.params);
    d(r, res, search);
  };
  /** The registry entry polka's router matches for a path. */
  const routeAt = (path: string): Route | undefined => {
    const d = find(path).handlers[0];
    return d === undefined ? undefined : routeOf.get(d);
  };
  // Log path templates come from the same router (every app is built from the same registry).
  installRouteTemplates((path) => routeAt(path)?.logPath);
  const allowFor = (url: string): string | undefined => routeAt(splitTarget(url).path)?.allow;
  return { handler: route, context: ctx, allowFor };
}
