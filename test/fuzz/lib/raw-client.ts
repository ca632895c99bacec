/**
 * Raw HTTP/1.1 over a TCP socket to 127.0.0.1, so the fuzzer can send what fetch and
 * http.request refuse to (bad request lines, bogus lengths, invalid UTF-8, odd methods).
 */
import net from 'node:net';

export interface RawResult {
  /** null when the server closed the connection without a response. */
  status: number | null;
  headers: Record<string, string | string[]>;
  body: Buffer;
  error?: string;
}

function parseHead(head: string): { status: number; headers: Record<string, string | string[]> } {
  const lines = head.split('\r\n');
  const m = /^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '');
  const headers: Record<string, string | string[]> = {};
  for (const line of lines.slice(1)) {
    const i = line.indexOf(':');
    if (i <= 0) continue;
    const k = line.slice(0, i).trim().toLowerCase();
    const v = line.slice(i + 1).trim();
    const prev = headers[k];
    headers[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return { status: m ? Number(m[1]) : NaN, headers };
}

function dechunk(buf: Buffer): Buffer | null {
  const out: Buffer[] = [];
  let i = 0;
  for (;;) {
    const eol = buf.indexOf('\r\n', i);
    if (eol === -1) return null;
    const size = parseInt(buf.subarray(i, eol).toString('latin1'), 16);
    if (!Number.isFinite(size)) return null;
    if (size === 0) return Buffer.concat(out);
    if (buf.length < eol + 2 + size + 2) return null;
    out.push(buf.subarray(eol + 2, eol + 2 + size));
    i = eol + 2 + size + 2;
  }
}

/** Sends `bytes`, returns the first response. `headOnly`: HEAD request (no body follows). */
export function rawRequest(port: number, bytes: Buffer, headOnly: boolean, timeoutMs = 5000): Promise<RawResult> {
  return new Promise((resolve) => {
    const sock = net.connect({ host: '127.0.0.1', port });
    let data = Buffer.alloc(0);
    let settled = false;
    const finish = (r: RawResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      sock.destroy();
      resolve(r);
    };
    const tryParse = (ended: boolean): void => {
      const sep = data.indexOf('\r\n\r\n');
      if (sep === -1) {
        if (ended) finish({ status: null, headers: {}, body: Buffer.alloc(0), error: data.length ? 'truncated head' : 'closed without response' });
        return;
      }
      const { status, headers } = parseHead(data.subarray(0, sep).toString('latin1'));
      if (status >= 100 && status < 200) {
        // Interim response (100 Continue): skip it and wait for the final one.
        data = data.subarray(sep + 4);
        return tryParse(ended);
      }
      const rest = data.subarray(sep + 4);
      const noBody = headOnly || status === 204 || status === 304 || (status >= 100 && status < 200);
      if (noBody) return finish({ status, headers, body: Buffer.alloc(0) });
      const cl = headers['content-length'];
      if (typeof cl === 'string') {
        const n = Number(cl);
        if (rest.length >= n) return finish({ status, headers, body: rest.subarray(0, n) });
      } else if (String(headers['transfer-encoding'] ?? '').toLowerCase() === 'chunked') {
        const b = dechunk(rest);
        if (b) return finish({ status, headers, body: b });
      } else if (ended) {
        return finish({ status, headers, body: rest });
      }
      if (ended) finish({ status, headers, body: rest, error: 'truncated body' });
    };
    const timer = setTimeout(() => finish({ status: null, headers: {}, body: data, error: 'timeout' }), timeoutMs);
    sock.on('data', (c: Buffer) => {
      data = Buffer.concat([data, c]);
      tryParse(false);
    });
    sock.on('end', () => tryParse(true));
    sock.on('close', () => tryParse(true));
    sock.on('error', (e: NodeJS.ErrnoException) => {
      // A reset after the server answered and closed (e.g. 413 mid-body) still leaves a response.
      if (data.length) tryParse(true);
      else finish({ status: null, headers: {}, body: Buffer.alloc(0), error: e.code ?? String(e) });
    });
    sock.write(bytes);
  });
}
