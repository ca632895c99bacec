/** API provenance (SPEC §2.3) from source provenance refs. */
import type { Provenance, SourceRecord } from '../../../runtime/domain/types.ts';
import type { SourceProvenanceRef } from '../../load/source-types.ts';

export function sourceName(source: SourceRecord): string {
  return source.title ?? source.id;
}

/**
 * One record per ref whose source has a URL; refs to URL-less sources stay in sources/ only.
 * Validation guarantees at least one remains.
 */
export function apiProvenance(refs: readonly SourceProvenanceRef[], sources: ReadonlyMap<string, SourceRecord>): Provenance[] {
  const out: Provenance[] = [];
  for (const ref of refs) {
    const source = sources.get(ref.sourceId)!;
    if (!source.url) continue;
    out.push({
      source: sourceName(source),
      sourceUrl: source.url,
      lastVerified: ref.lastVerified ?? source.retrievedAt ?? 'unknown',
      verificationStatus: ref.verification,
    });
  }
  return out;
}

export function sourcesById(sources: readonly SourceRecord[]): Map<string, SourceRecord> {
  return new Map(sources.map((s) => [s.id, s]));
}
