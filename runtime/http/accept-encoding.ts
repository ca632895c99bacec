/** Content negotiation of the encodings this server sends: gzip (precompressed pages' assets and campus maps). */
import type { IncomingMessage } from 'node:http';

/** Whether Accept-Encoding lists gzip with a non-zero weight. */
export function acceptsGzip(req: IncomingMessage): boolean {
  const header = req.headers['accept-encoding'];
  if (typeof header !== 'string') return false;
  for (const part of header.split(',')) {
    const [coding, ...params] = part.split(';').map((x) => x.trim().toLowerCase());
    if (coding !== 'gzip') continue;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

/** The weak or strong ETag of a gzip representation: the identity one's, marked `-gz` (they differ in bytes). */
export const gzipEtag = (etag: string): string => `${etag.slice(0, -1)}-gz"`;
