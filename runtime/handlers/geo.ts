/** GET /v1/buildings/{building}/entrances and GET /v1/campuses/{campus}/map (issue 10). */
import type { CampusData } from '../data/load.ts';
import { findCampus } from '../data/select.ts';
import { requireBuilding, selectCampus } from './resolve.ts';
import { successTemplate } from '../http/envelope.ts';
import { ApiError } from '../http/errors.ts';
import { weakEtag } from '../http/etag.ts';
import { CACHE_STATIC } from '../http/headers.ts';
import { filtersOf, paginate } from '../http/pagination.ts';
import { canonicalQuery } from '../http/query.ts';
import type { Reply } from '../http/reply.ts';
import { BoundedCache } from '../http/reply-cache.ts';
import { checkBuildingIdentifier, selectionOf } from './buildings.ts';
import type { AppContext, Handler } from './context.ts';

/** The entrances of one building (same resolution, errors and query rules as the building lookup), paginated. */
export function entrancesHandler(ctx: AppContext): Handler {
  const { ds } = ctx;
  const replies = new BoundedCache<Reply>(4096);
  return (req, q) => {
    const id = checkBuildingIdentifier(req.params.building);
    const query = canonicalQuery(q);
    const key = `${query}\n${id}`;
    const hit = replies.get(key);
    if (hit) return hit;
    const campus = selectCampus(ds, selectionOf(q), 'lookup');
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
}

/** The campus map as built (application/geo+json, not enveloped); blank id → 400, unknown → 404. */
export function campusMapHandler(ctx: AppContext): Handler {
  const { ds } = ctx;
  const replies = new Map<string, Promise<Reply>>();
  const replyOf = (campus: CampusData): Promise<Reply> => {
    let r = replies.get(campus.id);
    if (!r) {
      const etag = weakEtag(ds.dataVersion, `/v1/campuses/${campus.id}/map`, '');
      r = campus.map().then((body): Reply => ({ kind: 'body', body, bytes: body.length, cacheControl: CACHE_STATIC, etag }));
      replies.set(campus.id, r); // bounded by the number of campuses
    }
    return r;
  };
  return (req) => {
    const id = (req.params.campus ?? '').trim();
    if (id === '') throw new ApiError('invalid_identifier', 'The campus id is blank.');
    const campus = findCampus(ds, id);
    if (!campus) throw new ApiError('campus_not_found', `Unknown campus '${id}'.`);
    return replyOf(campus);
  };
}
