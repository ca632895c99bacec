/**
 * Which building of the older version is which building of the newer one. Same code → same building.
 * Of the rest, a building whose code disappeared and one whose code appeared are the same building with
 * a new code when exactly one such pair fits: the same name, or the new building lists the old code
 * among its aliases (how the sources keep a replaced code findable). Everything else is added/removed.
 */
import type { BuildingSnap } from './snapshot.ts';

export interface BuildingPairs {
  /** [older, newer] */
  matched: [BuildingSnap, BuildingSnap][];
  added: BuildingSnap[];
  removed: BuildingSnap[];
}

const fold = (s: string) => s.trim().toLowerCase();

function sameBuilding(a: BuildingSnap, b: BuildingSnap): boolean {
  return fold(a.name) === fold(b.name) || b.aliases.some((x) => fold(x) === fold(a.code));
}

export function pairBuildings(before: readonly BuildingSnap[], after: readonly BuildingSnap[]): BuildingPairs {
  const newByCode = new Map(after.map((b) => [b.code, b]));
  const oldCodes = new Set(before.map((b) => b.code));
  const matched: [BuildingSnap, BuildingSnap][] = [];
  const gone: BuildingSnap[] = [];
  for (const a of before) {
    const b = newByCode.get(a.code);
    if (b) matched.push([a, b]);
    else gone.push(a);
  }
  const fresh = after.filter((b) => !oldCodes.has(b.code));
  const taken = new Set<BuildingSnap>();
  const removed: BuildingSnap[] = [];
  for (const a of gone) {
    const candidates = fresh.filter((b) => sameBuilding(a, b));
    const b = candidates.length === 1 ? candidates[0] : undefined;
    if (b && !taken.has(b) && gone.filter((x) => sameBuilding(x, b)).length === 1) {
      matched.push([a, b]);
      taken.add(b);
    } else removed.push(a);
  }
  return { matched, added: fresh.filter((b) => !taken.has(b)), removed };
}
