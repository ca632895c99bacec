/** dataVersion (BEHAVIOUR §10): `YYYY-MM-DD.<first 8 hex of sha256 of the canonical sources>`. */
import { createHash } from 'node:crypto';
import stringify from 'fast-json-stable-stringify';
import type { ValidSources } from '../load/source-types.ts';

/**
 * sha256 over every source file in path order, each as `path NUL content`; JSON files are
 * re-serialized with sorted keys so formatting does not change the version.
 */
export function sourcesHash(files: readonly { path: string; content: Buffer }[]): string {
  const hash = createHash('sha256');
  for (const f of files) {
    hash.update(f.path);
    hash.update('\0');
    hash.update(f.path.endsWith('.json') ? stringify(JSON.parse(f.content.toString('utf8'))) : f.content);
  }
  return hash.digest('hex');
}

/** Latest retrieval date among the campus sources and graph metadata. */
export function latestRetrieval(sources: ValidSources): string {
  let latest = '';
  for (const c of sources.campuses) for (const s of c.sources) if (s.retrievedAt && s.retrievedAt > latest) latest = s.retrievedAt;
  for (const g of sources.graphs.values()) if (g.meta.retrievedAt && g.meta.retrievedAt > latest) latest = g.meta.retrievedAt;
  return latest || '1970-01-01';
}

export function dataVersionOf(date: string, hash: string): string {
  return `${date}.${hash.slice(0, 8)}`;
}
