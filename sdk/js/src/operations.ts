/**
 * operationId (of the served OpenAPI document) → the CampusClient method covering it. The drift test fails when
 * the document has a v1 GET/POST operation missing here, or a method named here does not exist.
 */
import type { CampusClient } from './client.js';

export const OPERATIONS = {
  getV1: 'info',
  getV1OpenapiJson: 'openapi',
  getV1Universities: 'universities',
  getV1UniversitiesUniversity: 'university',
  getV1Campuses: 'campuses',
  getV1CampusesCampus: 'campus',
  getV1Buildings: 'buildings',
  getV1BuildingsBuilding: 'building',
  getV1BuildingsBuildingEntrances: 'entrances',
  getV1CampusesCampusMap: 'campusMap',
  getV1Places: 'places',
  getV1PlacesPlaceId: 'place',
  getV1Routes: 'getRoute',
  postV1Routes: 'route',
  postV1GapsPlan: 'gapPlan',
  getV1Datasets: 'datasets',
  getV1DatasetsDataVersionFile: 'datasetFile',
} as const satisfies Record<string, keyof CampusClient>;
