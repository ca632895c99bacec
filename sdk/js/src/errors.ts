/**
 * Error kinds. Every failure the client throws is a CampusError:
 * - CampusApiError: the server answered with a non-2xx status (fields from the v1 error envelope);
 * - CampusTimeoutError: no complete answer within `timeoutMs` (per attempt);
 * - CampusNetworkError: the request could not be sent or the answer not received (DNS, refused, reset, CORS…).
 */
export class CampusError extends Error {
  override name = 'CampusError';
}

export class CampusApiError extends CampusError {
  override name = 'CampusApiError';
  constructor(
    /** HTTP status, e.g. 404. */
    readonly status: number,
    /** Stable machine-readable code from the envelope (e.g. `building_not_found`); `http_<status>` when the body is not the API's envelope (e.g. a proxy's 502 page). */
    readonly code: string,
    message: string,
    /** error.details from the envelope (e.g. `{ candidates }` for ambiguous_building, `{ fields }` for invalid_request). */
    readonly details: unknown,
    /** meta.requestId, or the X-Request-Id header; null when neither is present. */
    readonly requestId: string | null,
    /** Delay requested by Retry-After in milliseconds (uncapped), or null. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

export class CampusNetworkError extends CampusError {
  override name = 'CampusNetworkError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

export class CampusTimeoutError extends CampusError {
  override name = 'CampusTimeoutError';
  constructor(readonly timeoutMs: number) {
    super(`no complete response within ${timeoutMs} ms`);
  }
}

/** Builds the CampusApiError for a non-2xx answer from its status, headers and body bytes. */
export function apiError(status: number, headers: Headers, body: Uint8Array, retryAfterMs: number | null): CampusApiError {
  let envelope: any;
  try {
    envelope = JSON.parse(new TextDecoder().decode(body));
  } catch {
    envelope = undefined;
  }
  const err = envelope?.error;
  const requestId = (typeof envelope?.meta?.requestId === 'string' ? envelope.meta.requestId : null) ?? headers.get('x-request-id');
  if (err && typeof err.code === 'string') {
    return new CampusApiError(status, err.code, String(err.message ?? err.code), err.details, requestId, retryAfterMs);
  }
  return new CampusApiError(status, `http_${status}`, `HTTP ${status} without an API error envelope`, undefined, requestId, retryAfterMs);
}
