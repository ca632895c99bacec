/** Response headers and the shared error responses of the OpenAPI document (v1 envelope and flat legacy variants). */
import { ref, type Schema } from '../schemas/common.ts';
import { BODY_LIMIT_BYTES } from '../http/body.ts';

export const json = (schema: Schema) => ({ 'application/json': { schema } });
export const refResp = (name: string) => ({ $ref: `#/components/responses/${name}` });
export const refHeader = (name: string) => ({ $ref: `#/components/headers/${name}` });

export const HEADERS = {
  'X-Request-Id': { description: 'Fresh UUID v4; equals meta.requestId.', schema: { type: 'string', format: 'uuid' } },
  'Cache-Control': { description: 'See the caching rules in the API description.', schema: { type: 'string' } },
  ETag: { description: 'Weak validator from (dataVersion, path, canonical query). Send it back in If-None-Match for a 304.', schema: { type: 'string' } },
  Allow: { description: 'Methods of the path.', schema: { type: 'string' } },
  Deprecation: { description: 'Always "true" on the compatibility aliases.', schema: { type: 'string', const: 'true' } },
  Link: { description: 'The successor v1 path: <path>; rel="successor-version".', schema: { type: 'string' } },
  'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'string' } },
};

export const commonHeaders = { 'X-Request-Id': refHeader('X-Request-Id'), 'Cache-Control': refHeader('Cache-Control') };
export const legacyExtra = { Deprecation: refHeader('Deprecation'), Link: refHeader('Link') };

function errorResponse(description: string, legacy: boolean, extraHeaders: Record<string, unknown> = {}) {
  return {
    description,
    headers: { ...commonHeaders, ...(legacy ? legacyExtra : {}), ...extraHeaders },
    content: json(ref(legacy ? 'LegacyError' : 'ErrorEnvelope')),
  };
}

/** Error responses by status, v1 envelope and flat legacy variants (components/responses). */
export function errorResponses(legacy: boolean): Record<string, unknown> {
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

const ERROR_REF: Record<number, string> = {
  400: 'BadRequest', 404: 'NotFound', 405: 'MethodNotAllowed', 409: 'Conflict', 413: 'TooLarge',
  415: 'UnsupportedMediaType', 429: 'RateLimited', 500: 'InternalError', 503: 'Unavailable',
};

/** The error responses of an operation by status: references to the shared ones. */
export function errorRefs(codes: readonly number[], legacy: boolean): Record<string, unknown> {
  const s = legacy ? 'Legacy' : '';
  return Object.fromEntries([...codes].sort().map((code) => [String(code), refResp(s + ERROR_REF[code])]));
}

/** 304: what a conditional GET answers when If-None-Match matches; no body, so no Content-Type either. */
export const NOT_MODIFIED = {
  description: 'Not modified (If-None-Match matched the ETag): no body and no Content-Type.',
  headers: { ...commonHeaders, ETag: refHeader('ETag') },
};
