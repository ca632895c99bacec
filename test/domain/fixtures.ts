import type { Building } from '../../runtime/domain/types.ts';
import { OUTCOME, ROUTE_VERIFICATION } from '../../runtime/domain/types.ts';
import type { RouteCell } from '../../runtime/contract/matrix.ts';

export function building(code: string, over: Partial<Building> = {}): Building {
  return {
    code,
    name: `${code} Hall`,
    category: 'academic',
    aliases: [],
    routingCoverage: 'mapped',
    entranceCount: 2,
    verifiedEntranceCount: 1,
    accessibility: 'unknown',
    indoorRoomNodeCount: 0,
    provenance: [],
    university: 'u',
    campus: 'c',
    location: null,
    ...over,
  };
}

/** A matrix cell from readable values (null → NaN). */
export function cell(
  outcome: (typeof OUTCOME)[number],
  verification: (typeof ROUTE_VERIFICATION)[number],
  v: {
    total?: number | null;
    indoor?: number | null;
    outdoor?: number | null;
    delay?: number | null;
    floors?: number | null;
    flags?: number;
  } = {},
): RouteCell {
  const n = (x: number | null | undefined) => (x === null || x === undefined ? NaN : x);
  return {
    outcome: OUTCOME.indexOf(outcome),
    totalMeters: n(v.total),
    indoorMeters: n(v.indoor),
    outdoorMeters: n(v.outdoor),
    delaySeconds: n(v.delay),
    floorChanges: n(v.floors),
    verification: ROUTE_VERIFICATION.indexOf(verification),
    flags: v.flags ?? 0,
  };
}
