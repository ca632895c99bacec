/** Compiles one campus: building records, identity indexes, places, graph attachment and routes. */
import { ROUTE_FIELDS, routesFile, type CampusArtifact } from '../../../runtime/contract/index.ts';
import type { CampusGraphSource, RegistryCampus, SourceCampusFile } from '../../load/source-types.ts';
import { buildingRecord, campusBuildings, identityIndexes } from './buildings.ts';
import { placeRecords } from './places.ts';
import { buildCampusGraph } from '../routes/graph.ts';
import { computeRouteMatrix, type RouteMatrix } from '../routes/route-matrix.ts';

export interface CampusStats {
  campus: string;
  buildings: number;
  entrances: number;
  places: number;
  /** Graph campuses only: buildings with at least one entrance attached to the graph. */
  connectedBuildings: number | null;
  snappedEntrances: number | null;
  sharedKeys: string[];
  counts: RouteMatrix['counts'];
}

export interface CompiledCampus {
  artifact: CampusArtifact;
  matrix: RouteMatrix;
  stats: CampusStats;
}

export function compileCampus(file: SourceCampusFile, reg: RegistryCampus, graphSource: CampusGraphSource | undefined): CompiledCampus {
  const buildings = campusBuildings(file);
  const graph = graphSource ? buildCampusGraph(graphSource, file.entrances) : null;
  const matrix = computeRouteMatrix(buildings, graph);
  const ids = identityIndexes(buildings.map((b) => b.source));
  const artifact: CampusArtifact = {
    campus: reg.id,
    university: reg.universityId,
    timeZone: reg.timeZone,
    region: reg.region,
    buildings: buildings.map((b) => buildingRecord(b, file, reg.universityId)),
    searchKeys: ids.searchKeys,
    codeIndex: ids.codeIndex,
    nameIndex: ids.nameIndex,
    sharedKeys: ids.sharedKeys,
    located: buildings.map((b) => b.points.length > 0),
    places: placeRecords(file, reg.universityId),
    sources: file.sources.map((s) => ({
      id: s.id,
      title: s.title,
      url: s.url,
      retrievedAt: s.retrievedAt,
      license: s.license,
      attribution: s.attribution,
    })),
    routes: { file: routesFile(reg.id), n: matrix.n, modes: matrix.modes, fields: [...ROUTE_FIELDS] },
  };
  const connected = graph ? buildings.filter((b) => b.entrances.some((e) => graph.attachment.has(e.id))).length : null;
  return {
    artifact,
    matrix,
    stats: {
      campus: reg.id,
      buildings: buildings.length,
      entrances: file.entrances.length,
      places: file.places.length,
      connectedBuildings: connected,
      snappedEntrances: graph ? graph.snappedEntrances : null,
      sharedKeys: ids.sharedKeys,
      counts: matrix.counts,
    },
  };
}
