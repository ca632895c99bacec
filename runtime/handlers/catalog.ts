/** GET /v1, /v1/universities[/{id}], /v1/campuses[/{id}], /v1/openapi.json — prepared from the catalog, once. */
import { campusRecord, rootRecord, universityRecord } from '../data/records.ts';
import { findCampus, findUniversity } from '../data/select.ts';
import { successTemplate } from '../http/envelope.ts';
import { ApiError, invalidQuery } from '../http/errors.ts';
import { weakEtag } from '../http/etag.ts';
import { CACHE_STATIC } from '../http/headers.ts';
import { filtersOf, paginate } from '../http/pagination.ts';
import { canonicalQuery, type QueryValues } from '../http/query.ts';
import { bodyReply, type Reply } from '../http/reply.ts';
import { BoundedCache } from '../http/reply-cache.ts';
import type { AppContext, Handler } from './context.ts';

/** A static resource: prepared bytes (the registry declares no query parameters for it). */
const fixed = (reply: Reply): Handler => () => reply;

function prepared(ctx: AppContext, path: string, data: unknown): Reply {
  const { ds } = ctx;
  return {
    kind: 'template',
    template: successTemplate(JSON.stringify(data), ds.dataVersion, { generatedAt: ds.generatedAt }).encode(),
    cacheControl: CACHE_STATIC,
    etag: weakEtag(ds.dataVersion, path, ''),
  };
}

export function rootHandler(ctx: AppContext): Handler {
  return fixed(prepared(ctx, '/v1', rootRecord(ctx.ds)));
}

/** The document changes with the code as well as the data: its ETag covers its bytes. */
export function openapiHandler(ctx: AppContext): Handler {
  return fixed(bodyReply(ctx.openapiJson, CACHE_STATIC, weakEtag(ctx.ds.dataVersion, '/v1/openapi.json', '', ctx.openapiJson)));
}

/** A paginated list of prepared records, pages cached by canonical query. */
function list<T>(ctx: AppContext, path: string, items: (q: QueryValues) => T[]): Handler {
  const cache = new BoundedCache<Reply>(64);
  const { ds } = ctx;
  return (_req, q) => {
    const key = canonicalQuery(q);
    const hit = cache.get(key);
    if (hit) return hit;
    const { page, pagination } = paginate(items(q), q);
    return cache.set(key, {
      kind: 'template',
      template: successTemplate(`[${page.map((x) => JSON.stringify(x)).join(',')}]`, ds.dataVersion, {
        generatedAt: ds.generatedAt, pagination, filters: filtersOf(q),
      }).encode(),
      cacheControl: CACHE_STATIC,
      etag: weakEtag(ds.dataVersion, path, key),
    });
  };
}

export function universitiesHandler(ctx: AppContext): Handler {
  const all = ctx.ds.catalog.universities.map((u) => universityRecord(ctx.ds, u));
  return list(ctx, '/v1/universities', () => all);
}

export function campusesHandler(ctx: AppContext): Handler {
  const all = ctx.ds.catalog.campuses.map((c) => campusRecord(ctx.ds, c));
  return list(ctx, '/v1/campuses', (q) => {
    if (q.university === undefined) return all;
    const u = findUniversity(ctx.ds, q.university as string);
    if (!u) throw invalidQuery(`Unknown university '${q.university}'.`, { parameter: 'university' });
    return all.filter((c) => c.university === u.id);
  });
}

/** One university or campus by id (case-insensitive): a reply prepared once; blank → 400, unknown → 404. */
function byIdHandler<T extends { id: string }>(
  ctx: AppContext,
  kind: 'university' | 'campus',
  items: readonly T[],
  record: (item: T) => unknown,
  find: (id: string) => { id: string } | undefined,
): Handler {
  const collection = kind === 'university' ? 'universities' : 'campuses';
  const byId = new Map(items.map((item) => [item.id, item]));
  // Prepared on first request (a catalog of thousands of campuses is mostly never asked one by one), then kept.
  const replies = new Map<string, Reply>();
  return (req) => {
    const id = (req.params[kind] ?? '').trim();
    if (id === '') throw new ApiError('invalid_identifier', `The ${kind} id is blank.`);
    const hit = find(id);
    if (!hit) throw new ApiError(`${kind}_not_found`, `Unknown ${kind} '${id}'.`);
    let reply = replies.get(hit.id);
    if (reply === undefined) replies.set(hit.id, (reply = prepared(ctx, `/v1/${collection}/${hit.id}`, record(byId.get(hit.id)!))));
    return reply;
  };
}

export function universityHandler(ctx: AppContext): Handler {
  return byIdHandler(ctx, 'university', ctx.ds.catalog.universities, (u) => universityRecord(ctx.ds, u), (id) => findUniversity(ctx.ds, id));
}

export function campusHandler(ctx: AppContext): Handler {
  return byIdHandler(ctx, 'campus', ctx.ds.catalog.campuses, (c) => campusRecord(ctx.ds, c), (id) => findCampus(ctx.ds, id));
}
