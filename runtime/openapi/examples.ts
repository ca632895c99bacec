/**
 * Examples for the OpenAPI document, taken from the catalog's per-campus examples at start-up (chosen by the
 * build from the real records; never hard-coded here: building
 * codes, place ids and the data version change with the data). Every operation's parameter and body examples
 * together form a request that answers 2xx, so Swagger UI's "Try it out" works with the values it pre-fills;
 * test/http/openapi-examples.test.ts sends each one.
 *
 * The subject of an example: two buildings of the default campus (preferably located, with entrances: a real
 * route, a non-empty entrance list) and one place (of the default campus when it has any), each with the
 * university and campus it belongs to, so the selectors of the same request agree with it.
 */
import type { Campus, Dataset } from '../data/load.ts';
import type { CampusExamples } from '../contract/index.ts';
import { ROUTE_PREFERENCE_DEFAULTS } from '../domain/route-result.ts';
import { TERMS, WEEKDAYS } from '../domain/gap-plan.ts';
import { campusFile } from '../contract/index.ts';
import { flatName } from '../datasets/store.ts';
import { LIMIT_DEFAULT } from '../http/query.ts';
import type { Endpoint } from '../registry/types.ts';

export type ExampleValue = string | number;

export interface OperationExamples {
  /** By path parameter name. */
  path: Record<string, ExampleValue>;
  /** By query parameter name (a parameter left out has no example: its absence is the useful default). */
  query: Record<string, ExampleValue>;
  /** The JSON request body of the POST, when the endpoint takes one. */
  body?: Record<string, unknown>;
}

interface Subject {
  university: string;
  campus: string;
}

/** A word of a name to search for (`q`): its first word of 3+ letters or digits, else the whole name. */
export function searchWord(name: string): string {
  return name.match(/[\p{L}\p{N}]{3,}/u)?.[0] ?? name;
}

type ExampleBuilding = CampusExamples['buildings'][number];
type ExamplePlace = NonNullable<CampusExamples['place']>;

/** The place of the examples: the default campus's, else the first of its university's campuses with one, else any. */
function examplePlace(ds: Dataset, campus: Campus): ExamplePlace | undefined {
  const withPlace = (c: Campus) => c.info.examples.place ?? undefined;
  return withPlace(campus) ?? ds.campuses.filter((c) => c.universityId === campus.universityId).map(withPlace).find(Boolean) ?? ds.campuses.map(withPlace).find(Boolean);
}

/** Every operation's examples, from the dataset; `examplesOf(endpoint)` is what the document embeds. */
export function datasetExamples(ds: Dataset): (e: Endpoint) => OperationExamples {
  const campus = ds.campusById.get(ds.catalog.defaultCampus);
  if (!campus) throw new Error(`default campus ${ds.catalog.defaultCampus} is missing from the dataset`);
  const home: Subject = { university: campus.universityId, campus: campus.id };
  const [from, to = from]: (ExampleBuilding | undefined)[] = campus.info.examples.buildings;
  const place = examplePlace(ds, campus);
  const placeCampus = place && ds.placeCampus.get(place.id);
  const placeHome: Subject = placeCampus ? { university: placeCampus.universityId, campus: placeCampus.id } : home;
  const { mode, walkingSpeedMps, transitionBufferMinutes } = ROUTE_PREFERENCE_DEFAULTS;

  const pathValues: Record<string, ExampleValue | undefined> = {
    university: home.university,
    campus: home.campus,
    building: from?.code,
    placeId: place?.id,
    dataVersion: ds.dataVersion,
    file: flatName(campusFile(campus.id)),
  };

  /** Query examples by parameter id; `placeSide` for the places endpoints (the example place's campus). */
  const queryValue = (id: string, placeSide: boolean): ExampleValue | undefined => {
    const at = placeSide ? placeHome : home;
    switch (id) {
      case 'university': return at.university;
      case 'campus': return at.campus;
      case 'q': return placeSide ? (place ? searchWord(place.name) : undefined) : from && searchWord(from.name);
      case 'category': return from?.category;
      case 'kind': return place?.kind;
      case 'buildingFilter': return place?.building || undefined;
      case 'limit': return LIMIT_DEFAULT;
      case 'offset': return 0;
      case 'legacyQ': return from?.code;
      case 'legacyId': return place?.id;
      case 'routeFrom': return from?.code;
      case 'routeTo': return to?.code;
      case 'routeMode': return mode;
      case 'walkingSpeedMps': return walkingSpeedMps;
      case 'transitionBufferMinutes': return transitionBufferMinutes;
      case 'routeGeometry': return 'false';
      default: return undefined; // openNow: availability changes while the document is served; no filter is the useful default
    }
  };

  const pair = from && to ? { from: from.code, to: to.code } : undefined;
  const bodies: Record<string, (legacy: boolean) => Record<string, unknown> | undefined> = {
    RouteRequest: (legacy) => pair && (legacy ? pair : { ...home, ...pair, preferences: { mode } }),
    GapPlanRequest: (legacy) => pair && {
      ...(legacy ? {} : home), ...pair, term: TERMS[0], weekday: WEEKDAYS[0], startTime: 10 * 60, endTime: 12 * 60,
    },
  };

  return (e) => {
    const placeSide = e.tag === 'places' || e.successor === '/v1/places';
    const defined = (entries: [string, ExampleValue | undefined][]) =>
      Object.fromEntries(entries.filter((x): x is [string, ExampleValue] => x[1] !== undefined));
    return {
      path: defined(Object.keys(e.pathParams ?? {}).map((name) => [name, pathValues[name]])),
      query: defined((e.query ?? []).map((p) => [p.name, queryValue(p.id, placeSide)])),
      ...(e.body ? { body: bodies[e.body]?.(e.successor !== undefined) } : {}),
    };
  };
}
