/**
 * The OpenAPI 3.1 document, derived from the endpoint registry and the component schemas that validate
 * request bodies. It lists every path, method (GET/HEAD/POST/OPTIONS), parameter, response and error shape
 * served (entries marked `hidden` are left out).
 */
import type { Dataset } from './data/load.ts';
import { COMPONENTS } from './schemas/index.ts';
import { CODE_PATTERN, ref, type Schema } from './schemas/common.ts';
import { ID_MAX, LIMIT_DEFAULT, LIMIT_MAX, type ParamRule } from './http/query.ts';
import { ENDPOINTS } from './registry/endpoints.ts';
import { TAGS, type Endpoint, type QueryParam } from './registry/types.ts';
import { BODY_LIMIT_BYTES } from './http/body.ts';
import { CACHE_POLICIES } from './http/headers.ts';

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
    [`${s}Unavailable`]: errorResponse(
      "campus_unavailable: the selected campus's data cannot be read right now (other campuses keep answering); retry after Retry-After seconds.",
      legacy, { 'Retry-After': refHeader('Retry-After') },
    ),
  };
}

/** Cache-Control of a success response, from the endpoint's policy (POST responses are always no-store). */
const cacheHeader = (e: Endpoint, get: boolean) => ({
  description: `See the caching rules in the API description. Here: ${CACHE_POLICIES[get ? e.cache : 'no-store']}.`,
  required: true,
  schema: { type: 'string' },
});

function ok(e: Endpoint, get: boolean) {
  return {
    description: e.success.description,
    headers: {
      ...commonHeaders,
      'Cache-Control': cacheHeader(e, get),
      ...(get ? { ETag: refHeader('ETag') } : {}),
      ...(e.successor !== undefined ? legacyExtra : {}),
    },
    content: { [e.success.contentType ?? 'application/json']: { schema: e.success.schema } },
  };
}

const ERROR_REF: Record<number, string> = {
  400: 'BadRequest', 404: 'NotFound', 405: 'MethodNotAllowed', 409: 'Conflict', 413: 'TooLarge',
  415: 'UnsupportedMediaType', 429: 'RateLimited', 500: 'InternalError', 503: 'Unavailable',
};

/** The JSON Schema of a query parameter, from its validation rule. */
function ruleSchema(rule: ParamRule): Schema {
  switch (rule.type) {
    case 'text': return rule.max === undefined ? { type: 'string' } : { type: 'string', maxLength: rule.max };
    case 'id': return { type: 'string', maxLength: ID_MAX };
    case 'enum': return { type: 'string', enum: [...rule.values] };
    case 'code': return { type: 'string', pattern: CODE_PATTERN };
    case 'limit': return { type: 'integer', minimum: 1, maximum: LIMIT_MAX, default: LIMIT_DEFAULT };
    case 'offset': return { type: 'integer', minimum: 0, default: 0 };
    case 'number': return { type: 'number', minimum: rule.min, maximum: rule.max };
  }
}

function queryParameter(p: QueryParam) {
  return {
    name: p.name, in: 'query', required: p.required ?? false,
    ...(p.description ? { description: p.description } : {}),
    schema: { ...ruleSchema(p.rule), ...p.schema },
  };
}

function pathParameters(e: Endpoint) {
  return Object.entries(e.pathParams ?? {}).map(([name, p]) => ({
    name, in: 'path', required: true, ...(p.description ? { description: p.description } : {}), schema: p.schema,
  }));
}

const operationIdOf = (method: string, path: string) =>
  `${method}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`;

/** The path item of an endpoint: its methods, HEAD for GET, OPTIONS; path parameters at path level. */
function pathItem(e: Endpoint): Record<string, unknown> {
  const legacy = e.successor !== undefined;
  const s = legacy ? 'Legacy' : '';
  const errorRefs = (codes: readonly number[]) =>
    Object.fromEntries([...codes].sort().map((code) => [String(code), refResp(s + ERROR_REF[code])]));
  const errors = errorRefs([...e.errors, 405, 429, 500]);
  const parameters = e.query?.length ? e.query.map((p) => refParam(p.id)) : undefined;
  const deprecated = legacy ? { deprecated: true } : {};
  const out: Record<string, unknown> = {};
  const params = pathParameters(e);
  if (params.length) out.parameters = params;
  for (const method of ['get', 'post'] as const) {
    if (!e[method]) continue;
    const get = method === 'get';
    const success = ok(e, get);
    const operationId = operationIdOf(method, e.path);
    out[method] = {
      tags: [e.tag],
      summary: e.summary,
      ...(e.description ? { description: e.description } : {}),
      ...deprecated,
      operationId,
      ...(parameters && get ? { parameters } : {}),
      ...(e.body && !get
        ? { requestBody: { required: true, description: `JSON, at most ${BODY_LIMIT_BYTES} bytes.`, content: json(ref(e.body)) } }
        : {}),
      responses: {
        '200': success,
        ...(get ? { '304': { description: 'Not modified (If-None-Match matched the ETag).', headers: { ...commonHeaders, ETag: refHeader('ETag') } } } : {}),
        ...errors,
      },
    };
    if (get) {
      out.head = {
        tags: [e.tag],
        summary: `${e.summary} (headers only)`,
        ...deprecated,
        operationId: operationIdOf('head', e.path),
        ...(parameters ? { parameters } : {}),
        responses: { '200': { description: 'Same headers as GET, no body.', headers: success.headers }, ...errors },
      };
    }
  }
  out.options = {
    tags: [e.tag],
    summary: 'CORS preflight',
    operationId: operationIdOf('options', e.path),
    responses: {
      '204': {
        description: 'CORS headers; Cache-Control: public, max-age=86400.',
        headers: { ...commonHeaders, Allow: refHeader('Allow'), ...(legacy ? legacyExtra : {}) },
      },
      ...errorRefs([429, 500]),
    },
  };
  return out;
}

/** Every query parameter used by a documented endpoint, by component id (one declaration each). */
function parameterComponents(endpoints: readonly Endpoint[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const e of endpoints) for (const p of e.query ?? []) out[p.id] = queryParameter(p);
  return out;
}

export function openapiDocument(ds: Dataset, endpoints: readonly Endpoint[] = ENDPOINTS): Record<string, unknown> {
  const documented = endpoints.filter((e) => !e.hidden);
  const paths = Object.fromEntries(documented.map((e) => [e.path, pathItem(e)]));
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
    security: [],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: COMPONENTS,
      parameters: parameterComponents(documented),
      headers: HEADERS,
      responses: { ...errorResponses(false), ...errorResponses(true) },
    },
  };
}
