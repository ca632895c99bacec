/** API provenance (SPEC §2.3) from source provenance refs. */
import type { Provenance, SourceRecord } from '../../../runtime/domain/types.ts';
import type { SourceProvenanceRef } from '../../load/source-types.ts';

export function sourceName(source: SourceRecord): string {
  return source.title ?? source.id;
}

const OSM_ELEMENT = /^(node|way|relation)\/\d+$/;

/** Whether a native id names an OpenStreetMap element (`way/123`…). */
export const isOsmElement = (id: string | null | undefined): id is string => typeof id === 'string' && OSM_ELEMENT.test(id);

/** The page of the fact: an OpenStreetMap element's own page when the native id is one (issue 10). */
function factUrl(nativeId: string | null, sourceUrl: string): string {
  return isOsmElement(nativeId) ? `https://www.openstreetmap.org/${nativeId}` : sourceUrl;
}

/**
 * One record per ref whose source has a URL; refs to URL-less sources stay in sources/ only.
 * Validation guarantees at least one remains. `legacy`: the aliases' frozen records keep the
 * source's own URL, so several refs to one source's elements (a building of several OpenStreetMap
 * ways) are one record there, as before they were named.
 */
export function apiProvenance(
  refs: readonly Pick<SourceProvenanceRef, 'sourceId' | 'nativeId' | 'verification' | 'lastVerified'>[],
  sources: ReadonlyMap<string, SourceRecord>,
  { legacy = false } = {},
): Provenance[] {
  const out: Provenance[] = [];
  for (const ref of refs) {
    const source = sources.get(ref.sourceId)!;
    if (!source.url) continue;
    const record: Provenance = {
      source: sourceName(source),
      sourceUrl: legacy ? source.url : factUrl(ref.nativeId, source.url),
      lastVerified: ref.lastVerified ?? source.retrievedAt ?? 'unknown',
      verificationStatus: ref.verification,
    };
    const same = (p: Provenance) => p.source === record.source && p.sourceUrl === record.sourceUrl && p.lastVerified === record.lastVerified && p.verificationStatus === record.verificationStatus;
    if (!(legacy && out.some(same))) out.push(record);
  }
  return out;
}

export function sourcesById(sources: readonly SourceRecord[]): Map<string, SourceRecord> {
  return new Map(sources.map((s) => [s.id, s]));
}
