/**
 * What is derived from the endpoint registry without a dataset: the one router (path → endpoint),
 * Allow values, query whitelists and log path templates.
 */
import { PathRouter, templateParams, type Match } from '../http/router.ts';
import type { QuerySpec } from '../http/query.ts';
import { installRouteTemplates, routeTemplate } from '../ops/route-template.ts';
import { ENDPOINTS } from './endpoints.ts';
import { LEGACY_PREFIX, type Endpoint } from './types.ts';

export { ENDPOINTS };
export type { Endpoint };

/** An endpoint with the facts derived from its declaration. */
export interface Route {
  endpoint: Endpoint;
  /** Allow header value. */
  allow: string;
  /** Path template for logs and metrics: `{name}` → `:name`. */
  logPath: string;
  /** Query whitelist for http/query.ts. */
  querySpec: QuerySpec;
  /** Deprecated alias: unknown query parameters ignored, repeated ones take their first value. */
  lenient: boolean;
}

export function allowOf(e: Endpoint): string {
  return [...(e.get ? ['GET', 'HEAD'] : []), ...(e.post ? ['POST'] : []), 'OPTIONS'].join(', ');
}

function check(e: Endpoint): void {
  const legacy = e.successor !== undefined;
  if (legacy !== e.path.startsWith(LEGACY_PREFIX)) throw new Error(`${e.path}: only deprecated aliases live under ${LEGACY_PREFIX}`);
  if (!e.get && !e.post) throw new Error(`${e.path}: no method`);
  const declared = Object.keys(e.pathParams ?? {}).sort().join();
  if (templateParams(e.path).sort().join() !== declared) throw new Error(`${e.path}: pathParams must describe each {parameter} of the path`);
  const names = (e.query ?? []).map((p) => p.name);
  if (new Set(names).size !== names.length) throw new Error(`${e.path}: repeated query parameter`);
}

function routeOf(e: Endpoint): Route {
  check(e);
  return {
    endpoint: e,
    allow: allowOf(e),
    logPath: e.path.replace(/\{([^}]+)\}/g, ':$1'),
    querySpec: Object.fromEntries((e.query ?? []).map((p) => [p.name, p.rule])),
    lenient: e.successor !== undefined,
  };
}

export const ROUTES: readonly Route[] = ENDPOINTS.map(routeOf);

/** The one router, built once from the registry. */
export const ROUTER = new PathRouter<Route>();
for (const r of ROUTES) ROUTER.add(r.endpoint.path, r);

export function matchPath(path: string): Match<Route> | undefined {
  return ROUTER.match(path);
}

// Log path templates (ops/route-template.ts) come from the matched entry.
installRouteTemplates((path) => ROUTER.match(path)?.route.logPath);
export { routeTemplate };

function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/** The Allow value of the endpoint a request target belongs to, or undefined for an unknown path. */
export function allowFor(url: string): string | undefined {
  return ROUTER.match(pathOf(url))?.route.allow;
}
