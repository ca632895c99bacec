/**
 * What every handler gets: the loaded dataset and the things prepared from it. Campus records are read on
 * first use (data/load.ts), so what is prepared from them (Building JSON) is made on first use too and
 * kept by record identity in WeakMaps: it goes when an evicted campus's records are collected.
 */
import type { IncomingMessage } from 'node:http';
import type { Dataset, CampusData } from '../data/load.ts';
import type { Building, LegacyBuilding } from '../domain/types.ts';
import { PlaceCatalog } from '../data/places.ts';
import { PlaceJson } from './place-bodies.ts';
import type { Reply } from '../http/reply.ts';
import { BoundedCache } from '../http/reply-cache.ts';
import type { Validators } from '../schemas/requests.ts';
import type { QueryValues } from '../http/query.ts';
import type { PageFiles } from '../pages/load.ts';
import { EMPTY_STORE, type DatasetStore } from '../datasets/store.ts';

/** A request as app.ts hands it on: the target split into path and parsed query, the path's parameters. */
export interface ApiRequest extends IncomingMessage {
  /** The path's params, percent-decoded (app.ts). */
  params: Readonly<Record<string, string>>;
}
/** A request handler: the query is already checked against the endpoint's whitelist (registry). */
export type Handler = (req: ApiRequest, query: QueryValues) => Reply | Promise<Reply>;

export interface AppContext {
  ds: Dataset;
  /** Injectable clock (availability is evaluated per request). */
  now: () => Date;
  places: PlaceCatalog;
  /** Each place's JSON, prepared once (place-bodies.ts). */
  placeJson: PlaceJson;
  validators: Validators;
  /** Data versions held for download (scanned from dist/ at start-up and on each reload). */
  datasets: DatasetStore;
  /** The served OpenAPI document, serialized once. */
  openapiJson: string;
  /** The built /docs and /explore pages and their assets (null when dist/pages/ is not built). */
  pages: PageFiles | null;
  /** Place ETags memoized by path, canonical query and availability state (hash once). */
  placeEtags: BoundedCache<string>;
  /** Serialized Building JSON per campus, same index as the campus's buildings. */
  buildingJson(campus: CampusData, index: number): string;
  /** Serialized JSON of a Building record (memoized by identity; the same bytes as JSON.stringify). */
  recordJson(building: Building): string | undefined;
  /** The same two in the legacy aliases' frozen Building shape: of the artifact's `legacyBuildings` records. */
  legacyBuildingJson(campus: CampusData, index: number): string;
  legacyRecordJson(building: LegacyBuilding): string | undefined;
}

/** JSON.stringify of a record, memoized by its identity (a WeakMap: the JSON goes with the record). */
function jsonByIdentity<T extends object>(): (record: T) => string {
  const kept = new WeakMap<T, string>();
  return (record) => {
    let j = kept.get(record);
    if (j === undefined) kept.set(record, (j = JSON.stringify(record)));
    return j;
  };
}

export function createContext(
  ds: Dataset, now: () => Date, validators: Validators, openapiJson: string, pages: PageFiles | null = null, datasets: DatasetStore = EMPTY_STORE,
): AppContext {
  const recordJson = jsonByIdentity<Building>();
  const legacyRecordJson = jsonByIdentity<LegacyBuilding>();
  return {
    ds,
    now,
    places: new PlaceCatalog(),
    placeJson: new PlaceJson(),
    validators,
    datasets,
    openapiJson,
    pages,
    placeEtags: new BoundedCache<string>(2048),
    buildingJson: (campus, index) => recordJson(campus.artifact.buildings[index]!),
    recordJson,
    legacyBuildingJson: (campus, index) => legacyRecordJson(campus.artifact.legacyBuildings[index]!),
    legacyRecordJson,
  };
}
