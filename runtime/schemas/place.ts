/** Place schemas (SPEC §2.10, BEHAVIOUR §9). */
import { AVAILABILITIES, PLACE_KINDS, VERIFICATIONS } from '../domain/types.ts';
import { arrayOf, CODE_PATTERN, enumOf, nullable, record, ref, SLUG_PATTERN, str } from './common.ts';

export const PlaceHours = record({
  openingHours: str({ description: 'OpenStreetMap opening_hours (documented subset).' }),
  source: str(),
  sourceUrl: nullable('string', { format: 'uri' }),
  observedAt: str(),
  verificationStatus: enumOf(VERIFICATIONS),
  expiresAt: nullable('string'),
  validForDays: nullable('integer', { minimum: 1 }),
});

export const Place = record(
  {
    id: str({ pattern: SLUG_PATTERN }),
    name: str(),
    kind: enumOf(PLACE_KINDS),
    building: str({ pattern: CODE_PATTERN }),
    university: str(),
    campus: str(),
    amenities: arrayOf(str()),
    hours: { oneOf: [ref('PlaceHours'), { type: 'null' }] },
    availability: enumOf(AVAILABILITIES, { description: 'Evaluated at request time. unknown = cannot be determined; never treat it as closed.' }),
    evaluatedAt: str({ format: 'date-time' }),
    nextTransition: nullable('string', { format: 'date-time', description: 'Next change of availability within 7 days, else null.' }),
    hoursProvenance: { oneOf: [ref('Provenance'), { type: 'null' }] },
    provenance: arrayOf(ref('Provenance')),
    hoursText: nullable('string', {
      description:
        "The hours as the place's owner publishes them in free text, verbatim (e.g. UBC geodata HOURS), or null. Read into `hours` only when every part of it is understood; otherwise `hours` is null and availability unknown. On every v1 record; absent from the deprecated /api/campus-* aliases, which keep their original shape.",
    }),
    availabilityVerification: enumOf(VERIFICATIONS, {
      description:
        "What `availability` rests on: verified = hours with a stated validity that includes the instant; inferred = a standing weekly schedule the owner publishes without a validity period (hoursProvenance.lastVerified = its last edit); unknown = availability is unknown. On every v1 record; absent from the deprecated aliases.",
    }),
  },
  ['hoursText', 'availabilityVerification'],
);
