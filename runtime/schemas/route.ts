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
    stepFreeCandidate: {
      oneOf: [ref('StepFreeCandidate'), { type: 'null' }],
      description:
        'Step-free mode only, when the route is `unavailable` and the campus\'s walking graph records stairs: the shortest path that avoids every stair the sources record, between doors not recorded as not-step-free — NOT a verified step-free route (it never changes status, accuracy or routeVerification). null when no such path exists. Absent in other modes and outcomes, and where the graph records no stairs (a warning on the route says so). Gap plans never use it.',
    },
  },
  ['geometry', 'stepFreeCandidate'],
  { description: 'Inspect status, accuracy, routeVerification and warnings: unavailable, mixed or inferred evidence is never a verified accessibility claim.' },
);

export const StepFreeCandidateDoor = record(
  {
    id: str({ description: 'Entrance id (GET /v1/buildings/{building}/entrances).' }),
    stepFree: { type: ['boolean', 'null'], enum: [true, null], description: 'true: the door is recorded step-free by its source; null: not recorded (unknown). Doors recorded not step-free are never used.' },
  },
  [],
  { description: 'A door at one end of a step-free candidate.' },
);

export const StepFreeCandidate = record(
  {
    totalDistanceMeters: { type: 'number', minimum: 0 },
    estimatedSeconds: { type: 'number', minimum: 0, description: 'Walk metres / walkingSpeedMps + fixed delays (building exit/entry, crossings), like the route\'s.' },
    segments: { type: 'integer', minimum: 0, description: 'Walking-graph segments of the path.' },
    segmentsWithoutStepFreeFact: { type: 'integer', minimum: 0, description: 'Segments whose step-free access no source records (they may still have steps, kerbs or slopes).' },
    stairsAvoided: { type: 'integer', minimum: 0, description: 'Segments with recorded stairs on the fastest route between the same buildings, which this path avoids.' },
    fromEntrance: { ...ref('StepFreeCandidateDoor'), description: 'The door the path starts at (one recorded step-free is preferred).' },
    toEntrance: { ...ref('StepFreeCandidateDoor'), description: 'The door the path ends at (one recorded step-free is preferred).' },
    geometry: { oneOf: [ref('RouteGeometry'), { type: 'null' }], description: 'Only when the request asked for geometry: the walked path (null if it cannot be drawn).' },
    verification: { const: 'unverified' },
    warnings: arrayOf(str(), { minItems: 1, description: 'Always says that this is not a verified step-free route and how many segments have no step-free fact.' }),
  },
  ['geometry'],
  { description: 'A stair-avoiding path with its evidence (BEHAVIOUR §7 "Step-free candidate"): never a verified step-free route.' },
);
