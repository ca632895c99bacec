/**
 * Places (BEHAVIOUR §9): per-request availability (through the availability domain module), filters,
 * and serialization from pre-built JSON fragments around the three per-request fields.
 */
import type { AvailabilityState, PlaceRecord } from '../domain/types.ts';
import { evaluateAvailability } from '../domain/availability.ts';
import { matchKey } from '../domain/match-key.ts';
import type { CampusData, Dataset } from './load.ts';

interface PlaceFragments {
  /** `{"id":…,"hours":…,"availability":` */
  head: string;
  /** `,"hoursProvenance":…,"provenance":[…]}` */
  tail: string;
  /** Match keys of the name and amenities, for `q`. */
  keys: string[];
}

export interface EvaluatedPlace {
  place: PlaceRecord;
  campus: CampusData;
  state: AvailabilityState;
}

export class PlaceCatalog {
  private readonly fragments = new Map<PlaceRecord, PlaceFragments>();

  constructor(ds: Dataset) {
    for (const campus of ds.campuses) {
      for (const p of campus.places) {
        const front = JSON.stringify({
          id: p.id, name: p.name, kind: p.kind, building: p.building, university: p.university,
          campus: p.campus, amenities: p.amenities, hours: p.hours,
        });
        this.fragments.set(p, {
          head: front.slice(0, -1) + ',"availability":',
          tail: `,"hoursProvenance":${JSON.stringify(p.hoursProvenance)},"provenance":${JSON.stringify(p.provenance)}}`,
          keys: [matchKey(p.name), ...p.amenities.map(matchKey)],
        });
      }
    }
  }

  evaluate(place: PlaceRecord, campus: CampusData, now: Date): EvaluatedPlace {
    return { place, campus, state: evaluateAvailability(place, campus.artifact.region, campus.artifact.timeZone, now) };
  }

  matchesQuery(place: PlaceRecord, qKey: string): boolean {
    if (qKey === '') return true;
    return this.fragments.get(place)!.keys.some((k) => k.includes(qKey));
  }

  serialize(e: EvaluatedPlace): string {
    const [before, after] = this.serializeAround(e);
    return before + JSON.stringify(e.state.evaluatedAt) + after;
  }

  /** The place's JSON split around its `evaluatedAt` value: JSON = before + JSON.stringify(evaluatedAt) + after. */
  serializeAround(e: EvaluatedPlace): [before: string, after: string] {
    const f = this.fragments.get(e.place)!;
    const s = e.state;
    return [`${f.head}${JSON.stringify(s.availability)},"evaluatedAt":`, `,"nextTransition":${JSON.stringify(s.nextTransition)}${f.tail}`];
  }
}

/** Digest of the availability state of the places in a body (part of the ETag: it changes when a place opens or closes). */
export function availabilityDigest(evaluated: readonly EvaluatedPlace[]): string {
  let s = '';
  for (const e of evaluated) s += `${e.place.id}:${e.state.availability}:${e.state.nextTransition ?? ''};`;
  return s;
}
