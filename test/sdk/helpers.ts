/**
 * SDK test plumbing: a recording fetch (which v1 operations a client called), the path templates of the
 * served document as matchers, and a scripted HTTP server for retry behaviour.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { v1Operations, type OpenApiDocument } from '../../sdk/codegen/document.ts';

/** fetch that records "METHOD url" of every call, then delegates to the real fetch. */
export function recordingFetch(): { fetch: typeof fetch; calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    fetch: (input, init) => {
      calls.push(`${init?.method ?? 'GET'} ${String(input)}`);
      return fetch(input, init);
    },
  };
}

/** operationId of every v1 GET/POST operation that one of `calls` ("METHOD url") hit. */
export function operationsHit(doc: OpenApiDocument, calls: string[]): Set<string> {
  const matchers = v1Operations(doc).map((o) => ({
    id: o.operationId,
    method: o.method.toUpperCase(),
    re: new RegExp(`^${o.path.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '[^/]+')}$`),
  }));
  const hit = new Set<string>();
  for (const c of calls) {
    const [method, url] = c.split(' ');
    const path = new URL(url).pathname;
    for (const m of matchers) if (m.method === method && m.re.test(path)) hit.add(m.id);
  }
  return hit;
}

export interface Scripted {
  url: string;
  /** performance.now() at each request's arrival, and its "METHOD path". */
  arrivals: number[];
  requests: string[];
  close(): Promise<void>;
}

export type Step =
  | { status: number; headers?: Record<string, string>; body?: unknown }
  | { hangMs: number }
  | 'reset';

/** An HTTP server answering the n-th request with script[n] (the last step repeats). */
export async function scriptedServer(script: Step[]): Promise<Scripted> {
  const arrivals: number[] = [];
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    arrivals.push(performance.now());
    requests.push(`${req.method} ${req.url}`);
    const step = script[Math.min(requests.length - 1, script.length - 1)];
    req.resume();
    if (step === 'reset') {
      req.socket.destroy();
      return;
    }
    if ('hangMs' in step) {
      const t = setTimeout(() => res.end('{}'), step.hangMs);
      res.on('close', () => clearTimeout(t));
      return;
    }
    const body = step.body === undefined ? envelopeFor(step.status) : step.body;
    res.writeHead(step.status, { 'content-type': 'application/json', 'x-request-id': `req-${requests.length}`, ...step.headers });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    arrivals,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const CODES: Record<number, string> = { 400: 'invalid_query', 429: 'rate_limited', 500: 'internal_error', 502: 'bad_gateway', 503: 'unavailable', 504: 'gateway_timeout' };

/** Success or error envelope body for a scripted status. */
function envelopeFor(status: number): unknown {
  if (status < 300) return { data: { ok: true, status }, meta: { apiVersion: 'v1', requestId: 'scripted' } };
  return { error: { code: CODES[status] ?? `status_${status}`, message: `scripted ${status}` }, meta: { apiVersion: 'v1', requestId: `scripted-${status}` } };
}
