/**
 * What the build keeps of a compiled campus once its files are written: what the catalog and the build
 * report need, and the names of its files. Kept beside each published version for incremental builds
 * (reuse.ts), so a campus copied from an earlier build needs no compiling.
 */
import { campusFile, mapFile, pathsFile, routesFile } from '../../runtime/contract/index.ts';
import type { CampusCoverage } from '../../runtime/domain/types.ts';
import type { CampusStats, CompiledCampus } from '../compile/campus/campus.ts';
import { compareStrings } from '../compile/campus/buildings.ts';

export interface CampusSummary {
  stats: CampusStats;
  coverage: CampusCoverage;
  routeGeometry: boolean;
  placeIds: string[];
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
    files: [campusFile(id), routesFile(id), ...(c.artifact.paths ? [pathsFile(id)] : []), mapFile(id)],
  };
}
