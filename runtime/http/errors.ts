/**
 * The complete list of error codes (BEHAVIOUR §4) and the one error type every handler throws.
 * Both serializations live in envelope.ts: the v1 envelope (errorTemplate) and the flat alias body (legacyErrorBody).
 */

export const ERROR_STATUS = {
  invalid_query: 400,
  invalid_identifier: 400,
  invalid_json: 400,
  invalid_request: 400,
  building_not_found: 404,
  place_not_found: 404,
  university_not_found: 404,
  campus_not_found: 404,
  not_found: 404,
  method_not_allowed: 405,
  ambiguous_building: 409,
  request_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  campus_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
/** The codes in BEHAVIOUR §4 order (the ErrorEnvelope schema's enum). */
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export interface FieldError {
  field: string;
  reason: string;
}

/**
 * An answer to the client, not a fault: no stack trace is captured (capturing one cost ~9 µs, the most of a
 * 404's CPU in a profile of unknown paths), so bad requests stay as cheap as good ones.
 */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    /** Extra response headers (e.g. Allow on 405, Retry-After on 429). */
    readonly headers?: readonly [string, string][],
  ) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.status = ERROR_STATUS[code];
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** Anything that is not an ApiError is a bug: its message must reveal nothing internal. */
export function toApiError(e: unknown): ApiError {
  return isApiError(e) ? e : new ApiError('internal_error', 'An internal error occurred.');
}

export const invalidQuery = (message: string, details?: unknown) => new ApiError('invalid_query', message, details);

/** At most this many offending fields are listed (a hostile 16 KiB body could name thousands). */
export const MAX_LISTED_FIELDS = 50;
const MAX_FIELDS_IN_MESSAGE = 5;

export const invalidRequest = (fields: FieldError[]) => {
  const sorted = [...fields].sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : a.reason < b.reason ? -1 : 1));
  const listed = sorted.slice(0, MAX_LISTED_FIELDS);
  const more = (n: number) => (sorted.length > n ? ` (and ${sorted.length - n} more)` : '');
  const summary = sorted.slice(0, MAX_FIELDS_IN_MESSAGE).map((f) => `${f.field || '(body)'}: ${f.reason}`).join('; ');
  const details = sorted.length > listed.length ? { fields: listed, omittedFields: sorted.length - listed.length } : { fields: listed };
  return new ApiError('invalid_request', `The request body is not valid: ${summary}${more(MAX_FIELDS_IN_MESSAGE)}.`, details);
};
