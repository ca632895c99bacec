/**
 * Selection and building resolution as the API answers them: the data layer's outcomes become the
 * errors of BEHAVIOUR §4–6, which depend on the endpoint (collection, single lookup, POST body, alias);
 * a campus part that cannot be read becomes 503 campus_unavailable with Retry-After.
 */
import { resolveBuilding } from '../data/buildings.ts';
import type { Campus, CampusData, Dataset } from '../data/load.ts';
import { PartUnavailable, type Slot } from '../data/campus-cache.ts';
import { resolveSelection, type Selection } from '../data/select.ts';
import { ApiError, invalidRequest } from '../http/errors.ts';

/**
 * collection: unknown → 400 invalid_query. lookup: unknown → 404, mismatch → invalid_query.
 * body: unknown → 404, mismatch → invalid_request. legacy (the deprecated GET aliases, whose contract
 * lists no 400): unknown or mismatched → 404.
 */
export type SelectionContext = 'collection' | 'lookup' | 'body' | 'legacy';

export function selectCampus(ds: Dataset, sel: Selection, ctx: SelectionContext): Campus {
  const r = resolveSelection(ds, sel);
  if (r.kind === 'campus') return r.campus;
  if (r.kind === 'unknown') {
    const message = `Unknown ${r.what} '${r.id}'.`;
    if (ctx === 'collection') throw new ApiError('invalid_query', message, { parameter: r.what });
    throw new ApiError(r.what === 'university' ? 'university_not_found' : 'campus_not_found', message);
  }
  const message = `Campus '${r.campus}' does not belong to university '${r.university}'.`;
  if (ctx === 'body') throw invalidRequest([{ field: 'campus', reason: `does not belong to university '${r.university}'` }]);
  if (ctx === 'legacy') throw new ApiError('campus_not_found', message);
  throw new ApiError('invalid_query', message, { parameter: 'campus' });
}

/** Resolution as an index or the API error (404 building_not_found / 409 ambiguous_building). */
export function requireBuilding(campus: CampusData, identifier: string, field?: string): number {
  const r = resolveBuilding(campus, identifier);
  if (r.kind === 'found') return r.index;
  const where = field ? ` (${field})` : '';
  if (r.kind === 'ambiguous') {
    throw new ApiError(
      'ambiguous_building',
      `'${identifier}'${where} matches several buildings on campus ${campus.id}: ${r.candidates.join(', ')}. Use a building code.`,
      field ? { field, candidates: r.candidates } : { candidates: r.candidates },
    );
  }
  throw new ApiError(
    'building_not_found',
    `No building on campus ${campus.id} matches '${identifier}'${where}.`,
    field ? { field } : undefined,
  );
}

/** 503 for a part that cannot be read; anything else goes on as it is (a bug answers 500). */
function unavailable(e: unknown): never {
  if (!(e instanceof PartUnavailable)) throw e;
  const seconds = e.retryAfterSeconds();
  throw new ApiError('campus_unavailable', `The data of campus ${e.campus} cannot be read right now; try again in ${seconds} s.`,
    { campus: e.campus }, [['Retry-After', String(seconds)]]);
}

/**
 * `use(part)` for a campus part read on first use (data/load.ts): synchronously when the part is resident
 * (the warm path: no promise), else once it is read; the promise rejects with the 503 answer when it cannot be.
 */
export function withPart<T, R>(slot: Slot<T>, use: (part: T) => R | Promise<R>): R | Promise<R> {
  const part = slot.ready();
  return part !== undefined ? use(part) : slot.load().catch(unavailable).then(use);
}
