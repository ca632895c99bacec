/**
 * Places (BEHAVIOUR §9): availability at an instant (through the availability domain module) and the
 * `q` search keys. Their JSON is prepared by handlers/place-bodies.ts.
 */
import type { AvailabilityAt, PlaceRecord } from '../domain/types.ts';
import { evaluateAvailability } from '../domain/availability.ts';
import { matchKey } from '../domain/match-key.ts';
import type { CampusData } from './load.ts';

export interface EvaluatedPlace {
  place: PlaceRecord;
  campus: CampusData;
  state: AvailabilityAt;
}

export class PlaceCatalog {
  /** Match keys of the name and amenities, for `q`: made on first use, gone with the campus's records when they are evicted. */
  private readonly keys = new WeakMap<PlaceRecord, string[]>();

  evaluate(place: PlaceRecord, campus: CampusData, now: Date): EvaluatedPlace {
    return { place, campus, state: evaluateAvailability(place, campus.artifact.region, campus.artifact.timeZone, now) };
  }

  matchesQuery(place: PlaceRecord, qKey: string): boolean {
    if (qKey === '') return true;
    let keys = this.keys.get(place);
    if (keys === undefined) this.keys.set(place, (keys = [matchKey(place.name), ...place.amenities.map(matchKey)]));
    return keys.some((k) => k.includes(qKey));
  }
}
