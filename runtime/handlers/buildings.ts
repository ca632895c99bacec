/** GET /v1/buildings and /v1/buildings/{building} (SPEC §4.1–4.2, BEHAVIOUR §5–6). */
import { searchBuildings } from '../data/buildings.ts';
import type { CampusData } from '../data/load.ts';
import type { Selection } from '../data/select.ts';
import { requireBuilding, selectCampus, withPart } from './resolve.ts';
import { successTemplate } from '../http/envelope.ts';
import { ApiError } from '../http/errors.ts';
import { weakEtag } from '../http/etag.ts';
import { CACHE_STATIC } from '../http/headers.ts';
import { filtersOf, paginate } from '../http/pagination.ts';
import { canonicalQuery, charLength, type QueryValues } from '../http/query.ts';
import type { Reply } from '../http/reply.ts';
import { BoundedCache } from '../http/reply-cache.ts';
import { IDENTIFIER_MAX } from '../schemas/common.ts';
import type { AppContext, Handler } from './context.ts';


export const selectionOf = (q: QueryValues): Selection => ({
  university: q.university as string | undefined,
  campus: q.campus as string | undefined,
});

/** A path-parameter building identifier: not blank, at most 240 characters (else 400 invalid_identifier). */
export function checkBuildingIdentifier(raw: string | undefined): string {
  const id = (raw ?? '').trim();
  if (id === '') throw new ApiError('invalid_identifier', 'The building identifier is blank.');
  if (charLength(id) > IDENTIFIER_MAX) throw new ApiError('invalid_identifier', `The building identifier is longer than ${IDENTIFIER_MAX} characters.`);
  return id;
}

export function buildingsListHandler(ctx: AppContext): Handler {
  const cache = new BoundedCache<Reply>(512);
  const { ds } = ctx;
  const answer = (campus: CampusData, q: QueryValues, key: string): Reply => {
    const matches = searchBuildings(campus, q.q as string | undefined, q.category as string | undefined);
    const { page, pagination } = paginate(matches, q);
    const data = `[${page.map((i) => ctx.buildingJson(campus, i)).join(',')}]`;
    return cache.set(key, {
      kind: 'template',
      template: successTemplate(data, ds.dataVersion, { generatedAt: ds.generatedAt, pagination, filters: filtersOf(q) }).encode(),
      cacheControl: CACHE_STATIC,
      etag: weakEtag(ds.dataVersion, '/v1/buildings', key),
    });
  };
  return (_req, q) => {
    const key = canonicalQuery(q);
    const hit = cache.get(key);
    if (hit) return hit;
    const campus = selectCampus(ds, selectionOf(q), 'collection');
    return withPart(campus.data, (d) => answer(d, q, key));
  };
}

/** Prepared replies of single buildings (each a few KB). */
export const BUILDING_REPLIES_KEPT = 4096;

export function buildingHandler(ctx: AppContext): Handler {
  const { ds } = ctx;
  const replies = new BoundedCache<Reply>(BUILDING_REPLIES_KEPT);
  const replyFor = (campus: CampusData, index: number): Reply => {
    const key = `${campus.id}/${index}`;
    let r = replies.get(key);
    if (!r) {
      const code = campus.artifact.buildings[index].code;
      r = replies.set(key, {
        kind: 'template',
        template: successTemplate(ctx.buildingJson(campus, index), ds.dataVersion, { generatedAt: ds.generatedAt }).encode(),
        cacheControl: CACHE_STATIC,
        etag: weakEtag(ds.dataVersion, `/v1/buildings/${code}`, `campus=${campus.id}`),
      });
    }
    return r;
  };
  // Resolved lookups by (canonical selection, identifier as sent): repeated lookups skip normalization.
  const resolved = new BoundedCache<Reply>(4096);
  const answer = (campus: CampusData, id: string, key: string): Reply => resolved.set(key, replyFor(campus, requireBuilding(campus, id)));
  return (req, q) => {
    const id = checkBuildingIdentifier(req.params.building);
    const key = `${canonicalQuery(q)}\n${id}`;
    const hit = resolved.get(key);
    if (hit) return hit;
    const campus = selectCampus(ds, selectionOf(q), 'lookup');
    return withPart(campus.data, (d) => answer(d, id, key));
  };
}
