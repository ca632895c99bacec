/** A fuzzed request and its serialization to raw bytes. */
export interface FuzzRequest {
  method: string;
  /** Path as written on the request line (may contain raw non-ASCII → sent as UTF-8). */
  path: string;
  query: string;
  headers: [string, string][];
  body: Buffer | null;
  /** How the body length is framed. */
  framing: 'length' | 'chunked' | 'none' | 'short' | 'bogus' | 'duplicate';
}

export function serialize(r: FuzzRequest): Buffer {
  const target = r.path + (r.query ? '?' + r.query : '');
  let head = `${r.method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n`;
  for (const [k, v] of r.headers) head += `${k}: ${v}\r\n`;
  const body = r.body ?? Buffer.alloc(0);
  const parts: Buffer[] = [];
  switch (r.framing) {
    case 'length':
      if (r.body !== null) head += `Content-Length: ${body.length}\r\n`;
      parts.push(body);
      break;
    case 'chunked': {
      head += 'Transfer-Encoding: chunked\r\n';
      const step = Math.max(1, Math.ceil(body.length / 3));
      for (let i = 0; i < body.length; i += step) {
        const c = body.subarray(i, i + step);
        parts.push(Buffer.from(c.length.toString(16) + '\r\n'), c, Buffer.from('\r\n'));
      }
      parts.push(Buffer.from('0\r\n\r\n'));
      break;
    }
    case 'none':
      parts.push(body);
      break;
    case 'short':
      head += `Content-Length: ${Math.max(0, body.length - 3)}\r\n`;
      parts.push(body);
      break;
    case 'bogus':
      head += 'Content-Length: 12abc\r\n';
      parts.push(body);
      break;
    case 'duplicate':
      head += `Content-Length: ${body.length}\r\nContent-Length: ${body.length + 1}\r\n`;
      parts.push(body);
      break;
  }
  return Buffer.concat([Buffer.from(head + '\r\n', 'utf8'), ...parts]);
}

export function describe(r: FuzzRequest): string {
  const body = r.body === null ? '' : ` body(${r.body.length}B, ${r.framing})=${JSON.stringify(r.body.subarray(0, 200).toString('latin1'))}`;
  return `${r.method} ${JSON.stringify(r.path)}${r.query ? ' ?' + JSON.stringify(r.query.slice(0, 200)) : ''} headers=${JSON.stringify(r.headers.map(([k, v]) => [k, v.slice(0, 80)]))}${body}`;
}
