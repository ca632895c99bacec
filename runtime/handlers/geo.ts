/** GET /v1/buildings/{building}/entrances and GET /v1/campuses/{campus}/map (issue 10). */
import type { CampusData } from '../data/load.ts';
import { findCampus } from '../data/select.ts';
import { loadPart, requireBuilding, selectCampus } from './resolve.ts';
import { successTemplate } from '../http/envelope.ts';
import { ApiError } from '../http/errors.ts';
import { weakEtag } from '../http/etag.ts';
import { CACHE_STATIC } from '../http/headers.ts';
import { filtersOf, paginate } from '../http/pagination.ts';
import { canonicalQuery, type QueryValues } from '../http/query.ts';
import type { Reply } from '../http/reply.ts';
import { BoundedCache } from '../http/reply-cache.ts';
import { checkBuildingIdentifier, selectionOf } from './buildings.ts';
import type { ApiRequest, AppContext, Handler } from './context.ts';
import { acceptsGzip, gzipEtag } from '../http/accept-encoding.ts';
import { gunzipSync } from 'node:zlib';

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
    const data = campus.data.ready();
    return data ? answer(data, id, q, query, key) : loadPart(campus.data).then((d) => answer(d, id, q, query, key));
  };
}

/**
 * The campus map as built (application/geo+json, not enveloped); blank id → 400, unknown → 404. The map is a
 * part of the campus read on first use (data/load.ts) and kept gzip-compressed in the campus cache: sent as
 * it is to clients that accept gzip, inflated for the others (Vary: Accept-Encoding either way).
 */
export function campusMapHandler(ctx: AppContext): Handler {
  const { ds } = ctx;
  const reply = (gzipped: Buffer, etag: string, req: ApiRequest): Reply => {
    const gzip = acceptsGzip(req);
    const body = gzip ? gzipped : gunzipSync(gzipped);
    const headers: [string, string][] = gzip ? [['Vary', 'Accept-Encoding'], ['Content-Encoding', 'gzip']] : [['Vary', 'Accept-Encoding']];
    return { kind: 'body', body, bytes: body.length, cacheControl: CACHE_STATIC, etag: gzip ? gzipEtag(etag) : etag, headers };
  };
  return (req) => {
    const id = (req.params.campus ?? '').trim();
    if (id === '') throw new ApiError('invalid_identifier', 'The campus id is blank.');
    const campus = findCampus(ds, id);
    if (!campus) throw new ApiError('campus_not_found', `Unknown campus '${id}'.`);
    const etag = weakEtag(ds.dataVersion, `/v1/campuses/${campus.id}/map`, '');
    const body = campus.map.ready();
    return body ? reply(body, etag, req) : loadPart(campus.map).then((b) => reply(b, etag, req));
  };
}
