/**
 * The whole build: load → validate → compile every campus → publish artifacts. Campus by campus: each is
 * compiled and its files written before the next (or copied from an earlier build into the same output
 * directory when its inputs are unchanged: write/reuse.ts), so memory holds the sources and one campus's
 * artifacts, and a change to one campus recompiles that campus only. The output is the same bytes either way.
 */
import { loadSources } from './load/load-sources.ts';
import { validateSources } from './check/validate.ts';
import { compileCampus } from './compile/campus/campus.ts';
import { catalogArtifact } from './compile/catalog.ts';
import { campusArtifactFiles, VersionWriter } from './write/artifacts.ts';
import { buildCodeHash, campusInputKey, campusSourceFiles, EarlierBuilds } from './write/reuse.ts';
import { summaryOf, type CampusSummary } from './write/summary.ts';
import { dataVersionOf, latestRetrieval, sourcesHash } from './compile/version.ts';
import { CATALOG_FILE, encodeJson } from '../runtime/contract/index.ts';
import type { BuildReport } from './write/report.ts';

export interface BuildOptions {
  sourcesDir: string;
  outDir: string;
  /** Compile every campus even when an earlier build has it (default false). */
  full?: boolean;
}

export interface BuildResult {
  dataVersion: string;
  /** dist/<dataVersion> */
  versionDir: string;
  report: BuildReport;
  /** What was kept of each campus, by id. */
  campuses: Map<string, CampusSummary>;
}

export function buildAll({ sourcesDir, outDir, full = false }: BuildOptions): BuildResult {
  const started = performance.now();
  const raw = loadSources(sourcesDir);
  const sources = validateSources(raw);
  const date = latestRetrieval(sources);
  const dataVersion = dataVersionOf(date, sourcesHash(raw.files));
  const generatedAt = `${date}T00:00:00.000Z`;

  const earlier = new EarlierBuilds(outDir);
  const code = buildCodeHash();
  const sourceFiles = campusSourceFiles(raw.files);
  const writer = new VersionWriter(outDir, dataVersion);
  const campuses = new Map<string, CampusSummary>();
  const inputs = new Map<string, { key: string; summary: CampusSummary }>();
  let reused = 0;
  try {
    sources.registry.campuses.forEach((reg, i) => {
      const key = campusInputKey(code, reg, sourceFiles.get(reg.id) ?? []);
      let summary = full ? undefined : earlier.copy(key, writer);
      if (summary) reused++;
      else {
        const compiled = compileCampus(sources.campuses[i]!, reg, sources.graphs.get(reg.id), sources.footprints.get(reg.id));
        for (const [path, bytes] of campusArtifactFiles(compiled)) writer.add(path, bytes);
        summary = summaryOf(compiled);
      }
      campuses.set(reg.id, summary);
      inputs.set(reg.id, { key, summary });
    });
    writer.add(CATALOG_FILE, encodeJson(catalogArtifact(sources, dataVersion, generatedAt, campuses)));
  } catch (e) {
    writer.abandon();
    throw e;
  }
  const versionDir = writer.publish();
  earlier.record(dataVersion, inputs);
  const report: BuildReport = {
    dataVersion,
    campuses: [...campuses.values()].map((c) => c.stats),
    reused,
    milliseconds: performance.now() - started,
  };
  return { dataVersion, versionDir, report, campuses };
}
