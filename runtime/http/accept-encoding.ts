/** Content negotiation of the encodings this server sends: gzip (precompressed pages' assets and campus maps). */
import type { IncomingMessage } from 'node:http';
import { memoize } from './memo.ts';

/** Whether Accept-Encoding lists gzip with a non-zero weight (each distinct header parsed once: http/memo.ts). */
export function acceptsGzip(req: IncomingMessage): boolean {
  const header = req.headers['accept-encoding'];
  return typeof header === 'string' && listsGzip(header);
}

const listsGzip = memoize((header: string): boolean => {
  for (const part of header.split(',')) {
    const [coding, ...params] = part.split(';').map((x) => x.trim().toLowerCase());
    if (coding !== 'gzip') continue;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
});

/** The weak or strong ETag of a gzip representation: the identity one's, marked `-gz` (they differ in bytes). */
export const gzipEtag = (etag: string): string => `${etag.slice(0, -1)}-gz"`;
