/**
 * Building identity (BEHAVIOUR §6): resolution by code key, then by name/alias key (several: ambiguous,
 * with the sorted candidate codes; none: not found), and `q` search (the query's key is a substring of
 * any search key). handlers/resolve.ts turns the outcomes into API errors.
 */
import { matchKey } from '../domain/match-key.ts';
import type { CampusData } from './load.ts';

export type Resolution =
  | { kind: 'found'; index: number }
  | { kind: 'ambiguous'; candidates: string[] }
  | { kind: 'not_found' };

export function resolveBuilding(campus: CampusData, identifier: string): Resolution {
  const key = matchKey(identifier);
  if (key === '') return { kind: 'not_found' };
  const byCode = campus.codeIndex.get(key);
  if (byCode !== undefined) return { kind: 'found', index: byCode };
  const byName = campus.nameIndex.get(key);
  if (!byName || byName.length === 0) return { kind: 'not_found' };
  if (byName.length === 1) return { kind: 'found', index: byName[0] };
  const candidates = byName.map((i) => campus.artifact.buildings[i].code).sort();
  return { kind: 'ambiguous', candidates };
}

/** Indexes (in code order) of the buildings matching the filters. */
export function searchBuildings(campus: CampusData, q: string | undefined, category: string | undefined): number[] {
  const { buildings, searchKeys } = campus.artifact;
  const key = q === undefined ? undefined : matchKey(q);
  const out: number[] = [];
  for (let i = 0; i < buildings.length; i++) {
    if (category !== undefined && buildings[i].category !== category) continue;
    if (key !== undefined && key !== '' && !searchKeys[i].some((k) => k.includes(key))) continue;
    out.push(i);
  }
  return out;
}
