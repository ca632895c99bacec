/**
 * The OpenAPI 3.1 document, generated from the same component schemas that validate request bodies.
 * It lists every path, method (GET/HEAD/POST/OPTIONS), parameter, response and error shape served.
 */
import type { Dataset } from './data/load.ts';
import { COMPONENTS } from './schemas/index.ts';
import { CODE_PATTERN, IDENTIFIER_MAX, ref, SLUG_PATTERN, envelope, arrayOf, type Schema } from './schemas/common.ts';
import { AVAILABILITIES, PLACE_KINDS } from './schemas/place.ts';
import { LIMIT_MAX, Q_MAX } from './http/query.ts';
import { BODY_LIMIT_BYTES } from './http/body.ts';

type Op = Record<string, unknown>;
const json = (schema: Schema) => ({ 'application/json': { schema } });
const refParam = (name: string) => ({ $ref: `#/components/parameters/${name}` });
const refResp = (name: string) => ({ $ref: `#/components/responses/${name}` });
const refHeader = (name: string) => ({ $ref: `#/components/headers/${name}` });

const HEADERS = {
  'X-Request-Id': { description: 'Fresh UUID v4; equals meta.requestId.', schema: { type: 'string', format: 'uuid' } },
  'Cache-Control': { description: 'See the caching rules in the API description.', schema: { type: 'string' } },
  ETag: { description: 'Weak validator from (dataVersion, path, canonical query). Send it back in If-None-Match for a 304.', schema: { type: 'string' } },
  Allow: { description: 'Methods of the path.', schema: { type: 'string' } },
  Deprecation: { description: 'Always "true" on the compatibility aliases.', schema: { type: 'string', const: 'true' } },
  Link: { description: 'The successor v1 path: <path>; rel="successor-version".', schema: { type: 'string' } },
  'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'string' } },
};

const commonHeaders = { 'X-Request-Id': refHeader('X-Request-Id'), 'Cache-Control': refHeader('Cache-Control') };
const legacyExtra = { Deprecation: refHeader('Deprecation'), Link: refHeader('Link') };

function errorResponse(description: string, legacy: boolean, extraHeaders: Record<string, unknown> = {}) {
  return {
    description,
    headers: { ...commonHeaders, ...(legacy ? legacyExtra : {}), ...extraHeaders },
    content: json(ref(legacy ? 'LegacyError' : 'ErrorEnvelope')),
  };
}

/** Error responses by status, v1 envelope and flat legacy variants. */
function errorResponses(legacy: boolean): Record<string, unknown> {
  const s = legacy ? 'Legacy' : '';
  return {
    [`${s}BadRequest`]: errorResponse('invalid_query, invalid_identifier, invalid_json or invalid_request (details.fields lists every rejected field, sorted).', legacy),
    [`${s}NotFound`]: errorResponse('not_found, building_not_found, place_not_found, university_not_found or campus_not_found.', legacy),
    [`${s}MethodNotAllowed`]: errorResponse('method_not_allowed; Allow lists the methods of the path.', legacy, { Allow: refHeader('Allow') }),
    [`${s}Conflict`]: errorResponse('ambiguous_building; the candidate codes, sorted, are in details.candidates (legacy: candidates).', legacy),
    [`${s}TooLarge`]: errorResponse(`request_too_large: the body is over ${BODY_LIMIT_BYTES} bytes.`, legacy),
    [`${s}UnsupportedMediaType`]: errorResponse('unsupported_media_type: Content-Type is not application/json.', legacy),
    [`${s}RateLimited`]: errorResponse('rate_limited (traffic protection); honour Retry-After.', legacy, { 'Retry-After': refHeader('Retry-After') }),
    [`${s}InternalError`]: errorResponse('internal_error.', legacy),
  };
}

function ok(description: string, schema: Schema, opts: { etag?: boolean; legacy?: boolean } = {}) {
  return {
    description,
    headers: { ...commonHeaders, ...(opts.etag ? { ETag: refHeader('ETag') } : {}), ...(opts.legacy ? legacyExtra : {}) },
    content: json(schema),
  };
}

interface PathSpec {
  path: string;
  method: 'get' | 'post';
  summary: string;
  description?: string;
  parameters?: unknown[];
  requestBody?: string;
  success: ReturnType<typeof ok>;
  errors: number[];
  legacy?: boolean;
  tag: string;
}

const ERROR_REF: Record<number, string> = {
  400: 'BadRequest', 404: 'NotFound', 405: 'MethodNotAllowed', 409: 'Conflict', 413: 'TooLarge',
  415: 'UnsupportedMediaType', 429: 'RateLimited', 500: 'InternalError',
};

function operations(p: PathSpec): Record<string, Op> {
  const s = p.legacy ? 'Legacy' : '';
  const errors = Object.fromEntries([...p.errors, 405, 429, 500].sort().map((code) => [String(code), refResp(s + ERROR_REF[code])]));
  const main: Op = {
    tags: [p.tag],
    summary: p.summary,
    ...(p.description ? { description: p.description } : {}),
    ...(p.legacy ? { deprecated: true } : {}),
    operationId: `${p.method}${p.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    ...(p.parameters ? { parameters: p.parameters } : {}),
    ...(p.requestBody
      ? { requestBody: { required: true, description: `JSON, at most ${BODY_LIMIT_BYTES} bytes.`, content: json(ref(p.requestBody)) } }
      : {}),
    responses: { '200': p.success, ...(p.method === 'get' ? { '304': { description: 'Not modified (If-None-Match matched the ETag).', headers: { ...commonHeaders, ETag: refHeader('ETag') } } } : {}), ...errors },
  };
  const out: Record<string, Op> = { [p.method]: main };
  if (p.method === 'get') {
    out.head = {
      tags: [p.tag],
      summary: `${p.summary} (headers only)`,
      ...(p.legacy ? { deprecated: true } : {}),
      operationId: `head${String(main.operationId).slice(3)}`,
      ...(p.parameters ? { parameters: p.parameters } : {}),
      responses: { '200': { description: 'Same headers as GET, no body.', headers: p.success.headers }, ...errors },
    };
  }
  out.options = {
    tags: [p.tag],
    summary: 'CORS preflight',
    operationId: `options${String(main.operationId).slice(p.method.length)}`,
    responses: {
      '204': {
        description: 'CORS headers; Cache-Control: public, max-age=86400.',
        headers: { ...commonHeaders, Allow: refHeader('Allow'), ...(p.legacy ? legacyExtra : {}) },
      },
    },
  };
  return out;
}

const PARAMETERS = {
  university: { name: 'university', in: 'query', required: false, description: 'University id (case-insensitive). Default: the default university, or the university of `campus`. Unknown → 400 on collections, 404 on single lookups.', schema: { type: 'string', maxLength: 64 } },
  campus: { name: 'campus', in: 'query', required: false, description: "Campus id (case-insensitive); selects its university. Default: the university's default campus. Must belong to `university` when both are given.", schema: { type: 'string', maxLength: 64 } },
  q: { name: 'q', in: 'query', required: false, description: 'Case-insensitive, accent-insensitive substring (Unicode-normalized match keys).', schema: { type: 'string', maxLength: Q_MAX } },
  category: { name: 'category', in: 'query', required: false, schema: { type: 'string', enum: ['academic', 'residence', 'facility'] } },
  kind: { name: 'kind', in: 'query', required: false, schema: { type: 'string', enum: [...PLACE_KINDS] } },
  buildingFilter: { name: 'building', in: 'query', required: false, description: 'Canonical building code.', schema: { type: 'string', pattern: CODE_PATTERN } },
  openNow: { name: 'openNow', in: 'query', required: false, description: 'Filter by evaluated availability. Responses with openNow are not cached (no-store).', schema: { type: 'string', enum: [...AVAILABILITIES] } },
  limit: { name: 'limit', in: 'query', required: false, description: 'Digits only.', schema: { type: 'integer', minimum: 1, maximum: LIMIT_MAX, default: 50 } },
  offset: { name: 'offset', in: 'query', required: false, description: 'Digits only. Past the end → empty page, nextOffset null.', schema: { type: 'integer', minimum: 0, default: 0 } },
  buildingPath: { name: 'building', in: 'path', required: true, description: 'Canonical code, exact canonical name or recognized alias.', schema: { type: 'string', minLength: 1, maxLength: IDENTIFIER_MAX } },
  placeId: { name: 'placeId', in: 'path', required: true, schema: { type: 'string', pattern: SLUG_PATTERN } },
  universityPath: { name: 'university', in: 'path', required: true, description: 'University id (case-insensitive).', schema: { type: 'string' } },
  campusPath: { name: 'campus', in: 'path', required: true, description: 'Campus id (case-insensitive).', schema: { type: 'string' } },
  legacyQ: { name: 'q', in: 'query', required: true, description: 'Code, name or alias. Missing or unknown → 404 building_not_found. Other query parameters are ignored.', schema: { type: 'string', minLength: 1 } },
  legacyId: { name: 'id', in: 'query', required: true, description: 'Place id. Missing or unknown → 404 place_not_found.', schema: { type: 'string', minLength: 1 } },
};

const P = refParam;
const SELECT = [P('university'), P('campus')];
const PAGE = [P('limit'), P('offset')];

export function pathSpecs(): PathSpec[] {
  return [
    { path: '/v1', method: 'get', tag: 'catalog', summary: 'API information', description: 'Versions, capabilities, authentication (none), privacy boundary, attribution and licence, universities and campuses. /v1/ is the same.', success: ok('API information.', envelope(ref('ApiInfo')), { etag: true }), errors: [400] },
    { path: '/v1/openapi.json', method: 'get', tag: 'catalog', summary: 'This OpenAPI document', success: ok('OpenAPI 3.1 document (not enveloped).', { type: 'object' }, { etag: true }), errors: [400] },
    { path: '/v1/universities', method: 'get', tag: 'catalog', summary: 'Universities (registry order)', parameters: PAGE, success: ok('A page of universities.', envelope(arrayOf(ref('University')), true), { etag: true }), errors: [400] },
    { path: '/v1/universities/{university}', method: 'get', tag: 'catalog', summary: 'One university', parameters: [P('universityPath')], success: ok('The university.', envelope(ref('University')), { etag: true }), errors: [400, 404] },
    { path: '/v1/campuses', method: 'get', tag: 'catalog', summary: 'Campuses (registry order)', parameters: [P('university'), ...PAGE], success: ok('A page of campuses.', envelope(arrayOf(ref('Campus')), true), { etag: true }), errors: [400] },
    { path: '/v1/campuses/{campus}', method: 'get', tag: 'catalog', summary: 'One campus', parameters: [P('campusPath')], success: ok('The campus.', envelope(ref('Campus')), { etag: true }), errors: [400, 404] },
    { path: '/v1/buildings', method: 'get', tag: 'buildings', summary: 'Buildings of a campus, ordered by code', parameters: [...SELECT, P('q'), P('category'), ...PAGE], success: ok('A page of buildings.', envelope(arrayOf(ref('Building')), true), { etag: true }), errors: [400] },
    { path: '/v1/buildings/{building}', method: 'get', tag: 'buildings', summary: 'One building by code, exact name or alias', description: 'Resolution: code key first, then exact name/alias key; several matches → 409 with the candidate codes.', parameters: [P('buildingPath'), ...SELECT], success: ok('The building.', envelope(ref('Building')), { etag: true }), errors: [400, 404, 409] },
    { path: '/v1/places', method: 'get', tag: 'places', summary: 'Places of a campus, ordered by id', description: 'Availability is evaluated at request time. Cache-Control: public, max-age = min(60, seconds until the earliest nextTransition) or no-store; no-store with openNow.', parameters: [...SELECT, P('q'), P('kind'), P('buildingFilter'), P('openNow'), ...PAGE], success: ok('A page of places.', envelope(arrayOf(ref('Place')), true), { etag: true }), errors: [400] },
    { path: '/v1/places/{placeId}', method: 'get', tag: 'places', summary: 'One place', parameters: [P('placeId'), ...SELECT], success: ok('The place.', envelope(ref('Place')), { etag: true }), errors: [400, 404] },
    { path: '/v1/routes', method: 'post', tag: 'routes', summary: 'Building-to-building walking estimate', requestBody: 'RouteRequest', success: ok('The route (Cache-Control: no-store).', envelope(ref('Route'))), errors: [400, 404, 409, 413, 415] },
    { path: '/v1/gaps/plan', method: 'post', tag: 'gaps', summary: 'Assess one free interval between two buildings', description: 'Evaluates only the supplied interval and buildings; accepts, retrieves and stores no timetable. endTime must be greater than startTime.', requestBody: 'GapPlanRequest', success: ok('The gap plan (Cache-Control: no-store).', envelope(ref('GapPlan'))), errors: [400, 404, 409, 413, 415] },
    { path: '/api/campus-buildings', method: 'get', tag: 'legacy', legacy: true, summary: 'Deprecated: all buildings (successor /v1/buildings)', parameters: SELECT, success: ok('Flat body.', ref('LegacyBuildings'), { etag: true, legacy: true }), errors: [404] },
    { path: '/api/campus-building', method: 'get', tag: 'legacy', legacy: true, summary: 'Deprecated: one building (successor /v1/buildings/{building})', parameters: [P('legacyQ'), ...SELECT], success: ok('Flat body.', ref('LegacyBuilding'), { etag: true, legacy: true }), errors: [404, 409] },
    { path: '/api/campus-route', method: 'post', tag: 'legacy', legacy: true, summary: 'Deprecated: route (successor /v1/routes)', requestBody: 'RouteRequest', success: ok('Flat body.', ref('LegacyRoute'), { legacy: true }), errors: [400, 404, 409, 413, 415] },
    { path: '/api/campus-gap-plan', method: 'post', tag: 'legacy', legacy: true, summary: 'Deprecated: gap plan (successor /v1/gaps/plan)', requestBody: 'GapPlanRequest', success: ok('Flat body.', ref('LegacyGapPlan'), { legacy: true }), errors: [400, 404, 409, 413, 415] },
    { path: '/api/campus-places', method: 'get', tag: 'legacy', legacy: true, summary: 'Deprecated: all places (successor /v1/places)', parameters: SELECT, success: ok('Flat body.', ref('LegacyPlaces'), { etag: true, legacy: true }), errors: [404] },
    { path: '/api/campus-place', method: 'get', tag: 'legacy', legacy: true, summary: 'Deprecated: one place (successor /v1/places/{placeId})', parameters: [P('legacyId')], success: ok('Flat body.', ref('LegacyPlace'), { etag: true, legacy: true }), errors: [404] },
  ];
}

export function openapiDocument(ds: Dataset, specs: PathSpec[] = pathSpecs()): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const p of specs) paths[p.path] = { ...(paths[p.path] as object | undefined), ...operations(p) };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Public Campus Data API',
      version: '1.0.0',
      summary: 'Read-only public campus data: buildings, places, walking estimates and gap planning.',
      description:
        'Unauthenticated, read-only. Versioned API under /v1 with the data/meta envelope; deprecated flat aliases under /api/campus-*. ' +
        `Data version ${ds.dataVersion}. Every response carries X-Request-Id, CORS headers and Cache-Control. ` +
        'Unknown or repeated query parameters → 400 invalid_query. A trailing slash is accepted on every path. ' +
        'Data: © OpenStreetMap contributors (ODbL 1.0); UBC open geodata (PDDL 1.0).',
      license: { name: 'Data: ODbL-1.0', url: 'https://opendatacommons.org/licenses/odbl/1-0/' },
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '/' }],
    tags: ['catalog', 'buildings', 'places', 'routes', 'gaps', 'legacy'].map((name) => ({ name })),
    paths,
    components: {
      schemas: COMPONENTS,
      parameters: PARAMETERS,
      headers: HEADERS,
      responses: { ...errorResponses(false), ...errorResponses(true) },
    },
  };
}
