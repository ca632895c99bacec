/** Schemas of the map-ready data (issue 10): entrances, campus coverage, route geometry. */
import { ACCESSIBILITIES, ENTRANCE_ACCESS, ENTRANCE_KINDS, VERIFICATIONS } from '../domain/types.ts';
import { arrayOf, enumOf, record, ref, str, type Schema } from './common.ts';

export const Entrance = record(
  {
    id: str(),
    kind: enumOf(ENTRANCE_KINDS),
    lat: { type: 'number', minimum: -90, maximum: 90 },
    lon: { type: 'number', minimum: -180, maximum: 180 },
    access: enumOf(ENTRANCE_ACCESS, { description: 'Whether the door is open to the public; says nothing about steps.' }),
    accessibility: enumOf(ACCESSIBILITIES, { description: 'The step-free fact, only from a source that states it.' }),
    powerDoor: {
      type: ['boolean', 'null'],
      description: 'Whether the door has a power (automatic) opener, as its source records it (e.g. UBC geodata POWER_DOOR); null when not recorded.',
    },
    verificationStatus: enumOf(VERIFICATIONS),
    onWalkingGraph: { type: 'boolean', description: 'Whether routing can use this entrance (it joins the mapped walking graph).' },
    provenance: arrayOf(ref('Provenance')),
  },
  [],
  { description: 'One door or approach of a building (WGS 84, 7 decimals at most).' },
);

const share: Schema = { type: 'number', minimum: 0, maximum: 1 };
const count: Schema = { type: 'integer', minimum: 0 };

export const CampusCoverage = record(
  {
    buildings: count,
    buildingsWithLocation: count,
    buildingsWithFootprint: { ...count, description: 'Buildings with an outline (footprint) on the campus map.' },
    buildingsOnWalkingGraph: { ...count, description: 'Buildings linked to the walking graph by an entrance, an approach point or, within 50 m, by their location point.' },
    entrances: { ...count, description: 'Doors (approach points are not entrances).' },
    approachPoints: { ...count, description: 'Approach points: where a building meets the walking network, not a door; they link buildings to the graph as inferred.' },
    stepFreeVerifiedEntrances: count,
    walkingGraphEdges: count,
    walkingGraphLastVerified: {
      type: ['string', 'null'],
      description: "Date (YYYY-MM-DD) of the walking graph's facts: the date its source states for the version read (e.g. UBC's network of 2022-04-01), else its retrieval date; null without a graph or a known date.",
    },
    pairs: record(
      { routed: share, approximate: share, unavailable: share },
      [],
      { description: 'Shares of the ordered pairs of distinct buildings by route outcome (fastest mode), 4 decimals.' },
    ),
    places: count,
    placesWithHours: count,
  },
  [],
  { description: 'What the campus data covers.' },
);

export const RouteGeometry = record(
  {
    type: { const: 'LineString' },
    coordinates: arrayOf(arrayOf({ type: 'number' }, { minItems: 2, maxItems: 2 }), { minItems: 2, description: '[lon, lat] positions: where the from-building joins the walking graph, every graph node in order, where the to-building joins it; no position repeats the one before it.' }),
  },
  [],
  { description: 'GeoJSON LineString of the walked path (RFC 7946).' },
);

const position = arrayOf({ type: 'number' }, { minItems: 2, maxItems: 2 });
const polygon = arrayOf(arrayOf(position, { minItems: 4 }), { minItems: 1 });

export const CampusMap: Schema = {
  type: 'object',
  required: ['type', 'campus', 'attribution', 'license', 'features'],
  properties: {
    type: { const: 'FeatureCollection' },
    campus: str(),
    attribution: str({ description: 'Foreign member: attribution of the sources, e.g. © OpenStreetMap contributors.' }),
    license: str({ description: 'Foreign member: licences of the sources.' }),
    bbox: arrayOf({ type: 'number' }, { minItems: 4, maxItems: 4, description: 'RFC 7946 bounding box of every feature: [west, south, east, north].' }),
    extent: { ...arrayOf(position, { minItems: 2, maxItems: 2 }), description: "Foreign member: the same box as the campus record's `extent`, [[west, south], [east, north]]." },
    features: arrayOf({
      type: 'object',
      required: ['type', 'geometry', 'properties'],
      properties: {
        type: { const: 'Feature' },
        geometry: {
          oneOf: [
            record({ type: { const: 'Point' }, coordinates: position }),
            record({ type: { const: 'LineString' }, coordinates: arrayOf(position, { minItems: 2 }) }),
            record({ type: { const: 'Polygon' }, coordinates: polygon }),
            { type: 'null' },
          ],
          description: 'Point (building, entrance, or a walking-graph link of zero length), LineString (path, connector), Polygon (footprint).',
        },
        properties: { type: 'object', properties: { feature: enumOf(['footprint', 'building', 'entrance', 'path', 'connector']) }, required: ['feature'] },
      },
    }),
  },
  description: 'GeoJSON FeatureCollection (RFC 7946) of a campus: building outlines (one Polygon per outline polygon, `building` = code), building points, entrances and approach points, walking-graph edges.',
};

export const GEO_COMPONENTS: Record<string, Schema> = { Entrance, CampusCoverage, RouteGeometry, CampusMap };
