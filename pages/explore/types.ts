/**
 * The API's records as the explorer reads them: the types generated from the served OpenAPI document for the
 * JavaScript SDK (sdk/js/src/generated/api.ts, `npm run sdk:generate`), never restated here.
 */
import type { components } from '../../sdk/js/src/generated/api.ts';

type Schemas = components['schemas'];

export interface Envelope<T> {
  data: T;
  meta: Schemas['Meta'];
}

export type University = Schemas['University'];
export type Campus = Schemas['Campus'];
export type Building = Schemas['Building'];
export type Route = Schemas['Route'];
export type LineString = Schemas['RouteGeometry'];
export type GapPlan = Schemas['GapPlan'];
export type Recommendation = Schemas['GapRecommendation'];
export type TimelineSegment = Schemas['GapTimelineSegment'];
export type Place = Schemas['Place'];
type MapFeature = Schemas['CampusMap']['features'][number];
/** Areas such as building footprints: drawn whenever a map has them (RFC 7946 [lon, lat] rings). */
export type Area = { type: 'Polygon'; coordinates: number[][][] } | { type: 'MultiPolygon'; coordinates: number[][][][] };
/** The campus map schema declares each feature's role only; the explorer reads the other properties as unknown. */
export type Feature = Omit<MapFeature, 'properties' | 'geometry'> & { geometry: MapFeature['geometry'] | Area; properties: Record<string, unknown> | null };
export type FeatureCollection = Omit<Schemas['CampusMap'], 'features'> & { features: Feature[] };
