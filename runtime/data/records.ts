/** API records of the root, universities and campuses, derived once from the catalog (BEHAVIOUR §10). */
import type { CatalogCampus, CatalogUniversity, Dataset } from './load.ts';

export const API_NAME = 'Public Campus Data API';

export const PRIVACY_STATEMENT =
  'The API never accepts, stores or returns timetables, accounts, friends, private sync state, credentials, ' +
  'AI-delegation data or precise live location. Gap planning evaluates only the interval and the two buildings ' +
  'in the request and stores nothing. Request bodies are never logged.';

export interface UniversityRecord {
  id: string;
  name: string;
  shortName: string;
  isDefault: boolean;
  defaultCampus: string;
  campuses: string[];
  capabilities: string[];
  editions: { campus: string; dataVersion: string }[];
}

/** The catalog campus with `university` for `universityId`, plus isDefault and capabilities. */
export type CampusRecord = { id: string; university: string } & Omit<CatalogCampus, 'id' | 'universityId' | 'routeGeometry' | 'placeIds' | 'examples'> & {
  isDefault: boolean;
  capabilities: string[];
};

function campusCapabilities(c: CatalogCampus): string[] {
  const caps = ['buildings', 'places', 'routes', 'gap-plans'];
  caps.push(c.walkingGraph ? 'mapped-walking-routes' : 'approximate-routes');
  if (c.coverage.buildingsWithLocation > 0) caps.push('building-locations');
  if (c.coverage.entrances > 0) caps.push('entrances');
  if (c.routeGeometry) caps.push('route-geometry');
  caps.push('campus-map');
  return caps;
}

export function campusRecord(ds: Dataset, c: CatalogCampus): CampusRecord {
  return {
    id: c.id,
    university: c.universityId,
    name: c.name,
    shortName: c.shortName,
    isDefault: c.id === ds.catalog.defaultCampus,
    timeZone: c.timeZone,
    region: c.region,
    bounds: c.bounds,
    boundsSource: c.boundsSource,
    extent: c.extent,
    walkingGraph: c.walkingGraph,
    buildingCount: c.buildingCount,
    entranceCount: c.entranceCount,
    placeCount: c.placeCount,
    dataVersion: c.dataVersion,
    coverage: c.coverage,
    capabilities: campusCapabilities(c),
  };
}

export function universityRecord(ds: Dataset, u: CatalogUniversity): UniversityRecord {
  const campuses = u.campuses.map((id) => ds.campusById.get(id)!.info);
  const capabilities = ['buildings', 'places', 'routes', 'gap-plans'];
  if (campuses.some((c) => c.walkingGraph)) capabilities.push('mapped-walking-routes');
  if (campuses.some((c) => !c.walkingGraph)) capabilities.push('approximate-routes');
  return {
    id: u.id,
    name: u.name,
    shortName: u.shortName,
    isDefault: u.id === ds.catalog.defaultUniversity,
    defaultCampus: u.defaultCampus,
    campuses: [...u.campuses],
    capabilities,
    editions: campuses.map((c) => ({ campus: c.id, dataVersion: c.dataVersion })),
  };
}

/** The attribution the data needs, shown wherever its licence is: OpenStreetMap's (ODbL) and UBC's (PDDL, courtesy). */
export const DATA_ATTRIBUTION = '© OpenStreetMap contributors (ODbL 1.0); University of British Columbia (PDDL 1.0)';

export function rootRecord(ds: Dataset) {
  const c = ds.catalog;
  return {
    name: API_NAME,
    apiVersion: 'v1',
    dataVersion: ds.dataVersion,
    dataVersions: Object.fromEntries(c.campuses.map((x) => [x.id, x.dataVersion])),
    generatedAt: ds.generatedAt,
    authentication: 'none',
    capabilities: ['universities', 'campuses', 'buildings', 'building-locations', 'entrances', 'places', 'place-availability', 'routes', 'route-geometry', 'campus-maps', 'gap-plans', 'openapi', 'datasets', 'legacy-aliases'],
    privacy: PRIVACY_STATEMENT,
    attribution: DATA_ATTRIBUTION,
    license: {
      name: 'Open Database License (ODbL) 1.0',
      url: 'https://opendatacommons.org/licenses/odbl/1-0/',
      notice: c.license.notice,
      attributions: c.license.attribution,
    },
    defaultUniversity: c.defaultUniversity,
    defaultCampus: c.defaultCampus,
    universities: c.universities.map((u) => universityRecord(ds, u)),
    campuses: c.campuses.map((x) => campusRecord(ds, x)),
    links: {
      openapi: '/v1/openapi.json',
      universities: '/v1/universities',
      campuses: '/v1/campuses',
      buildings: '/v1/buildings',
      entrances: '/v1/buildings/{building}/entrances',
      campusMap: '/v1/campuses/{campus}/map',
      places: '/v1/places',
      routes: '/v1/routes',
      gapPlan: '/v1/gaps/plan',
      docs: '/docs',
      datasets: '/v1/datasets',
      explore: '/explore',
    },
  };
}
