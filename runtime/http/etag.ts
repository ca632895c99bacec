/** Weak ETags derived from (dataVersion, path, canonical query[, state]) and If-None-Match matching. */
import { createHash } from 'node:crypto';

export function weakEtag(dataVersion: string, path: string, canonicalQuery: string, state = ''): string {
  const h = createHash('sha256').update(`${dataVersion}\n${path}\n${canonicalQuery}\n${state}`).digest('base64url');
  return `W/"${h.slice(0, 27)}"`;
}

/** Weak comparison (RFC 9110 §13.1.2): `*`, or any listed tag whose opaque part equals ours. */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (header === undefined || header === '') return false;
  if (header.trim() === '*') return true;
  const ours = opaque(etag);
  for (const part of header.split(',')) if (opaque(part.trim()) === ours) return true;
  return false;
}

function opaque(tag: string): string {
  return tag.startsWith('W/') ? tag.slice(2) : tag;
}
