/**
 * Compiles one campus: building records, entrances, identity indexes, places, graph attachment,
 * routes and their paths, coverage and the campus map.
 */
import { CANDIDATE_FAMILY, CANDIDATE_FIELDS, ROUTE_FIELDS, candidatesFile, mapFile, pathsFile, routesFile, stepBytesFor, type CampusArtifact } from '../../../runtime/contract/index.ts';
import { ROUTE_MODES } from '../../../runtime/domain/types.ts';
import { PathCollector, type RoutePaths } from '../routes/paths.ts';
import type { CampusCoverage } from '../../../runtime/domain/types.ts';
import type { CampusGraphSource, RegistryCampus, SourceCampusFile, SourceOutline } from '../../load/source-types.ts';
import { buildingRecord, campusBuildings, entranceRecords, identityIndexes, isDoor, isStepFreeEntrance, legacyBuildingRecord, type CampusBuilding } from './buildings.ts';
import { placeRecords, type HoursTextReport } from './places.ts';
import { buildCampusGraph, type AccessKind, type CampusGraph } from '../routes/graph.ts';
import { computeRouteMatrix, type RouteMatrix } from '../routes/route-matrix.ts';
import { campusMap, type Extent } from '../map/campus-map.ts';

/** A fastest-mode detour, by building code (metres to 0.1). */
export interface DetourStat {
  from: string;
  to: string;
  walkMeters: number;
  straightMeters: number;
}
import { computeStepFreeCandidates, graphRecordsStairs, type StepFreeCandidates } from '../routes/step-free-candidate.ts';

export interface CampusStats {
  campus: string;
  buildings: number;
  /** Doors (approach points are not entrances). */
  entrances: number;
  approachPoints: number;
  places: number;
  coverage: CampusCoverage;
  /** Graph campuses only: buildings by the best way they join the graph (door, inferred door link, approach point, location point). */
  joinedBy: Record<AccessKind, number> | null;
  snappedEntrances: number | null;
  /** Hours published as free text: read / refused (BEHAVIOUR §9). */
  hoursText: HoursTextReport;
  /** Step-free pairs `unavailable` / with a candidate (campuses whose graph records stairs), or null. */
  stepFreeCandidates: Pick<StepFreeCandidates, 'unavailablePairs' | 'withCandidate' | 'medianExtraMeters'> | null;
  /** Bytes of the stored paths (routes and candidates). */
  pathValues: number;
  sharedKeys: string[];
  counts: RouteMatrix['counts'];
  detours: DetourStat[];
}

export interface CompiledCampus {
  artifact: CampusArtifact;
  matrix: RouteMatrix;
  /** Null where the campus's graph records no stairs. */
  candidates: StepFreeCandidates | null;
  /** The walked paths of the routed cells and of the candidates (runtime/contract/paths.ts), or null without a graph. */
  paths: RoutePaths | null;
  coverage: CampusCoverage;
  /** Bounding box of everything the campus map draws. */
  extent: Extent;
  map: Buffer;
  stats: CampusStats;
}

function campusGraph(source: CampusGraphSource, file: SourceCampusFile, buildings: readonly CampusBuilding[]): CampusGraph {
  return buildCampusGraph(source, file.entrances, buildings.map((b) => ({ entrances: b.entrances, point: b.source.point })));
}

const share = (count: number, total: number) => (total === 0 ? 0 : Math.round((count / total) * 1e4) / 1e4);

const ACCESS_ORDER: readonly AccessKind[] = ['door', 'snapped-door', 'approach', 'point'];

/** Buildings by the best way each joins the graph. */
function joinedBy(graph: CampusGraph): Record<AccessKind, number> {
  const out: Record<AccessKind, number> = { door: 0, 'snapped-door': 0, approach: 0, point: 0 };
  for (const list of graph.access) {
    const best = ACCESS_ORDER.find((k) => list.some((a) => a.kind === k));
    if (best) out[best]++;
  }
  return out;
}

export function compileCampus(file: SourceCampusFile, reg: RegistryCampus, graphSource: CampusGraphSource | undefined, outlines: readonly SourceOutline[] = []): CompiledCampus {
  const buildings = campusBuildings(file);
  const graph = graphSource ? campusGraph(graphSource, file, buildings) : null;
  // Path families: the route modes, then the step-free candidates where the graph records stairs.
  const withCandidates = graphRecordsStairs(graph);
  const families: string[] = [...ROUTE_MODES, ...(withCandidates ? [CANDIDATE_FAMILY] : [])];
  const collector = new PathCollector(families.length, buildings.length, graph);
  const matrix = computeRouteMatrix(buildings, graph, collector);
  const candidates = withCandidates ? computeStepFreeCandidates(buildings, graph, matrix, collector, families.indexOf(CANDIDATE_FAMILY)) : null;
  const paths = graph ? collector.result() : null;
  const ids = identityIndexes(buildings.map((b) => b.source));
  const records = buildings.map((b) => buildingRecord(b, file, reg.universityId));
  const entrances = buildings.map((b) => entranceRecords(b, file, (id) => graph?.attachment.has(id) ?? false));
  const { records: places, hoursText } = placeRecords(file, reg.universityId);
  const fastest = matrix.counts.fastest;
  const pairs = buildings.length * (buildings.length - 1);
  const doors = file.entrances.filter(isDoor);
  const outlined = new Set(outlines.map((o) => o.properties.building));
  const coverage: CampusCoverage = {
    buildings: buildings.length,
    buildingsWithLocation: records.filter((b) => b.location !== null).length,
    buildingsWithFootprint: outlined.size,
    buildingsOnWalkingGraph: graph ? graph.access.filter((a) => a.length > 0).length : 0,
    entrances: doors.length,
    approachPoints: file.entrances.length - doors.length,
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
    paths: paths && { file: pathsFile(reg.id), families, nodes: paths.coords.length, steps: paths.steps.length, stepBytes: stepBytesFor(paths.coords.length) },
    stepFreeCandidates: candidates && {
      file: candidatesFile(reg.id),
      n: candidates.n,
      fields: [...CANDIDATE_FIELDS],
    },
    map: mapFile(reg.id),
  };
  const map = campusMap(reg.id, records, entrances, outlines, graph, artifact.sources);
  const code = (i: number) => buildings[i].source.code;
  return {
    artifact,
    matrix,
    candidates,
    paths,
    coverage,
    extent: map.extent,
    map: map.bytes,
    stats: {
      campus: reg.id,
      buildings: buildings.length,
      entrances: coverage.entrances,
      approachPoints: coverage.approachPoints,
      places: file.places.length,
      hoursText,
      coverage,
      joinedBy: graph ? joinedBy(graph) : null,
      snappedEntrances: graph ? graph.snappedEntrances : null,
      stepFreeCandidates: candidates && { unavailablePairs: candidates.unavailablePairs, withCandidate: candidates.withCandidate, medianExtraMeters: candidates.medianExtraMeters },
      pathValues: paths ? paths.coords.length * 2 + paths.cells.length + paths.steps.length : 0,
      sharedKeys: ids.sharedKeys,
      counts: matrix.counts,
      detours: matrix.detours.map((d) => ({ from: code(d.from), to: code(d.to), walkMeters: d.walkMeters, straightMeters: d.straightMeters })),
    },
  };
}
