/** Minimal loopback HTTP client that keeps raw headers and bytes. */
import http from 'node:http';

export interface RawResponse {
  status: number;
  rawHeaders: string[];
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export function request(
  base: string,
  method: string,
  path: string,
  body?: string | Buffer,
  headers: Record<string, string> = {},
  timeoutMs = 10_000,
): Promise<RawResponse> {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        method,
        path,
        agent: false,
        headers: body !== undefined ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers } : headers,
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, rawHeaders: res.rawHeaders, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

export function json<T = unknown>(r: RawResponse): T {
  return JSON.parse(r.body.toString('utf8')) as T;
}
