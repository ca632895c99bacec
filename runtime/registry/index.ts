/**
 * What is derived from the endpoint registry without a dataset: each endpoint's path pattern for polka's router
 * (runtime/app.ts registers them, in ROUTES order), Allow values, query whitelists and log path templates.
 */
import type { QuerySpec } from '../http/query.ts';
import { ENDPOINTS } from './endpoints.ts';
import { LEGACY_PREFIX, type Endpoint } from './types.ts';

export { ENDPOINTS };
export type { Endpoint };

/** An endpoint with the facts derived from its declaration. */
export interface Route {
  endpoint: Endpoint;
  /**
   * The path for polka's router: exact and case-sensitive, an optional trailing slash, each `{name}` one non-empty
   * raw segment captured as a named group (polka percent-decodes params after matching, so `%2F` never splits).
   */
  pattern: RegExp;
  /** Allow header value. */
  allow: string;
  /** Path template for logs and metrics: `{name}` → `:name`. */
  logPath: string;
  /** Query whitelist for http/query.ts. */
  querySpec: QuerySpec;
  /** Deprecated alias: unknown query parameters ignored, repeated ones take their first value. */
  lenient: boolean;
}

/** The parameter names of a template, in order (`/a/{x}/b/{y}` → ['x', 'y']). */
export function templateParams(template: string): string[] {
  return template.split('/').filter((s) => s.startsWith('{')).map((s) => s.slice(1, -1));
}

const PARAM = /^\{([A-Za-z_]\w*)\}$/;

const segments = (path: string): string[] => path.slice(1).split('/');

/** `/v1/buildings/{building}` → /^\/v1\/buildings\/(?<building>[^/]+)\/?$/ (regexparam's patterns ignore case). */
function patternOf(path: string): RegExp {
  if (!path.startsWith('/')) throw new Error(`path template must start with '/': ${path}`);
  const body = segments(path).map((seg) => {
    const name = PARAM.exec(seg)?.[1];
    if (name !== undefined) return `/(?<${name}>[^/]+)`;
    if (seg.includes('{') || seg.includes('}')) throw new Error(`unsupported path template ${path}: a parameter is a whole segment`);
    return '/' + seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  });
  return new RegExp(`^${body.join('')}/?$`);
}

/**
 * polka runs the first registered route that matches; a static segment wins over a parameter at the first
 * segment where two templates differ (`/v1/datasets/latest` before `/v1/datasets/{dataVersion}`). Lexicographic
 * on the segment kinds (static 0, parameter 1), so a total order; templates that can match the same path have
 * as many segments.
 */
function specificity(a: Route, b: Route): number {
  const x = segments(a.endpoint.path).map((s) => Number(s.startsWith('{')));
  const y = segments(b.endpoint.path).map((s) => Number(s.startsWith('{')));
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
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
    pattern: patternOf(e.path),
    allow: allowOf(e),
    logPath: e.path.replace(/\{([^}]+)\}/g, ':$1'),
    querySpec: Object.fromEntries((e.query ?? []).map((p) => [p.name, p.rule])),
    lenient: e.successor !== undefined,
  };
}

/** In registration order for polka's router (see specificity). */
export const ROUTES: readonly Route[] = ENDPOINTS.map(routeOf).sort(specificity);
const paths = ROUTES.map((r) => r.endpoint.path);
for (const p of paths) if (paths.indexOf(p) !== paths.lastIndexOf(p)) throw new Error(`duplicate path ${p}`);
