/**
 * Compiles one campus: building records, entrances, identity indexes, places, graph attachment,
 * routes and their paths, coverage and the campus map.
 */
import { ROUTE_FIELDS, mapFile, pathsFile, routesFile, type CampusArtifact } from '../../../runtime/contract/index.ts';
import type { CampusCoverage } from '../../../runtime/domain/types.ts';
import type { CampusGraphSource, RegistryCampus, SourceCampusFile, SourceFootprint } from '../../load/source-types.ts';
import { buildingRecord, campusBuildings, entranceRecords, identityIndexes, isStepFreeEntrance, legacyBuildingRecord, type CampusBuilding } from './buildings.ts';
import { placeRecords, type HoursTextReport } from './places.ts';
import { buildCampusGraph, type CampusGraph } from '../routes/graph.ts';
import { computeRouteMatrix, type OutcomeCounts, type RouteMatrix } from '../routes/route-matrix.ts';
import { campusMap } from '../map/campus-map.ts';

export interface CampusStats {
  campus: string;
  buildings: number;
  entrances: number;
  places: number;
  /** Graph campuses only: buildings with an entrance attached to the graph / linked from their location point. */
  connectedBuildings: number | null;
  pointLinkedBuildings: number | null;
  snappedEntrances: number | null;
  /** Graph campuses only: fastest-mode outcomes without the ≤ 50 m location-point links. */
  countsWithoutPointLinks: OutcomeCounts | null;
  /** Hours published as free text: read / refused (BEHAVIOUR §9). */
  hoursText: HoursTextReport;
  /** Bytes of the stored route paths. */
  pathValues: number;
  sharedKeys: string[];
  counts: RouteMatrix['counts'];
}

export interface CompiledCampus {
  artifact: CampusArtifact;
  matrix: RouteMatrix;
  coverage: CampusCoverage;
  map: Buffer;
  stats: CampusStats;
}

function campusGraph(source: CampusGraphSource, file: SourceCampusFile, buildings: readonly CampusBuilding[], linkBuildingPoints: boolean): CampusGraph {
  const linkable = buildings.map((b) => ({ entranceIds: b.entrances.map((e) => e.id), point: b.source.point }));
  return buildCampusGraph(source, file.entrances, linkable, { linkBuildingPoints });
}

const share = (count: number, total: number) => (total === 0 ? 0 : Math.round((count / total) * 1e4) / 1e4);

export function compileCampus(
  file: SourceCampusFile,
  reg: RegistryCampus,
  graphSource: CampusGraphSource | undefined,
  footprints: readonly SourceFootprint[] = [],
): CompiledCampus {
  const buildings = campusBuildings(file);
  const graph = graphSource ? campusGraph(graphSource, file, buildings, true) : null;
  const matrix = computeRouteMatrix(buildings, graph);
  const before = graphSource ? computeRouteMatrix(buildings, campusGraph(graphSource, file, buildings, false), ['fastest']).counts.fastest : null;
  const ids = identityIndexes(buildings.map((b) => b.source));
  const records = buildings.map((b) => buildingRecord(b, file, reg.universityId));
  const entrances = buildings.map((b) => entranceRecords(b, file, (id) => graph?.attachment.has(id) ?? false));
  const { records: places, hoursText } = placeRecords(file, reg.universityId);
  const connected = graph ? buildings.filter((b) => b.entrances.some((e) => graph.attachment.has(e.id))).length : null;
  const pointLinked = graph ? graph.pointLinks.filter((v) => v >= 0).length : null;
  const fastest = matrix.counts.fastest;
  const pairs = buildings.length * (buildings.length - 1);
  const coverage: CampusCoverage = {
    buildings: buildings.length,
    buildingsWithLocation: records.filter((b) => b.location !== null).length,
    buildingsOnWalkingGraph: (connected ?? 0) + (pointLinked ?? 0),
    entrances: file.entrances.length,
    stepFreeVerifiedEntrances: file.entrances.filter(isStepFreeEntrance).length,
    walkingGraphEdges: graphSource ? graphSource.edges.length : 0,
    walkingGraphLastVerified: graphSource ? (graphSource.meta.lastVerified ?? graphSource.meta.retrievedAt ?? null) : null,
    pairs: { routed: share(fastest.routed, pairs), approximate: share(fastest.approximate, pairs), unavailable: share(fastest.unavailable, pairs) },
    places: places.length,
    placesWithHours: places.filter((p) => p.hours !== null).length,
  };
  const artifact: CampusArtifact = {
    campus: reg.id,
    university: reg.universityId,
    timeZone: reg.timeZone,
    region: reg.region,
    buildings: records,
    legacyBuildings: buildings.map((b) => legacyBuildingRecord(b, file, reg.universityId)),
    entrances,
    searchKeys: ids.searchKeys,
    codeIndex: ids.codeIndex,
    nameIndex: ids.nameIndex,
    sharedKeys: ids.sharedKeys,
    located: buildings.map((b) => b.points.length > 0),
    places,
    sources: file.sources.map((s) => ({
      id: s.id,
      title: s.title,
      url: s.url,
      retrievedAt: s.retrievedAt,
      license: s.license,
      attribution: s.attribution,
    })),
    routes: { file: routesFile(reg.id), n: matrix.n, modes: matrix.modes, fields: [...ROUTE_FIELDS] },
    paths: graph ? { file: pathsFile(reg.id), nodes: matrix.paths.coords.length, steps: matrix.paths.steps.length } : null,
    map: mapFile(reg.id),
  };
  return {
    artifact,
    matrix,
    coverage,
    map: campusMap(reg.id, records, entrances, graph, artifact.sources, footprints),
    stats: {
      campus: reg.id,
      buildings: buildings.length,
      entrances: file.entrances.length,
      places: file.places.length,
      hoursText,
      connectedBuildings: connected,
      pointLinkedBuildings: pointLinked,
      snappedEntrances: graph ? graph.snappedEntrances : null,
      countsWithoutPointLinks: before,
      pathValues: graph ? matrix.paths.coords.length * 2 + matrix.paths.cells.length + matrix.paths.steps.length : 0,
      sharedKeys: ids.sharedKeys,
      counts: matrix.counts,
    },
  };
}
