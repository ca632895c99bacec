/**
 * Public type names, all derived from the generated OpenAPI types (src/generated/api.ts); nothing is
 * hand-copied. `Params<P>` / `Body<P>` / `Response<P>` give the query, request body and 200 JSON body of
 * any v1 operation by path template.
 */
import type { components, paths } from './generated/api.js';

export type { components, paths };
type Schemas = components['schemas'];

export type Method = 'get' | 'post';
/** v1 path templates that have an operation for `M`. */
export type PathOf<M extends Method> = {
  [P in keyof paths]: paths[P] extends { [K in M]: object } ? P : never;
}[keyof paths];
type Op<P extends keyof paths, M extends Method> = paths[P] extends { [K in M]: infer O } ? O : never;

/** Query parameters of an operation ({} when it takes none). */
export type Params<P extends keyof paths, M extends Method = 'get'> =
  Op<P, M> extends { parameters: { query?: infer Q } } ? ([Q] extends [undefined] ? {} : NonNullable<Q>) : {};
/** Path parameters of an operation. */
export type PathParams<P extends keyof paths, M extends Method = 'get'> =
  Op<P, M> extends { parameters: { path: infer A } } ? A : never;
/** JSON request body of an operation. */
export type Body<P extends keyof paths, M extends Method = 'post'> =
  Op<P, M> extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;
/** 200 body of an operation (its JSON media type: application/json, application/geo+json…). */
export type Response<P extends keyof paths, M extends Method = 'get'> =
  Op<P, M> extends { responses: { 200: { content: infer C } } } ? C[keyof C] : unknown;

export type ApiInfo = Schemas['ApiInfo'];
export type University = Schemas['University'];
export type Campus = Schemas['Campus'];
export type Building = Schemas['Building'];
export type Place = Schemas['Place'];
export type Entrance = Schemas['Entrance'];
export type CampusMap = Schemas['CampusMap'];
export type RouteRequest = Schemas['RouteRequest'];
export type Route = Schemas['Route'];
export type GapPlanRequest = Schemas['GapPlanRequest'];
export type GapPlan = Schemas['GapPlan'];
export type Meta = Schemas['Meta'];
export type Pagination = Schemas['Pagination'];
export type ErrorEnvelope = Schemas['ErrorEnvelope'];
export type Dataset = Schemas['Dataset'];
export type DatasetFile = Schemas['DatasetFile'];

export type UniversitiesParams = Params<'/v1/universities'>;
export type CampusesParams = Params<'/v1/campuses'>;
export type BuildingsParams = Params<'/v1/buildings'>;
export type BuildingParams = Params<'/v1/buildings/{building}'>;
export type PlacesParams = Params<'/v1/places'>;
export type PlaceParams = Params<'/v1/places/{placeId}'>;
export type DatasetsParams = Params<'/v1/datasets'>;
export type RouteParams = Params<'/v1/routes'>;
export type EntrancesParams = Params<'/v1/buildings/{building}/entrances'>;

export type UniversityPage = Response<'/v1/universities'>;
export type CampusPage = Response<'/v1/campuses'>;
export type BuildingPage = Response<'/v1/buildings'>;
export type PlacePage = Response<'/v1/places'>;
export type DatasetPage = Response<'/v1/datasets'>;
export type EntrancePage = Response<'/v1/buildings/{building}/entrances'>;
