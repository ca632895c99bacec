/** Place records of the artifact (types.ts PlaceRecord), ordered by id. */
import type { PlaceHours, PlaceRecord, Provenance, SourceRecord } from '../../../runtime/domain/types.ts';
import { compileOpeningHours } from './opening-hours.ts';
import type { SourceCampusFile, SourcePlace } from '../../load/source-types.ts';
import { apiProvenance, sourceName, sourcesById } from './provenance.ts';
import { compareStrings } from './buildings.ts';

function placeHours(place: SourcePlace, sources: ReadonlyMap<string, SourceRecord>): { hours: PlaceHours; hoursProvenance: Provenance } | null {
  const h = place.hours;
  if (!h) return null;
  const source = sources.get(h.sourceId)!;
  const sourceUrl = h.sourceUrl ?? source.url;
  const hours: PlaceHours = {
    openingHours: h.openingHours,
    source: sourceName(source),
    sourceUrl,
    observedAt: h.observedAt,
    verificationStatus: h.verification,
    expiresAt: h.expiresAt ?? null,
    validForDays: h.validForDays ?? null,
  };
  // Validation guarantees a URL for hours.
  const hoursProvenance: Provenance = {
    source: hours.source,
    sourceUrl: sourceUrl!,
    lastVerified: h.observedAt,
    verificationStatus: h.verification,
  };
  return { hours, hoursProvenance };
}

export function placeRecords(campus: SourceCampusFile, university: string): PlaceRecord[] {
  const sources = sourcesById(campus.sources);
  return [...campus.places]
    .sort((a, b) => compareStrings(a.id, b.id))
    .map((p) => {
      const hours = placeHours(p, sources);
      let schedule = null;
      if (p.hours) {
        const compiled = compileOpeningHours(p.hours.openingHours);
        if (!compiled.ok) throw new Error(`place ${p.id}: opening hours passed validation but do not compile`);
        schedule = compiled.schedule;
      }
      return {
        id: p.id,
        name: p.name,
        kind: p.kind,
        building: p.building,
        university,
        campus: campus.campus,
        amenities: [...p.amenities],
        hours: hours?.hours ?? null,
        schedule,
        hoursProvenance: hours?.hoursProvenance ?? null,
        provenance: apiProvenance(p.provenance, sources),
      };
    });
}
