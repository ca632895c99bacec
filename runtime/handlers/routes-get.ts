/**
 * GET /v1/routes — the cacheable form of POST /v1/routes: the same `data` for the same inputs, given as
 * query parameters (BEHAVIOUR §5 rules: unknown/repeated/out-of-range → invalid_query; an identifier that
 * resolves to nothing → 404, to several → 409). A route is deterministic per data version, so the reply
 * carries the static-GET Cache-Control and a weak ETag from (dataVersion, path, canonical resolved query):
 * `from=DV` and `from=Davis Building` are the same resource.
 */
import type { RouteMode } from '../domain/types.ts';
import { framed, successFrame } from '../http/envelope.ts';
import { invalidQuery } from '../http/errors.ts';
import { weakEtag } from '../http/etag.ts';
import { CACHE_STATIC } from '../http/headers.ts';
import { canonicalQuery, type QueryValues } from '../http/query.ts';
import type { Reply } from '../http/reply.ts';
import { BoundedCache } from '../http/reply-cache.ts';
import type { AppContext, Handler } from './context.ts';
import { routeJson } from './result-json.ts';
import { routeResult, withRouteInputs, type RouteInputs } from './compute.ts';
import { withPart } from './resolve.ts';

function required(q: QueryValues, name: 'from' | 'to'): string {
  const v = q[name];
  if (typeof v !== 'string') throw invalidQuery(`Query parameter '${name}' is required (a building code, exact name or alias).`, { parameter: name });
  return v;
}

/** The reply for query values validated by the registry's rules (registry/endpoints.ts). */
export function routeQueryReplier(ctx: AppContext): (q: QueryValues) => Reply | Promise<Reply> {
  const { ds } = ctx;
  const frame = successFrame(ds.dataVersion, { generatedAt: ds.generatedAt });
  // Replies by resolved inputs (campus, building indexes, applied preferences), and lookups as sent.
  const replies = new BoundedCache<Reply>(2048);
  const resolved = new BoundedCache<Reply>(4096);
  const answer = (r: RouteInputs, q: QueryValues): Reply | Promise<Reply> => {
    const geometry = q.geometry === 'true';
    const { buildings } = r.campus.artifact;
    const key = canonicalQuery({
      campus: r.campus.id,
      from: buildings[r.from].code,
      to: buildings[r.to].code,
      mode: r.preferences.mode,
      walkingSpeedMps: r.preferences.walkingSpeedMps,
      transitionBufferMinutes: r.preferences.transitionBufferMinutes,
      ...(geometry ? { geometry: 'true' } : {}),
    });
    const asSent = canonicalQuery(q);
    const hit = replies.get(key);
    if (hit) return resolved.set(asSent, hit);
    return withPart(r.handle.routes, (routes) => resolved.set(asSent, replies.set(key, {
      kind: 'template',
      template: framed(frame, routeJson(routeResult(ctx, routes, r, geometry), ctx.recordJson)).encode(),
      cacheControl: CACHE_STATIC,
      etag: weakEtag(ds.dataVersion, '/v1/routes', key),
    })));
  };
  return (q) => {
    const hit = resolved.get(canonicalQuery(q));
    if (hit) return hit;
    const fromId = required(q, 'from');
    const toId = required(q, 'to');
    const preferences = {
      mode: q.mode as RouteMode | undefined,
      walkingSpeedMps: q.walkingSpeedMps as number | undefined,
      transitionBufferMinutes: q.transitionBufferMinutes as number | undefined,
    };
    return withRouteInputs(ctx, q, fromId, toId, preferences, 'lookup', (r) => answer(r, q));
  };
}

export function routesGetHandler(ctx: AppContext): Handler {
  const reply = routeQueryReplier(ctx);
  return (_req, q) => reply(q);
}
