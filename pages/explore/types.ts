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
/** The campus map schema declares each feature's role only; the explorer reads the other properties as unknown. */
export type Feature = Omit<Schemas['CampusMap']['features'][number], 'properties'> & { properties: Record<string, unknown> | null };
export type FeatureCollection = Omit<Schemas['CampusMap'], 'features'> & { features: Feature[] };
