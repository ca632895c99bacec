/** Root record, university and campus schemas (SPEC §2.11, BEHAVIOUR §10). */
import { BOUNDS_SOURCES, REGIONS } from '../domain/types.ts';
import { arrayOf, enumOf, record, ref, str } from './common.ts';

export const University = record({
  id: str(),
  name: str(),
  shortName: str(),
  isDefault: { type: 'boolean' },
  defaultCampus: str(),
  campuses: arrayOf(str(), { description: 'Campus ids in registry order.' }),
  capabilities: arrayOf(str()),
  editions: arrayOf(record({ campus: str(), dataVersion: str() }), { description: 'Campus data edition (data version) per campus.' }),
});

/** [lon, lat]: `items` with fixed bounds (not `prefixItems`, which OpenAPI tools such as Spectral reject without `items`). */
const lonLat = arrayOf({ type: 'number' }, { minItems: 2, maxItems: 2 });

export const Campus = record({
  id: str(),
  university: str(),
  name: str(),
  shortName: str(),
  isDefault: { type: 'boolean' },
  timeZone: str({ description: 'IANA time zone.' }),
  region: enumOf(REGIONS),
  bounds: arrayOf(lonLat, { minItems: 2, maxItems: 2, description: '[[west, south], [east, north]] in degrees.' }),
  boundsSource: enumOf(BOUNDS_SOURCES),
  extent: {
    oneOf: [arrayOf(lonLat, { minItems: 2, maxItems: 2 }), { type: 'null' }],
    description: '[[west, south], [east, north]] of everything the campus map draws (buildings, outlines, entrances, walking paths), beside the published `bounds`; null when nothing is drawn.',
  },
  walkingGraph: { type: 'boolean', description: 'true when routes use a mapped walking graph; otherwise routes are approximate estimates.' },
  buildingCount: { type: 'integer', minimum: 0 },
  entranceCount: { type: 'integer', minimum: 0 },
  placeCount: { type: 'integer', minimum: 0 },
  dataVersion: str(),
  coverage: ref('CampusCoverage'),
  capabilities: arrayOf(str()),
});

export const ApiInfo = record({
  name: str(),
  apiVersion: { const: 'v1' },
  dataVersion: str(),
  dataVersions: { type: 'object', additionalProperties: str(), description: 'Data version per campus id.' },
  generatedAt: str({ format: 'date-time' }),
  authentication: { const: 'none' },
  capabilities: arrayOf(str()),
  privacy: str(),
  attribution: str(),
  license: record({ name: str(), url: str({ format: 'uri' }), notice: str(), attributions: arrayOf(str()) }),
  defaultUniversity: str(),
  defaultCampus: str(),
  universities: arrayOf(ref('University')),
  campuses: arrayOf(ref('Campus')),
  links: { type: 'object', additionalProperties: str() },
});
