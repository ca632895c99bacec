/**
 * The one module that prepares place bodies, v1 and legacy (BEHAVIOUR §9). Each place's JSON is prepared
 * once, on first use, around its per-request fields; a body is a template (http/template.ts) with blanks for
 * the request's instant (every `evaluatedAt`) and, in the v1 envelope, the request id. Headers come from
 * http/headers.ts.
 */
import type { CampusData } from '../data/load.ts';
import type { EvaluatedPlace } from '../data/places.ts';
import type { PlaceRecord } from '../domain/types.ts';
import { availabilityVerification } from '../domain/availability.ts';
import { DATA_OPEN, LEGACY_OPEN, successFrame, type MetaExtras, type RequestIdBlank } from '../http/envelope.ts';
import { CACHE_NO_STORE, cacheControlUntil } from '../http/headers.ts';
import { isoAt } from '../http/instant.ts';
import type { Reply } from '../http/reply.ts';
import { TemplateBuilder, type EncodedTemplate, type Template } from '../http/template.ts';

/** ISO form of an instant, or null (as the API writes nextTransition). */
export const isoOrNull = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** The blank of every `evaluatedAt` in a places body: the request's instant. */
type InstantBlank = 'instant';
type Builder<B extends string = never> = TemplateBuilder<InstantBlank | B>;

/** A value computed once per instant: requests in the same millisecond share it. */
class PerInstant<T> {
  private iso = '';
  private value: T | undefined;
  constructor(private readonly make: (instantJson: string) => T) {}
  at(iso: string): T {
    if (iso !== this.iso || this.value === undefined) {
      this.value = this.make(JSON.stringify(iso));
      this.iso = iso;
    }
    return this.value;
  }
}

/** A prepared body: filled per instant, the earliest change it shows, its ETag. */
export interface PlacesView {
  /** Earliest nextTransition (epoch ms) among the places shown (it bounds Cache-Control), null when none. */
  earliest: number | null;
  /** ETag of the body, sent unless Cache-Control comes out no-store; undefined for no-store views. */
  etag?: string;
}

/** A v1 view: per instant, the envelope with its request-id blank, encoded. */
export interface EnvelopeView extends PlacesView {
  body: PerInstant<EncodedTemplate<RequestIdBlank>>;
}

/** A legacy view: per instant, the whole flat body. */
export interface FlatView extends PlacesView {
  body: PerInstant<Buffer>;
}

const envelopeBody = (t: Template<InstantBlank | RequestIdBlank>) =>
  new PerInstant((instant) => t.fill({ instant }).encode());
const flatBody = (t: Template<InstantBlank>) => new PerInstant((instant) => Buffer.from(t.text({ instant })));

/** v1 records carry the additive fields (hoursText, availabilityVerification); the legacy aliases keep their original shape. */
export type PlaceShape = 'v1' | 'legacy';

interface Fragments {
  head: string;
  legacyTail: string;
  v1Tail: string;
}

/** Each place's JSON around its per-request fields, prepared on first use (and gone with its campus's records). */
export class PlaceJson {
  private readonly fragments = new WeakMap<PlaceRecord, Fragments>();

  private fragmentsOf(p: PlaceRecord): Fragments {
    let f = this.fragments.get(p);
    if (f === undefined) {
      const front = JSON.stringify({
        id: p.id, name: p.name, kind: p.kind, building: p.building, university: p.university,
        campus: p.campus, amenities: p.amenities, hours: p.hours,
      });
      const provenance = `,"hoursProvenance":${JSON.stringify(p.hoursProvenance)},"provenance":${JSON.stringify(p.provenance)}`;
      f = {
        head: front.slice(0, -1) + ',"availability":',
        legacyTail: `${provenance}}`,
        v1Tail: `${provenance},"hoursText":${JSON.stringify(p.hoursText)},"availabilityVerification":`,
      };
      this.fragments.set(p, f);
    }
    return f;
  }

  /** Appends a place's JSON, with a hole for its evaluatedAt. */
  append<B extends string>(b: Builder<B>, e: EvaluatedPlace, shape: PlaceShape): Builder<B> {
    const f = this.fragmentsOf(e.place);
    const s = e.state;
    const tail = shape === 'legacy' ? f.legacyTail : `${f.v1Tail}${JSON.stringify(availabilityVerification(e.place, s))}}`;
    return b
      .text(`${f.head}${JSON.stringify(s.availability)},"evaluatedAt":`)
      .blank('instant')
      .text(`,"nextTransition":${JSON.stringify(isoOrNull(s.nextTransition))}${tail}`);
  }

  /** Appends `[place,place,…]`. */
  appendAll<B extends string>(b: Builder<B>, shown: readonly EvaluatedPlace[], shape: PlaceShape): Builder<B> {
    b.text('[');
    shown.forEach((e, i) => this.append(i === 0 ? b : b.text(','), e, shape));
    return b.text(']');
  }
}

/** Earliest nextTransition among `shown`. */
export function earliestTransition(shown: readonly EvaluatedPlace[]): number | null {
  let earliest: number | null = null;
  for (const e of shown) {
    const next = e.state.nextTransition;
    if (next !== null && (earliest === null || next < earliest)) earliest = next;
  }
  return earliest;
}

/** A v1 view of one place (`many` false) or a list, in the success envelope. */
export function envelopeView(
  json: PlaceJson, dataVersion: string, extras: MetaExtras, shown: readonly EvaluatedPlace[], many: boolean, etag: string | undefined,
): EnvelopeView {
  const frame = successFrame(dataVersion, extras);
  const b = new TemplateBuilder<InstantBlank | RequestIdBlank>().text(DATA_OPEN);
  (many ? json.appendAll(b, shown, 'v1') : json.append(b, shown[0]!, 'v1')).text(frame.beforeId).blank('requestId').text(frame.suffix);
  return { body: envelopeBody(b.build()), earliest: earliestTransition(shown), etag };
}

/** GET /api/campus-places → {service, dataVersion, generatedAt, places}. */
export function legacyPlacesView(json: PlaceJson, campus: CampusData, generatedAt: string, shown: readonly EvaluatedPlace[], etag: string): FlatView {
  const b = new TemplateBuilder<InstantBlank>().text(
    `${LEGACY_OPEN},"dataVersion":${JSON.stringify(campus.info.dataVersion)},"generatedAt":${JSON.stringify(generatedAt)},"places":`,
  );
  return { body: flatBody(json.appendAll(b, shown, 'legacy').text('}').build()), earliest: earliestTransition(shown), etag };
}

/** GET /api/campus-place → {service, dataVersion, place}. */
export function legacyPlaceView(json: PlaceJson, campus: CampusData, shown: readonly EvaluatedPlace[], etag: string): FlatView {
  const b = new TemplateBuilder<InstantBlank>().text(`${LEGACY_OPEN},"dataVersion":${JSON.stringify(campus.info.dataVersion)},"place":`);
  return { body: flatBody(json.append(b, shown[0]!, 'legacy').text('}').build()), earliest: earliestTransition(shown), etag };
}

/** Cache-Control and ETag of a view at `now` (BEHAVIOUR §2): max-age from the earliest nextTransition shown. */
function placesHeaders(view: PlacesView, now: Date, noStore: boolean): { cacheControl: string; etag?: string } {
  if (noStore) return { cacheControl: CACHE_NO_STORE };
  const cacheControl = cacheControlUntil(view.earliest, now.getTime());
  return cacheControl === CACHE_NO_STORE ? { cacheControl } : { cacheControl, etag: view.etag };
}

/** The reply of a v1 view at `now`: the instant spliced into the text; the writer adds the request id. */
export function envelopeReply(view: EnvelopeView, now: Date, noStore: boolean): Reply {
  return { kind: 'template', template: view.body.at(isoAt(now.getTime())), ...placesHeaders(view, now, noStore) };
}

/** The reply of a flat (legacy) view at `now`: the whole body, no request id inside. */
export function flatReply(view: FlatView, now: Date, link: string): Reply {
  const body = view.body.at(isoAt(now.getTime()));
  return { kind: 'body', body, bytes: body.length, ...placesHeaders(view, now, false), link };
}
