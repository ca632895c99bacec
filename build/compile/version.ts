/** dataVersion (BEHAVIOUR §10): `YYYY-MM-DD.<first 8 hex of sha256 of the canonical sources>`. */
import { createHash } from 'node:crypto';
import stringify from 'fast-json-stable-stringify';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listSourcePaths } from '../load/load-sources.ts';

/**
 * sha256 over every source file in path order, each as `path NUL content`; JSON files are
 * re-serialized with sorted keys so formatting does not change the version.
 */
export function sourcesHash(files: Iterable<{ path: string; content: Buffer }>): string {
  const hash = createHash('sha256');
  for (const f of files) {
    hash.update(f.path);
    hash.update('\0');
    hash.update(f.path.endsWith('.json') ? stringify(parseOrText(f.content)) : f.content);
  }
  return hash.digest('hex');
}

/** A JSON file's value, or its text when it is not JSON (validation reports it; the hash still follows it). */
function parseOrText(content: Buffer): unknown {
  const text = content.toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** What the data version is made of (BEHAVIOUR §10): the sources' hash and their latest retrieval date. */
export interface SourcesDigest {
  hash: string;
  /** Latest retrievedAt among the campus files' sources and the graphs' meta, `1970-01-01` when none. */
  date: string;
}

/**
 * The digest of a sources directory, reading one file at a time (the build then reads one campus at a time,
 * so its memory does not grow with the number of campuses).
 */
export function digestSources(sourcesDir: string, paths: readonly string[] = listSourcePaths(sourcesDir)): SourcesDigest {
  let date = '';
  const later = (d: unknown) => {
    if (typeof d === 'string' && d > date) date = d;
  };
  function* files() {
    for (const path of paths) {
      const content = readFileSync(join(sourcesDir, path));
      if (/^campuses\/[^/]+\.json$/.test(path) || /^graphs\/[^/]+\/meta\.json$/.test(path)) {
        const value = parseOrText(content) as { sources?: { retrievedAt?: unknown }[]; retrievedAt?: unknown } | null;
        if (Array.isArray(value?.sources)) for (const s of value.sources) later(s?.retrievedAt);
        else later(value?.retrievedAt);
      }
      yield { path, content };
    }
  }
  const hash = sourcesHash(files());
  return { hash, date: date || '1970-01-01' };
}

export function dataVersionOf(date: string, hash: string): string {
  return `${date}.${hash.slice(0, 8)}`;
}
