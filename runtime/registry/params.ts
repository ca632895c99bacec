/** Query parameters shared by several endpoints: rule and documentation, declared once. */
import { Q_MAX } from '../http/query.ts';
import { AVAILABILITIES, BUILDING_CATEGORIES, PLACE_KINDS } from '../domain/types.ts';
import { IDENTIFIER_MAX, SLUG_PATTERN } from '../schemas/common.ts';
import { ROUTE_PREFERENCE_BOUNDS, ROUTE_PREFERENCE_DEFAULTS } from '../domain/route-result.ts';
import { ROUTE_MODES } from '../domain/types.ts';
import type { PathParam, QueryParam } from './types.ts';
import { DATA_VERSION_PATTERN_TEXT, FILE_NAME_PATTERN_TEXT } from '../schemas/datasets.ts';

export const Q = {
  university: { id: 'university', name: 'university', rule: { type: 'id' }, description: 'University id (case-insensitive). Default: the default university, or the university of `campus`. Unknown → 400 on collections, 404 on single lookups.' },
  campus: { id: 'campus', name: 'campus', rule: { type: 'id' }, description: "Campus id (case-insensitive); selects its university. Default: the university's default campus. Must belong to `university` when both are given." },
  q: { id: 'q', name: 'q', rule: { type: 'text', max: Q_MAX }, description: 'Case-insensitive, accent-insensitive substring (Unicode-normalized match keys).' },
  category: { id: 'category', name: 'category', rule: { type: 'enum', values: BUILDING_CATEGORIES } },
  kind: { id: 'kind', name: 'kind', rule: { type: 'enum', values: PLACE_KINDS } },
  building: { id: 'buildingFilter', name: 'building', rule: { type: 'code' }, description: 'Canonical building code.' },
  openNow: { id: 'openNow', name: 'openNow', rule: { type: 'enum', values: AVAILABILITIES }, description: 'Filter by evaluated availability. Responses with openNow are not cached (no-store).' },
  limit: { id: 'limit', name: 'limit', rule: { type: 'limit' }, description: 'Digits only.' },
  offset: { id: 'offset', name: 'offset', rule: { type: 'offset' }, description: 'Digits only. Past the end → empty page, nextOffset null.' },
  legacyQ: { id: 'legacyQ', name: 'q', rule: { type: 'text' }, required: true, schema: { minLength: 1 }, description: 'Code, name or alias. Missing or unknown → 404 building_not_found. Other query parameters are ignored.' },
  routeFrom: { id: 'routeFrom', name: 'from', rule: { type: 'text', max: IDENTIFIER_MAX }, required: true, schema: { minLength: 1 }, description: 'Building code, exact name or alias (as `from` in the POST body).' },
  routeTo: { id: 'routeTo', name: 'to', rule: { type: 'text', max: IDENTIFIER_MAX }, required: true, schema: { minLength: 1 }, description: 'Building code, exact name or alias (as `to` in the POST body).' },
  mode: { id: 'routeMode', name: 'mode', rule: { type: 'enum', values: ROUTE_MODES }, description: `Default ${ROUTE_PREFERENCE_DEFAULTS.mode}.` },
  walkingSpeedMps: {
    id: 'walkingSpeedMps', name: 'walkingSpeedMps', description: `Metres per second; default ${ROUTE_PREFERENCE_DEFAULTS.walkingSpeedMps}. Digits with an optional decimal fraction.`,
    rule: { type: 'number', min: ROUTE_PREFERENCE_BOUNDS.walkingSpeedMps.minimum, max: ROUTE_PREFERENCE_BOUNDS.walkingSpeedMps.maximum },
  },
  transitionBufferMinutes: {
    id: 'transitionBufferMinutes', name: 'transitionBufferMinutes', description: `Minutes; default ${ROUTE_PREFERENCE_DEFAULTS.transitionBufferMinutes}. Digits with an optional decimal fraction.`,
    rule: { type: 'number', min: ROUTE_PREFERENCE_BOUNDS.transitionBufferMinutes.minimum, max: ROUTE_PREFERENCE_BOUNDS.transitionBufferMinutes.maximum },
  },
  geometry: { id: 'routeGeometry', name: 'geometry', rule: { type: 'enum', values: ['true', 'false'] }, description: 'true → data.geometry: the walked path as a GeoJSON LineString (routed results; null otherwise), as `geometry` in the POST body. Default false.' },
  legacyId: { id: 'legacyId', name: 'id', rule: { type: 'text' }, required: true, schema: { minLength: 1 }, description: 'Place id. Missing or unknown → 404 place_not_found.' },
} as const satisfies Record<string, QueryParam>;

export const SELECT = [Q.university, Q.campus] as const;
export const PAGE = [Q.limit, Q.offset] as const;
/** GET /v1/routes: the POST body's fields as query parameters. */
export const ROUTE_QUERY = [Q.routeFrom, Q.routeTo, ...SELECT, Q.mode, Q.walkingSpeedMps, Q.transitionBufferMinutes, Q.geometry] as const;

/** Path parameters. */
export const P = {
  building: { description: 'Canonical code, exact canonical name or recognized alias.', schema: { type: 'string', minLength: 1, maxLength: IDENTIFIER_MAX } },
  placeId: { schema: { type: 'string', pattern: SLUG_PATTERN } },
  university: { description: 'University id (case-insensitive).', schema: { type: 'string' } },
  campus: { description: 'Campus id (case-insensitive).', schema: { type: 'string' } },
  dataVersion: { description: 'A data version of /v1/datasets.', schema: { type: 'string', pattern: DATA_VERSION_PATTERN_TEXT } },
  datasetFile: { description: 'A file name of /v1/datasets: the path with "/" written as "."', schema: { type: 'string', pattern: FILE_NAME_PATTERN_TEXT } },
} as const satisfies Record<string, PathParam>;
