/** The whole build: load → validate → compile every campus → publish artifacts. */
import { loadSources } from './load/load-sources.ts';
import { validateSources } from './check/validate.ts';
import { compileCampus, type CompiledCampus } from './compile/campus/campus.ts';
import { catalogArtifact } from './compile/catalog.ts';
import { artifactFiles, publish } from './write/artifacts.ts';
import { dataVersionOf, latestRetrieval, sourcesHash } from './compile/version.ts';
import type { BuildReport } from './write/report.ts';

export interface BuildOptions {
  sourcesDir: string;
  outDir: string;
}

export interface BuildResult {
  dataVersion: string;
  /** dist/<dataVersion> */
  versionDir: string;
  report: BuildReport;
  campuses: Map<string, CompiledCampus>;
}

export function buildAll({ sourcesDir, outDir }: BuildOptions): BuildResult {
  const started = performance.now();
  const raw = loadSources(sourcesDir);
  const sources = validateSources(raw);
  const date = latestRetrieval(sources);
  const dataVersion = dataVersionOf(date, sourcesHash(raw.files));
  const generatedAt = `${date}T00:00:00.000Z`;

  const campuses = new Map<string, CompiledCampus>();
  sources.registry.campuses.forEach((reg, i) => {
    campuses.set(reg.id, compileCampus(sources.campuses[i], reg, sources.graphs.get(reg.id), sources.footprints.get(reg.id)));
  });
  const catalog = catalogArtifact(sources, dataVersion, generatedAt, campuses);
  const versionDir = publish(outDir, dataVersion, artifactFiles(catalog, [...campuses.values()]));
  const report: BuildReport = {
    dataVersion,
    campuses: [...campuses.values()].map((c) => c.stats),
    milliseconds: performance.now() - started,
  };
  return { dataVersion, versionDir, report, campuses };
}
