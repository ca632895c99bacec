/** Route request/response schemas (SPEC §2.4–2.6, BEHAVIOUR §7). */
import { ROUTE_MODES } from '../domain/types.ts';
import { ROUTE_ACCURACY, ROUTE_PREFERENCE_BOUNDS, ROUTE_PREFERENCE_DEFAULTS } from '../domain/route-result.ts';
import { arrayOf, buildingIdentifier, enumOf, institutionId, nullable, record, ref, str, type Schema } from './common.ts';

export const ROUTE_STATUSES = ['same-building', 'routed', 'approximate', 'unavailable'] as const;
export const ROUTE_ACCURACIES = Object.values(ROUTE_ACCURACY);
export const ROUTE_VERIFICATIONS = ['verified', 'mixed', 'inferred', 'unavailable'] as const;

export const RoutePreferencesInput: Schema = {
  type: 'object',
  additionalProperties: false,
  description: `All optional. Defaults: mode ${ROUTE_PREFERENCE_DEFAULTS.mode}, walkingSpeedMps ${ROUTE_PREFERENCE_DEFAULTS.walkingSpeedMps}, transitionBufferMinutes ${ROUTE_PREFERENCE_DEFAULTS.transitionBufferMinutes}.`,
  properties: {
    mode: enumOf(ROUTE_MODES),
    walkingSpeedMps: { type: 'number', ...ROUTE_PREFERENCE_BOUNDS.walkingSpeedMps, description: 'Metres per second.' },
    transitionBufferMinutes: { type: 'number', ...ROUTE_PREFERENCE_BOUNDS.transitionBufferMinutes, description: 'Minutes.' },
  },
};

export const RoutePreferences = record({
  mode: enumOf(ROUTE_MODES),
  walkingSpeedMps: { type: 'number', ...ROUTE_PREFERENCE_BOUNDS.walkingSpeedMps },
  transitionBufferMinutes: { type: 'number', ...ROUTE_PREFERENCE_BOUNDS.transitionBufferMinutes },
});

export const RouteRequest = record(
  {
    from: buildingIdentifier,
    to: buildingIdentifier,
    preferences: ref('RoutePreferencesInput'),
    university: { ...institutionId, description: 'University id; default: the default university (or the university of `campus`).' },
    campus: { ...institutionId, description: "Campus id; default: the university's default campus." },
    geometry: { type: 'boolean', description: 'true → data.geometry: the walked path as a GeoJSON LineString (routed results; null otherwise). The deprecated alias ignores it.' },
  },
  ['preferences', 'university', 'campus', 'geometry'],
);

const meters = nullable('number', { minimum: 0 });

export const Route = record(
  {
    dataVersion: str(),
    from: ref('Building'),
    to: ref('Building'),
    preferences: ref('RoutePreferences'),
    status: enumOf(ROUTE_STATUSES),
    accuracy: enumOf(ROUTE_ACCURACIES),
    totalDistanceMeters: meters,
    indoorDistanceMeters: meters,
    outdoorDistanceMeters: meters,
    estimatedSeconds: meters,
    floorChanges: nullable('integer', { minimum: 0 }),
    warnings: arrayOf(str()),
    routeVerification: enumOf(ROUTE_VERIFICATIONS),
    geometry: {
      oneOf: [ref('RouteGeometry'), { type: 'null' }],
      description: 'Only when the request asked for it: the walked path for routed results; null for every other status (no straight line is drawn as if it were a path) and for a routed walk of 0 m (both buildings join the walking graph at one point, e.g. a door they share: there is no line to draw).',
    },
  },
  ['geometry'],
  { description: 'Inspect status, accuracy, routeVerification and warnings: unavailable, mixed or inferred evidence is never a verified accessibility claim.' },
);
