/**
 * What the build keeps of a compiled campus once its files are written: what the catalog and the build
 * report need, and the names of its files. Kept beside each published version for incremental builds
 * (reuse.ts), so a campus copied from an earlier build needs no compiling.
 */
import { campusFile, mapFile, mapGzipFile, pathsFile, routesFile, type CampusExamples } from '../../runtime/contract/index.ts';
import type { Building } from '../../runtime/domain/types.ts';
import type { CampusCoverage } from '../../runtime/domain/types.ts';
import type { CampusStats, CompiledCampus } from '../compile/campus/campus.ts';
import { compareStrings } from '../compile/campus/buildings.ts';
import type { Extent } from '../compile/map/campus-map.ts';

export interface CampusSummary {
  stats: CampusStats;
  coverage: CampusCoverage;
  routeGeometry: boolean;
  placeIds: string[];
  extent: Extent;
  examples: CampusExamples;
  /** Its artifact files, relative to the version directory. */
  files: string[];
}

export function summaryOf(c: CompiledCampus): CampusSummary {
  const id = c.artifact.campus;
  return {
    stats: c.stats,
    coverage: c.coverage,
    routeGeometry: (c.artifact.paths?.nodes ?? 0) > 0,
    placeIds: c.artifact.places.map((p) => p.id).sort(compareStrings),
    extent: c.extent,
    examples: examplesOf(c),
    files: [
      campusFile(id), routesFile(id), ...(c.artifact.paths ? [pathsFile(id)] : []),
      ...(c.artifact.stepFreeCandidates ? [c.artifact.stepFreeCandidates.file] : []), mapFile(id), mapGzipFile(id),
    ],
  };
}

/** The campus's example subjects for the OpenAPI document (runtime/contract/artifacts.ts `CampusExamples`). */
function examplesOf(c: CompiledCampus): CampusExamples {
  const rank = (b: Building) => (b.location && b.entranceCount > 0 ? 0 : b.location ? 1 : 2);
  const buildings = [...c.artifact.buildings].sort((a, b) => rank(a) - rank(b) || compareStrings(a.code, b.code)).slice(0, 2);
  const place = [...c.artifact.places].sort((a, b) => compareStrings(a.id, b.id))[0];
  return {
    buildings: buildings.map((b) => ({ code: b.code, name: b.name, category: b.category })),
    place: place ? { id: place.id, name: place.name, kind: place.kind, building: place.building } : null,
  };
}
