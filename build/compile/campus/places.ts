/**
 * Place records of the artifact (types.ts PlaceRecord), ordered by id, and the report of the hours
 * published as free text (BEHAVIOUR §9): read into the opening-hours model only when every part is
 * understood (free-text-hours.ts); such a standing schedule is `inferred`, dated by the record's last
 * edit; the text is kept (`hoursText`) either way.
 */
import type { PlaceHours, PlaceRecord, Provenance, SourceRecord } from '../../../runtime/domain/types.ts';
import { compileOpeningHours } from './opening-hours.ts';
import { parseFreeTextHours } from './free-text-hours.ts';
import type { SourceCampusFile, SourceHours, SourcePlace } from '../../load/source-types.ts';
import { apiProvenance, sourceName, sourcesById } from './provenance.ts';
import { compareStrings } from './buildings.ts';

/** Free-text hours of one campus: how many were read, and each refused one with its reason. */
export interface HoursTextReport {
  published: number;
  parsed: number;
  refused: { place: string; text: string; reason: string }[];
}

/** The opening_hours hours of a place: as stored, or read from its published text (null when unreadable). */
function openingHoursOf(place: SourcePlace, report: HoursTextReport): SourceHours | null {
  if (place.hours) return place.hours;
  const published = place.publishedHours;
  if (!published) return null;
  report.published++;
  const read = parseFreeTextHours(published.text);
  if (!read.ok) {
    report.refused.push({ place: place.id, text: published.text, reason: read.reason });
    return null;
  }
  report.parsed++;
  // A standing weekly schedule without a validity period: inferred, as of the record's last edit.
  return { openingHours: read.openingHours, sourceId: published.sourceId, observedAt: published.lastEdited, verification: 'inferred' };
}

function placeHours(h: SourceHours, sources: ReadonlyMap<string, SourceRecord>): { hours: PlaceHours; hoursProvenance: Provenance } {
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

export function placeRecords(campus: SourceCampusFile, university: string): { records: PlaceRecord[]; hoursText: HoursTextReport } {
  const sources = sourcesById(campus.sources);
  const report: HoursTextReport = { published: 0, parsed: 0, refused: [] };
  const records = [...campus.places]
    .sort((a, b) => compareStrings(a.id, b.id))
    .map((p): PlaceRecord => {
      const h = openingHoursOf(p, report);
      const hours = h ? placeHours(h, sources) : null;
      let schedule = null;
      if (h) {
        const compiled = compileOpeningHours(h.openingHours);
        if (!compiled.ok) throw new Error(`place ${p.id}: opening hours ${JSON.stringify(h.openingHours)} do not compile (${compiled.reason})`);
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
        hoursText: p.publishedHours?.text ?? null,
        schedule,
        hoursProvenance: hours?.hoursProvenance ?? null,
        provenance: apiProvenance(p.provenance, sources),
      };
    });
  return { records, hoursText: report };
}
