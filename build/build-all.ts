/**
 * The whole build, one campus at a time: the sources' digest (their hash and latest retrieval date: the
 * data version) is read file by file; then each campus is loaded, validated and compiled and its files written
 * before the next is read (or it is copied from an earlier build into the same output directory when its inputs
 * are unchanged: write/reuse.ts). So memory holds one campus's sources and artifacts however many campuses
 * there are, and a change to one campus recompiles that campus only. The output is the same bytes either way.
 * Every invalid source of every campus is reported together (nothing is published then).
 */
import { listSourcePaths, loadSources, pathsByCampus, type Preloaded } from './load/load-sources.ts';
import { validateSources, type ValidationScope } from './check/validate.ts';
import { compileCampus } from './compile/campus/campus.ts';
import { catalogArtifact } from './compile/catalog.ts';
import { campusArtifactFiles, VersionWriter } from './write/artifacts.ts';
import { buildCodeHash, campusInputKey, EarlierBuilds } from './write/reuse.ts';
import { summaryOf, type CampusSummary } from './write/summary.ts';
import { dataVersionOf, digestSources } from './compile/version.ts';
import { CATALOG_FILE, encodeJson } from '../runtime/contract/index.ts';
import { SourceError, type SourceIssue } from './load/errors.ts';
import type { BuildReport } from './write/report.ts';
import type { Registry, ValidSources } from './load/source-types.ts';

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

/** Loads and validates the campuses of `ids` (none: the registry alone), collecting issues instead of throwing. */
function loadValid(sourcesDir: string, ids: readonly string[], preloaded: Preloaded, placeOwners: Map<string, string>, issues: SourceIssue[]): ValidSources | null {
  const scope: ValidationScope = { campuses: new Set(ids), placeOwners };
  try {
    return validateSources(loadSources(sourcesDir, scope.campuses, preloaded), scope);
  } catch (e) {
    if (!(e instanceof SourceError)) throw e;
    for (const issue of e.issues) issues.push(issue);
    return null;
  }
}

export function buildAll({ sourcesDir, outDir, full = false }: BuildOptions): BuildResult {
  const started = performance.now();
  const paths = listSourcePaths(sourcesDir);
  const { hash, date } = digestSources(sourcesDir, paths);
  const dataVersion = dataVersionOf(date, hash);
  const generatedAt = `${date}T00:00:00.000Z`;

  const issues: SourceIssue[] = [];
  const placeOwners = new Map<string, string>();
  // The registry, and any campus files of campuses the registry does not list (reported as such). A registry
  // with issues is still read for its campus list, so that every campus's issues are reported with its own.
  // The shared files (registry, schemas, licence notice) are read once, here; each campus's load reads its own files only.
  const shared = loadSources(sourcesDir, new Set(), { paths: [] });
  const pathsOf = pathsByCampus(paths);
  const campusLoad = (ids: readonly string[]) => loadValid(sourcesDir, ids, { paths: ids.flatMap((id) => pathsOf.get(id) ?? []).sort(), shared }, placeOwners, issues);
  const head = campusLoad([]);
  const registry = head?.registry ?? (shared.registry.data as Registry | undefined);
  if (!Array.isArray(registry?.campuses) || !registry.campuses.every((c) => typeof c?.id === 'string')) throw new SourceError(issues);
  const listed = new Set(registry.campuses.map((c) => c.id));
  const unlisted = [...pathsOf.keys()].filter((c) => !listed.has(c));
  if (unlisted.length) campusLoad(unlisted);

  const earlier = new EarlierBuilds(outDir);
  const code = buildCodeHash();
  const writer = new VersionWriter(outDir, dataVersion);
  const campuses = new Map<string, CampusSummary>();
  const inputs = new Map<string, { key: string; summary: CampusSummary }>();
  const attributions = new Set<string>();
  let reused = 0;
  try {
    for (const reg of registry.campuses) {
      const sources = campusLoad([reg.id]);
      if (!sources || issues.length) continue; // keep validating the others; nothing is compiled or published
      const file = sources.campuses[0]!;
      for (const s of file.sources) if (s.attribution) attributions.add(s.attribution);
      const key = campusInputKey(code, reg, sources.files);
      let summary = full ? undefined : earlier.copy(key, writer);
      if (summary) reused++;
      else {
        const compiled = compileCampus(file, reg, sources.graphs.get(reg.id), sources.footprints.get(reg.id));
        for (const [path, bytes] of campusArtifactFiles(compiled)) writer.add(path, bytes);
        summary = summaryOf(compiled);
      }
      campuses.set(reg.id, summary);
      inputs.set(reg.id, { key, summary });
    }
    if (issues.length) throw new SourceError(issues);
    writer.add(CATALOG_FILE, encodeJson(catalogArtifact(registry, attributions, dataVersion, generatedAt, campuses)));
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
