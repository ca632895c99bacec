/** limit/offset paging (BEHAVIOUR §5): offset past the end → empty page with nextOffset null. */
import type { Pagination } from './envelope.ts';
import { LIMIT_DEFAULT, type QueryValues } from './query.ts';

export function paginate<T>(items: readonly T[], q: QueryValues): { page: T[]; pagination: Pagination } {
  const limit = (q.limit as number | undefined) ?? LIMIT_DEFAULT;
  const offset = (q.offset as number | undefined) ?? 0;
  const total = items.length;
  const page = offset >= total ? [] : items.slice(offset, offset + limit);
  const next = offset + page.length;
  return {
    page,
    pagination: { limit, offset, count: page.length, total, nextOffset: page.length > 0 && next < total ? next : null },
  };
}

/** The filters of `q` that were given (everything except limit/offset), for meta.filters. */
export function filtersOf(q: QueryValues): Record<string, string | number> | undefined {
  let out: Record<string, string | number> | undefined;
  for (const k of Object.keys(q).sort()) {
    if (k === 'limit' || k === 'offset') continue;
    (out ??= {})[k] = q[k];
  }
  return out;
}
