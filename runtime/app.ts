/**
 * The HTTP application: the registry's router behind one request listener, and the per-endpoint dispatch that applies
 * BEHAVIOUR §1 uniformly — OPTIONS 204, HEAD as GET, 405 + Allow before anything else, then the query
 * whitelist. Handlers return a Reply or throw an ApiError; reply.ts writes either.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQueryString } from 'node:querystring';
import type { Dataset } from './data/load.ts';
import { ApiError } from './http/errors.ts';
import { CACHE_PREFLIGHT, writeResponse } from './http/headers.ts';
import { parseQuery } from './http/query.ts';
import { sendError, sendReply, type ExtraHeaders } from './http/reply.ts';
import { requestIdOf } from './ops/request-id.ts';
import { createContext, type ApiRequest, type AppContext } from './handlers/context.ts';
import { allowFor, matchPath, ROUTES, type Route } from './registry/index.ts';
import { createAjv } from './schemas/validator.ts';
import { createValidators } from './schemas/requests.ts';
import { COMPONENTS } from './schemas/index.ts';
import { openapiDocument } from './openapi.ts';
import type { PageFiles } from './pages/load.ts';
import { EMPTY_STORE, type DatasetStore } from './datasets/store.ts';

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

type Dispatch = (req: ApiRequest, res: ServerResponse) => void;

/** Query parameters belong to the GET of a path; a POST takes none (registry/types.ts). */
const NO_QUERY = {};

/** One request listener per endpoint: method dispatch, query whitelist, then the handler's Reply (or error) is written. */
function dispatch(route: Route, ctx: AppContext): Dispatch {
  const { endpoint, allow, querySpec, lenient } = route;
  const get = endpoint.get?.(ctx);
  const post = endpoint.post?.(ctx);
  const legacy = endpoint.successor !== undefined;
  const base: ExtraHeaders = legacy ? legacyHeaders(endpoint.successor!) : [];
  const withAllow: ExtraHeaders = [['Allow', allow], ...base];
  const contentType = endpoint.success.contentType;
  const methodNotAllowed = (method: string) =>
    new ApiError('method_not_allowed', `Method ${method} is not allowed on ${endpoint.path}. Allowed: ${allow}.`, undefined, [['Allow', allow]]);

  return (req, res) => {
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
    const fail = (e: unknown) => sendError(req, res, requestId, e, legacy, base);
    try {
      const reply = handler(req, parseQuery(req.query, method === 'POST' ? NO_QUERY : querySpec, lenient));
      const send = (r: Awaited<typeof reply>) =>
        sendReply(req, res, requestId, r, r.link === undefined ? base : legacyHeaders(r.link), contentType);
      if (reply instanceof Promise) reply.then(send, fail);
      else send(reply);
    } catch (e) {
      fail(e);
    }
  };
}

export function createApp(ds: Dataset, opts: AppOptions = {}): App {
  const ajv = createAjv(COMPONENTS, false); // the schemas are checked against the meta-schema by the tests
  const openapiJson = JSON.stringify(openapiDocument(ds));
  const ctx = createContext(ds, opts.now ?? (() => new Date()), createValidators(ajv), openapiJson, opts.pages ?? null, opts.datasets ?? EMPTY_STORE);
  const dispatchers = new Map<Route, Dispatch>(ROUTES.map((r) => [r, dispatch(r, ctx)]));

  const notFound = (req: IncomingMessage, res: ServerResponse) =>
    sendError(req, res, requestIdOf(req), new ApiError('not_found', 'No such path. See /v1 and /v1/openapi.json.'), false);
  // The target is split here (what polka did per request, without its router pass, async middleware loop and
  // promise per request): path, query (node:querystring, as before), fragment dropped.
  const handler = (req: ApiRequest, res: ServerResponse): void => {
    const raw = req.url ?? '/';
    const hash = raw.indexOf('#', 1);
    const target = hash === -1 ? raw : raw.slice(0, hash);
    const q = target.indexOf('?', 1);
    const path = q === -1 ? target : target.slice(0, q);
    req.url = target;
    req.path = path;
    req.query = q === -1 || q === target.length - 1 ? {} : (parseQueryString(target.slice(q + 1)) as ApiRequest['query']);
    try {
      const m = matchPath(path);
      if (m === undefined) return notFound(req, res);
      req.params = m.params;
      dispatchers.get(m.route)!(req, res);
    } catch (err) {
      sendError(req, res, requestIdOf(req), err, false);
    }
  };
  return { handler: handler as unknown as App['handler'], context: ctx, allowFor };
}
