/**
 * University / campus selection (BEHAVIOUR §5): ids case-insensitive; campus alone selects its university;
 * university alone selects its default campus. Unknown ids and a campus of another university are
 * outcomes here; the HTTP errors they become depend on the endpoint (handlers/resolve.ts).
 */
import type { Campus, CatalogUniversity, Dataset } from './load.ts';

export interface Selection {
  university?: string;
  campus?: string;
}

/** What a selection resolves to; handlers/resolve.ts turns the failures into API errors. */
export type SelectionOutcome =
  | { kind: 'campus'; campus: Campus }
  | { kind: 'unknown'; what: 'university' | 'campus'; id: string }
  | { kind: 'mismatch'; campus: string; university: string };

export function findUniversity(ds: Dataset, id: string): CatalogUniversity | undefined {
  return ds.universityById.get(id.toLowerCase());
}

export function findCampus(ds: Dataset, id: string): Campus | undefined {
  return ds.campusById.get(id.toLowerCase());
}

export function resolveSelection(ds: Dataset, sel: Selection): SelectionOutcome {
  const uni = sel.university === undefined ? undefined : findUniversity(ds, sel.university);
  if (sel.university !== undefined && !uni) return { kind: 'unknown', what: 'university', id: sel.university };
  if (sel.campus !== undefined) {
    const campus = findCampus(ds, sel.campus);
    if (!campus) return { kind: 'unknown', what: 'campus', id: sel.campus };
    if (uni && campus.universityId !== uni.id) return { kind: 'mismatch', campus: campus.id, university: uni.id };
    return { kind: 'campus', campus };
  }
  const campusId = uni ? uni.defaultCampus : ds.catalog.defaultCampus;
  const campus = ds.campusById.get(campusId);
  if (!campus) throw new Error(`default campus ${campusId} is missing from the dataset`);
  return { kind: 'campus', campus };
}
