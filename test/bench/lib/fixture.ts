/** Responses captured from the API at bench start, replayed by the baseline server. */
import type { RawResponse } from './http.ts';

export interface Fixture {
  get: Record<string, { status: number; headers: string[]; body: string }>;
  post: Record<string, { status: number; headers: string[]; responses: Record<string, unknown> }>;
}

const DROP = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** Raw headers of a response minus the ones Node's server writes itself. */
export function replayHeaders(r: RawResponse, dropContentLength = false): string[] {
  const out: string[] = [];
  for (let i = 0; i < r.rawHeaders.length; i += 2) {
    const k = r.rawHeaders[i]!.toLowerCase();
    if (DROP.has(k) || (dropContentLength && k === 'content-length')) continue;
    out.push(r.rawHeaders[i]!, r.rawHeaders[i + 1]!);
  }
  return out;
}
