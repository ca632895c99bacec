/** GET /v1/buildings/{building}/entrances and GET /v1/campuses/{campus}/map (issue 10). */
import type { Campus, CampusData } from '../data/load.ts';
import { findCampus } from '../data/select.ts';
import { requireBuilding, selectCampus, withPart } from './resolve.ts';
import { successTemplate } from '../http/envelope.ts';
import { ApiError } from '../http/errors.ts';
import { weakEtag } from '../http/etag.ts';
import { CACHE_STATIC } from '../http/headers.ts';
import { filtersOf, paginate } from '../http/pagination.ts';
import { canonicalQuery, type QueryValues } from '../http/query.ts';
import type { Reply } from '../http/reply.ts';
import { BoundedCache } from '../http/reply-cache.ts';
import { checkBuildingIdentifier, selectionOf } from './buildings.ts';
import type { AppContext, Handler } from './context.ts';
import { acceptsGzip, gzipEtag } from '../http/accept-encoding.ts';
import { memoize } from '../http/memo.ts';

/** The entrances of one building (same resolution, errors and query rules as the building lookup), paginated. */
export function entrancesHandler(ctx: AppContext): Handler {
  const { ds } = ctx;
  const replies = new BoundedCache<Reply>(4096);
  const answer = (campus: CampusData, id: string, q: QueryValues, query: string, key: string): Reply => {
    const index = requireBuilding(campus, id);
    const { page, pagination } = paginate(campus.artifact.entrances[index], q);
    const code = campus.artifact.buildings[index].code;
    return replies.set(key, {
      kind: 'template',
      template: successTemplate(JSON.stringify(page), ds.dataVersion, { generatedAt: ds.generatedAt, pagination, filters: filtersOf(q) }).encode(),
      cacheControl: CACHE_STATIC,
      etag: weakEtag(ds.dataVersion, `/v1/buildings/${code}/entrances`, `campus=${campus.id}\n${query}`),
    });
  };
  return (req, q) => {
    const id = checkBuildingIdentifier(req.params.building);
    const query = canonicalQuery(q);
    const key = `${query}\n${id}`;
    const hit = replies.get(key);
    if (hit) return hit;
    const campus = selectCampus(ds, selectionOf(q), 'lookup');
    return withPart(campus.data, (d) => answer(d, id, q, query, key));
  };
}

/**
 * The campus map as built (application/geo+json, not enveloped); blank id → 400, unknown → 404. The map is a
 * part of the campus read on first use (data/load.ts), in two files checked alike: gzip-compressed for clients
 * that accept gzip, plain for the others (Vary: Accept-Encoding either way). Each is sent as read; its reply
 * is prepared once per read part (kept by the part's bytes, so it goes when the part is evicted) and the
 * ETag once per campus.
 */
export function campusMapHandler(ctx: AppContext): Handler {
  const { ds } = ctx;
  const etagOf = memoize((id) => weakEtag(ds.dataVersion, `/v1/campuses/${id}/map`, ''));
  const replies = new WeakMap<Buffer, Reply>();
  const replyOf = (campus: Campus, body: Buffer, gzip: boolean): Reply => {
    let r = replies.get(body);
    if (!r) {
      const etag = etagOf(campus.id);
      const headers: [string, string][] = gzip ? [['Vary', 'Accept-Encoding'], ['Content-Encoding', 'gzip']] : [['Vary', 'Accept-Encoding']];
      replies.set(body, (r = { kind: 'body', body, bytes: body.length, cacheControl: CACHE_STATIC, etag: gzip ? gzipEtag(etag) : etag, headers }));
    }
    return r;
  };
  return (req) => {
    const id = (req.params.campus ?? '').trim();
    if (id === '') throw new ApiError('invalid_identifier', 'The campus id is blank.');
    const campus = findCampus(ds, id);
    if (!campus) throw new ApiError('campus_not_found', `Unknown campus '${id}'.`);
    const gzip = acceptsGzip(req);
    return withPart(gzip ? campus.map : campus.mapPlain, (body) => replyOf(campus, body, gzip));
  };
}
