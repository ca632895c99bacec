/** catalog.json: registry material, per-campus summary and the data licence notice. */
import type { CampusExamples, CatalogArtifact } from '../../runtime/contract/index.ts';
import type { Registry } from '../load/source-types.ts';
import type { CampusCoverage } from '../../runtime/domain/types.ts';
import type { Extent } from './map/campus-map.ts';
import { compareStrings } from './campus/buildings.ts';

export const LICENSE_NOTICE =
  'Campus data combines several sources; every fact keeps its source record. ' +
  'OpenStreetMap-derived data (building points, entrances and the walking graphs) is © OpenStreetMap contributors, ' +
  'available under the Open Database License (ODbL) 1.0; the derived database is offered under ODbL 1.0. ' +
  "UBC Vancouver's buildings and footprints, entrances with their step-free and power-door facts, walking network and " +
  'places with their published hours come from UBC geospatial open data, dedicated to the public domain under PDDL 1.0 ' +
  '(courtesy attribution: University of British Columbia). Building names and codes are factual data from the ' +
  "universities' official campus maps and building lists; no map artwork or page text is copied.";

/** What the catalog says of each compiled campus (build/write/summary.ts keeps it). */
export interface CatalogFacts {
  stats: { buildings: number; entrances: number; places: number };
  coverage: CampusCoverage;
  routeGeometry: boolean;
  placeIds: string[];
  /** Bounding box of everything the campus map draws. */
  extent: Extent;
  examples: CampusExamples;
}

/**
 * The catalog from the registry, the attributions of every campus's sources and what the build kept of each
 * compiled campus.
 */
export function catalogArtifact(
  registry: Registry,
  attributions: ReadonlySet<string>,
  dataVersion: string,
  generatedAt: string,
  compiled: ReadonlyMap<string, CatalogFacts>,
): CatalogArtifact {
  return {
    dataVersion,
    generatedAt,
    defaultUniversity: registry.defaultUniversity,
    defaultCampus: registry.defaultCampus,
    universities: registry.universities.map((u) => ({
      id: u.id,
      name: u.name,
      shortName: u.shortName,
      campuses: [...u.campuses],
      defaultCampus: u.defaultCampus,
    })),
    campuses: registry.campuses.map((c) => {
      const { stats, coverage, routeGeometry, placeIds, extent, examples } = compiled.get(c.id)!;
      return {
        id: c.id,
        universityId: c.universityId,
        name: c.name,
        shortName: c.shortName,
        timeZone: c.timeZone,
        region: c.region,
        bounds: c.bounds,
        boundsSource: c.boundsSource,
        walkingGraph: c.walkingGraph,
        extent,
        buildingCount: stats.buildings,
        entranceCount: stats.entrances,
        placeCount: stats.places,
        dataVersion,
        coverage,
        routeGeometry,
        placeIds,
        examples,
      };
    }),
    license: { notice: LICENSE_NOTICE, attribution: [...attributions].sort(compareStrings) },
  };
}
