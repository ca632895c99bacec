/**
 * JSON Schemas (2020-12, as used by OpenAPI 3.1) shared by several records. These objects are the single
 * source for request validation (ajv, compiled once at start-up) and for the published OpenAPI document.
 */
import { ACCESSIBILITIES, BUILDING_CATEGORIES, LOCATION_KINDS, ROUTING_COVERAGES, VERIFICATIONS } from '../domain/types.ts';
import { ERROR_CODES } from '../http/errors.ts';

export type Schema = Record<string, unknown>;

export const COMPONENT_PREFIX = '#/components/schemas/';
export const ref = (name: string): Schema => ({ $ref: COMPONENT_PREFIX + name });
export const str = (extra: Schema = {}): Schema => ({ type: 'string', ...extra });
export const nullable = (type: string, extra: Schema = {}): Schema => ({ type: [type, 'null'], ...extra });
export const arrayOf = (items: Schema, extra: Schema = {}): Schema => ({ type: 'array', items, ...extra });
export const enumOf = (values: readonly string[], extra: Schema = {}): Schema => ({ type: 'string', enum: [...values], ...extra });

/** A closed object: every listed property required unless named in `optional`. */
export function record(properties: Record<string, Schema>, optional: readonly string[] = [], extra: Schema = {}): Schema {
  return {
    type: 'object',
    additionalProperties: false,
    required: Object.keys(properties).filter((k) => !optional.includes(k)),
    properties,
    ...extra,
  };
}

export const CODE_PATTERN = '^[A-Z0-9]{1,12}$';
export const SLUG_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$';
export const IDENTIFIER_MAX = 240;
/** A building identifier in a request body: code, exact name or alias. */
export const buildingIdentifier: Schema = {
  type: 'string', minLength: 1, maxLength: IDENTIFIER_MAX, pattern: '\\S',
  description: 'Building identifier: canonical code, exact canonical name or recognized alias (1–240 characters).',
};
export const institutionId: Schema = { type: 'string', minLength: 1, maxLength: 64, pattern: '\\S' };

export const Provenance = record({
  source: str(),
  sourceUrl: str({ format: 'uri' }),
  lastVerified: str(),
  verificationStatus: enumOf(VERIFICATIONS),
});

export const Building = record(
  {
    code: str({ pattern: CODE_PATTERN }),
    name: str(),
    category: enumOf(BUILDING_CATEGORIES),
    aliases: arrayOf(str()),
    routingCoverage: enumOf(ROUTING_COVERAGES),
    entranceCount: { type: 'integer', minimum: 0 },
    verifiedEntranceCount: { type: 'integer', minimum: 0 },
    accessibility: enumOf(ACCESSIBILITIES),
    indoorRoomNodeCount: { type: 'integer', minimum: 0 },
    provenance: arrayOf(ref('Provenance')),
    university: str(),
    campus: str(),
    location: {
      oneOf: [ref('BuildingLocation'), { type: 'null' }],
      description: 'A real point of the building (WGS 84), or null when none is known. On every v1 record; absent from the deprecated /api/campus-* aliases, which keep their original shape.',
    },
  },
  ['location'],
  { description: 'A building. Having an identity does not imply that entrances, indoor paths, floors or accessibility were surveyed.' },
);

export const BuildingLocation = record(
  {
    lat: { type: 'number', minimum: -90, maximum: 90 },
    lon: { type: 'number', minimum: -180, maximum: 180 },
    kind: enumOf(LOCATION_KINDS, {
      description: 'What the point is, as the sources state it: a corner of the mapped outline, a mapped approach, an entrance, a point of the official map. Never a centroid.',
    }),
    verificationStatus: enumOf(VERIFICATIONS),
  },
  [],
  { description: 'WGS 84, 7 decimals at most.' },
);

export const Pagination = record({
  limit: { type: 'integer', minimum: 1, maximum: 100 },
  offset: { type: 'integer', minimum: 0 },
  count: { type: 'integer', minimum: 0 },
  total: { type: 'integer', minimum: 0 },
  nextOffset: nullable('integer', { minimum: 0 }),
});

export const Meta = record(
  {
    apiVersion: { const: 'v1' },
    dataVersion: str(),
    generatedAt: str({ format: 'date-time' }),
    requestId: str({ format: 'uuid' }),
    pagination: ref('Pagination'),
    filters: { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean'] } },
  },
  ['generatedAt', 'pagination', 'filters'],
);

export const FieldError = record({ field: str(), reason: str() });

export const ErrorEnvelope = record({
  error: record(
    {
      code: enumOf(ERROR_CODES),
      message: str(),
      details: {
        description:
          'Optional. ambiguous_building: {candidates: sorted codes}; invalid_request: {fields: sorted [{field, reason}], at most 50, ' +
          'with omittedFields counting the rest}.',
        type: 'object',
        properties: {
          candidates: arrayOf(str({ pattern: CODE_PATTERN })),
          fields: arrayOf(ref('FieldError')),
          omittedFields: { type: 'integer', minimum: 1 },
        },
      },
    },
    ['details'],
  ),
  meta: record({ apiVersion: { const: 'v1' }, requestId: str({ format: 'uuid' }) }),
});

/** Success envelope schema around a data schema; `paginated` adds required meta.pagination. */
export function envelope(data: Schema, paginated = false): Schema {
  const meta = paginated ? { allOf: [ref('Meta'), { required: ['pagination'] }] } : ref('Meta');
  return record({ data, meta });
}
