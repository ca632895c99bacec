/**
 * Retry rules (SPEC §7). Retried: HTTP 429, 502, 503, 504, network failures and timeouts, at most `retries`
 * times. Never retried: any other status (a 4xx is final: validation failures do not fix themselves).
 * Delay before retry n (0-based): on 429 or 503 with Retry-After (seconds or HTTP date), that delay capped at
 * `maxRetryDelayMs`; otherwise full-jitter exponential backoff: random(0, min(maxRetryDelayMs, baseMs·2ⁿ)).
 * Every operation of the API is a read or a pure calculation (POSTs store nothing), so retrying is safe.
 */
import { CampusApiError, CampusError } from './errors.js';

export const RETRY_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);
/** Default cap on any single wait between attempts (also applied to Retry-After). */
export const DEFAULT_MAX_RETRY_DELAY_MS = 30_000;
/** Default first backoff ceiling; doubles per retry. */
export const DEFAULT_RETRY_BASE_MS = 500;

/** Retry-After as milliseconds from `now`: delta-seconds or an HTTP date; null when absent or invalid. */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | null {
  if (value == null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export function isRetryable(err: unknown): boolean {
  if (err instanceof CampusApiError) return RETRY_STATUSES.has(err.status);
  return err instanceof CampusError; // network failures and timeouts
}

export interface RetryPolicy {
  retryBaseMs: number;
  maxRetryDelayMs: number;
  random?: () => number;
}

/** Milliseconds to wait before retry number `retry` (0-based) after `err`. */
export function retryDelayMs(err: unknown, retry: number, policy: RetryPolicy): number {
  if (err instanceof CampusApiError && (err.status === 429 || err.status === 503) && err.retryAfterMs !== null) {
    return Math.min(err.retryAfterMs, policy.maxRetryDelayMs);
  }
  const ceiling = Math.min(policy.maxRetryDelayMs, policy.retryBaseMs * 2 ** retry);
  return Math.floor((policy.random ?? Math.random)() * ceiling);
}
