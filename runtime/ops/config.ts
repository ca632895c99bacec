/**
 * Operational settings, read once from the environment. Every value has a safe default;
 * 0 disables a cap. Nothing here changes API behaviour except the 429/timeout safety nets.
 */
import { DEFAULT_CAMPUS_CACHE_MB } from '../data/campus-cache.ts';
export interface OpsConfig {
  /** Concurrent TCP connections above which requests are answered 429 (0 = no cap). */
  maxConnections: number;
  /** Requests being processed at once above which new ones are answered 429 (0 = no cap). */
  maxInflight: number;
  /** Seconds sent in Retry-After on 429. */
  retryAfterSeconds: number;
  /** Largest request head (request line + headers) in bytes; larger → 400 invalid_request. */
  maxHeaderSize: number;
  /** Time allowed to receive the complete request head (slow-loris guard). */
  headersTimeoutMs: number;
  /** Time allowed to receive the complete request (head + body). */
  requestTimeoutMs: number;
  /** Idle time before a keep-alive connection is closed. */
  keepAliveTimeoutMs: number;
  /** How often Node checks the two timeouts above. */
  connectionsCheckingIntervalMs: number;
  /** Bounded wait for in-flight requests on SIGTERM/SIGINT. */
  shutdownTimeoutMs: number;
  /** On SIGTERM/SIGINT, keep serving this long with /readyz answering 503 before closing the listener (0 = close at once). */
  drainDelayMs: number;
  /** One JSON line per request on stdout (LOG_REQUESTS=0 turns it off, e.g. for benchmarks). */
  logRequests: boolean;
  /** Server processes behind one port (node:cluster); 1 = no cluster. */
  workers: number;
  /** Byte budget, in MB per process, of the campus parts read on first use (runtime/data/campus-cache.ts). */
  campusCacheMb: number;
}

/** A setting the server cannot start with; `setting` names the environment variable to fix. */
export class SettingError extends Error {
  constructor(readonly setting: string, message: string) {
    super(message);
    this.name = 'SettingError';
  }
}

/** An operator-supplied value, quoted and bounded for a log line. */
export function shown(raw: string): string {
  return JSON.stringify(raw.length > 80 ? raw.slice(0, 80) + '…' : raw);
}

function int(env: NodeJS.ProcessEnv, name: string, dflt: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return dflt;
  const n = Number(raw);
  if (!/^\s*\d+\s*$/.test(raw) || !Number.isInteger(n) || n < min || n > max) {
    throw new SettingError(name, `${name} must be an integer from ${min} to ${max}, got ${shown(raw)}`);
  }
  return n;
}

/** Where to listen: PORT (default 3000; 0 = any free port) and HOST (default 0.0.0.0, all IPv4 interfaces). */
export interface ListenConfig {
  port: number;
  host: string;
}

export function readListenConfig(env: NodeJS.ProcessEnv = process.env): ListenConfig {
  return { port: int(env, 'PORT', 3000, 0, 65535), host: env.HOST?.trim() || '0.0.0.0' };
}

export function readOpsConfig(env: NodeJS.ProcessEnv = process.env): OpsConfig {
  const log = (env.LOG_REQUESTS ?? '1').trim().toLowerCase();
  return {
    maxConnections: int(env, 'MAX_CONNECTIONS', 1000, 0, 1_000_000),
    maxInflight: int(env, 'MAX_INFLIGHT', 500, 0, 1_000_000),
    retryAfterSeconds: int(env, 'RETRY_AFTER_SECONDS', 1, 1, 3600),
    maxHeaderSize: int(env, 'MAX_HEADER_SIZE', 16 * 1024, 1024, 1024 * 1024),
    headersTimeoutMs: int(env, 'HEADERS_TIMEOUT_MS', 10_000, 100, 600_000),
    requestTimeoutMs: int(env, 'REQUEST_TIMEOUT_MS', 15_000, 100, 600_000),
    keepAliveTimeoutMs: int(env, 'KEEP_ALIVE_TIMEOUT_MS', 5_000, 100, 600_000),
    connectionsCheckingIntervalMs: int(env, 'CONNECTIONS_CHECK_MS', 1_000, 50, 60_000),
    shutdownTimeoutMs: int(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    drainDelayMs: int(env, 'DRAIN_DELAY_MS', 0, 0, 600_000),
    logRequests: !(log === '0' || log === 'false' || log === 'off' || log === 'no'),
    workers: int(env, 'WORKERS', 1, 1, 64),
    campusCacheMb: int(env, 'CAMPUS_CACHE_MB', DEFAULT_CAMPUS_CACHE_MB, 1, 1_048_576),
  };
}
