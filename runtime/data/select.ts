/**
 * University / campus selection (BEHAVIOUR §5): ids case-insensitive; campus alone selects its university;
 * university alone selects its default campus; both given and not matching → 400; unknown id → 400
 * invalid_query on collections, 404 university_not_found / campus_not_found on single lookups and POSTs.
 */
import { ApiError, invalidRequest } from '../http/errors.ts';
import type { CampusData, CatalogUniversity, Dataset } from './load.ts';

export interface Selection {
  university?: string;
  campus?: string;
}

/**
 * collection: unknown → 400 invalid_query. lookup: unknown → 404, mismatch → invalid_query.
 * body: unknown → 404, mismatch → invalid_request. legacy (the deprecated GET aliases, whose contract
 * lists no 400): unknown or mismatched → 404.
 */
export type SelectionContext = 'collection' | 'lookup' | 'body' | 'legacy';

function unknown(ctx: SelectionContext, kind: 'university' | 'campus', id: string): ApiError {
  const message = `Unknown ${kind} '${id}'.`;
  if (ctx === 'collection') return new ApiError('invalid_query', message, { parameter: kind });
  return new ApiError(kind === 'university' ? 'university_not_found' : 'campus_not_found', message);
}

export function findUniversity(ds: Dataset, id: string): CatalogUniversity | undefined {
  return ds.universityById.get(id.toLowerCase());
}

export function findCampus(ds: Dataset, id: string): CampusData | undefined {
  return ds.campusById.get(id.toLowerCase());
}

export function selectCampus(ds: Dataset, sel: Selection, ctx: SelectionContext): CampusData {
  const uni = sel.university === undefined ? undefined : findUniversity(ds, sel.university);
  if (sel.university !== undefined && !uni) throw unknown(ctx, 'university', sel.university);
  if (sel.campus !== undefined) {
    const campus = findCampus(ds, sel.campus);
    if (!campus) throw unknown(ctx, 'campus', sel.campus);
    if (uni && campus.universityId !== uni.id) {
      const message = `Campus '${campus.id}' does not belong to university '${uni.id}'.`;
      if (ctx === 'body') throw invalidRequest([{ field: 'campus', reason: `does not belong to university '${uni.id}'` }]);
      if (ctx === 'legacy') throw new ApiError('campus_not_found', message);
      throw new ApiError('invalid_query', message, { parameter: 'campus' });
    }
    return campus;
  }
  const campusId = uni ? uni.defaultCampus : ds.catalog.defaultCampus;
  const campus = ds.campusById.get(campusId);
  if (!campus) throw new Error(`default campus ${campusId} is missing from the dataset`);
  return campus;
}
