/**
 * Places (BEHAVIOUR §9): availability at an instant (through the availability domain module) and the
 * `q` search keys. Their JSON is prepared by handlers/place-bodies.ts.
 */
import type { AvailabilityAt, PlaceRecord } from '../domain/types.ts';
import { evaluateAvailability } from '../domain/availability.ts';
import { matchKey } from '../domain/match-key.ts';
import type { CampusData, Dataset } from './load.ts';

export interface EvaluatedPlace {
  place: PlaceRecord;
  campus: CampusData;
  state: AvailabilityAt;
}

export class PlaceCatalog {
  /** Match keys of the name and amenities, for `q`. */
  private readonly keys = new Map<PlaceRecord, string[]>();

  constructor(ds: Dataset) {
    for (const campus of ds.campuses) {
      for (const p of campus.places) this.keys.set(p, [matchKey(p.name), ...p.amenities.map(matchKey)]);
    }
  }

  evaluate(place: PlaceRecord, campus: CampusData, now: Date): EvaluatedPlace {
    return { place, campus, state: evaluateAvailability(place, campus.artifact.region, campus.artifact.timeZone, now) };
  }

  matchesQuery(place: PlaceRecord, qKey: string): boolean {
    if (qKey === '') return true;
    return this.keys.get(place)!.some((k) => k.includes(qKey));
  }
}
