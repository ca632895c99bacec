/**
 * The OpenAPI 3.1 document, derived from the endpoint registry and the component schemas that validate
 * request bodies. It lists every path with its GET and POST operations, parameters, responses and error
 * shapes (entries marked `hidden` are left out); HEAD, OPTIONS and conditional requests, which every path
 * answers the same way, are described once in `info.description` instead of as operations. Parameter and
 * request-body examples come from the loaded dataset (openapi/examples.ts), so "Try it out" answers 2xx.
 */
import type { Dataset } from './data/load.ts';
import { COMPONENTS } from './schemas/index.ts';
import { CODE_PATTERN, ref, type Schema } from './schemas/common.ts';
import { ID_MAX, LIMIT_DEFAULT, LIMIT_MAX, type ParamRule } from './http/query.ts';
import { ENDPOINTS } from './registry/endpoints.ts';
import { TAGS, type Endpoint, type QueryParam } from './registry/types.ts';
import { BODY_LIMIT_BYTES } from './http/body.ts';
import { CACHE_POLICIES, CACHE_PREFLIGHT } from './http/headers.ts';
import { datasetExamples, type ExampleValue, type OperationExamples } from './openapi/examples.ts';
import { commonHeaders, errorRefs, errorResponses, HEADERS, legacyExtra, NOT_MODIFIED, refHeader } from './openapi/responses.ts';

/** Cache-Control of a success response, from the endpoint's policy (POST responses are always no-store). */
const cacheHeader = (e: Endpoint, get: boolean) => ({
  description: `See the caching rules in the API description. Here: ${CACHE_POLICIES[get ? e.cache : 'no-store']}.`,
  required: true,
  schema: { type: 'string' },
});

/** The 200 response: its headers and each media type it is sent as (one unless the registry lists several). */
function ok(e: Endpoint, get: boolean) {
  return {
    description: e.success.description,
    headers: {
      ...commonHeaders,
      'Cache-Control': cacheHeader(e, get),
      ...(get ? { ETag: refHeader('ETag') } : {}),
      ...(e.successor !== undefined ? legacyExtra : {}),
    },
    content: e.success.media
      ? Object.fromEntries(Object.entries(e.success.media).map(([type, schema]) => [type, { schema }]))
      : { [e.success.contentType ?? 'application/json']: { schema: e.success.schema } },
  };
}

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

const withExample = (value: ExampleValue | undefined) => (value === undefined ? {} : { example: value });

function queryParameter(p: QueryParam, example: ExampleValue | undefined) {
  return {
    name: p.name, in: 'query', required: p.required ?? false,
    ...(p.description ? { description: p.description } : {}),
    schema: { ...ruleSchema(p.rule), ...p.schema },
    ...withExample(example),
  };
}

function pathParameters(e: Endpoint, ex: OperationExamples) {
  return Object.entries(e.pathParams ?? {}).map(([name, p]) => ({
    name, in: 'path', required: true, ...(p.description ? { description: p.description } : {}), schema: p.schema, ...withExample(ex.path[name]),
  }));
}

const operationIdOf = (method: string, path: string) =>
  `${method}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`;

/** The path item of an endpoint: its GET and POST operations; path parameters at path level. */
function pathItem(e: Endpoint, ex: OperationExamples): Record<string, unknown> {
  const legacy = e.successor !== undefined;
  const errors = errorRefs([...e.errors, 405, 429, 500], legacy);
  const query = e.query?.length ? e.query.map((p) => queryParameter(p, ex.query[p.name])) : undefined;
  const out: Record<string, unknown> = {};
  const params = pathParameters(e, ex);
  if (params.length) out.parameters = params;
  for (const method of ['get', 'post'] as const) {
    if (!e[method]) continue;
    const get = method === 'get';
    out[method] = {
      tags: [e.tag],
      summary: e.summary,
      description: e.description,
      ...(legacy ? { deprecated: true } : {}),
      operationId: operationIdOf(method, e.path),
      ...(query && get ? { parameters: query } : {}),
      ...(e.body && !get
        ? {
          requestBody: {
            required: true,
            description: `JSON, at most ${BODY_LIMIT_BYTES} bytes.`,
            content: { 'application/json': { schema: ref(e.body), ...(ex.body ? { example: ex.body } : {}) } },
          },
        }
        : {}),
      responses: {
        '200': ok(e, get),
        ...(get ? { '304': NOT_MODIFIED } : {}),
        ...errors,
      },
    };
  }
  return out;
}

/** What every path does the same way, said once instead of as an operation per path. */
function protocolDescription(ds: Dataset): string {
  return [
    'Unauthenticated, read-only. Versioned API under /v1 with the `{ data, meta }` envelope; deprecated flat aliases under /api/campus-*. ' +
      `Data version ${ds.dataVersion} (see GET /v1/datasets). Every response carries X-Request-Id, CORS headers and Cache-Control. ` +
      'Unknown or repeated query parameters → 400 invalid_query. A trailing slash is accepted on every path.',
    '**HEAD** — every path with a GET also answers HEAD: the same status and headers as the GET (Content-Length included), no body.',
    `**OPTIONS** — every path answers OPTIONS (CORS preflight): 204 No Content with \`Allow\` (the methods of the path), the CORS headers and \`Cache-Control: ${CACHE_PREFLIGHT}\`; no body.`,
    '**Conditional requests** — a GET answered with an `ETag` answers `If-None-Match` with that ETag by 304 Not Modified: no body and no Content-Type.',
    '**Examples** — the parameter and request-body examples of this document are real records of the data it was served with, so "Try it out" answers with data.',
    'Data: © OpenStreetMap contributors (ODbL 1.0); UBC open geodata (PDDL 1.0); each campus map names its own sources (`attribution`, `license`).',
  ].join('\n\n');
}

export function openapiDocument(ds: Dataset, endpoints: readonly Endpoint[] = ENDPOINTS): Record<string, unknown> {
  const documented = endpoints.filter((e) => !e.hidden);
  const examplesOf = datasetExamples(ds);
  const paths = Object.fromEntries(documented.map((e) => [e.path, pathItem(e, examplesOf(e))]));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Public Campus Data API',
      version: '1.0.0',
      summary: 'Read-only public campus data: buildings, places, walking estimates and gap planning.',
      description: protocolDescription(ds),
      license: { name: 'Data: ODbL-1.0', url: 'https://opendatacommons.org/licenses/odbl/1-0/' },
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '/' }],
    security: [],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: COMPONENTS,
      headers: HEADERS,
      responses: { ...errorResponses(false), ...errorResponses(true) },
    },
  };
}
