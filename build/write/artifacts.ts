/**
 * The artifact directory: serializes the compiled data with the contract's encoders (runtime/contract),
 * adds manifest.json and publishes `dist/<dataVersion>/` then `dist/current.json` (both via temporary
 * names and rename).
 */
import { mkdirSync, renameSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CATALOG_FILE, CURRENT_FILE, MANIFEST_FILE, campusFile, encodeJson, encodeManifest, encodeMatrix, encodePaths, type CatalogArtifact } from '../../runtime/contract/index.ts';
import type { CompiledCampus } from '../compile/campus/campus.ts';

/** Artifact files (relative path → bytes), manifest excluded. */
export function artifactFiles(catalog: CatalogArtifact, campuses: readonly CompiledCampus[]): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  files.set(CATALOG_FILE, encodeJson(catalog));
  for (const c of campuses) {
    files.set(campusFile(c.artifact.campus), encodeJson(c.artifact));
    files.set(c.artifact.routes.file, encodeMatrix(c.matrix.data));
    if (c.artifact.paths) files.set(c.artifact.paths.file, encodePaths(c.matrix.paths));
    const candidates = c.artifact.stepFreeCandidates;
    if (candidates && c.candidates) {
      files.set(candidates.file, encodeMatrix(c.candidates.data));
      files.set(candidates.paths.file, encodePaths(c.candidates.paths));
    }
    files.set(c.artifact.map, c.map);
  }
  return files;
}

/** Writes `outDir/<dataVersion>/…` and then `outDir/current.json`; returns the version directory. */
export function publish(outDir: string, dataVersion: string, files: ReadonlyMap<string, Buffer>): string {
  const all = new Map(files);
  all.set(MANIFEST_FILE, encodeManifest(dataVersion, files));
  mkdirSync(outDir, { recursive: true });
  const unique = `${process.pid}-${Date.now()}`;
  const tmp = join(outDir, `.tmp-${dataVersion}-${unique}`);
  for (const [path, bytes] of [...all].sort(([a], [b]) => (a < b ? -1 : 1))) {
    mkdirSync(dirname(join(tmp, path)), { recursive: true });
    writeFileSync(join(tmp, path), bytes);
  }
  const target = join(outDir, dataVersion);
  if (existsSync(target)) {
    const old = join(outDir, `.old-${dataVersion}-${unique}`);
    renameSync(target, old);
    rmSync(old, { recursive: true, force: true });
  }
  renameSync(tmp, target);
  const currentTmp = join(outDir, `.current-${unique}.json`);
  writeFileSync(currentTmp, JSON.stringify({ dataVersion }) + '\n');
  renameSync(currentTmp, join(outDir, CURRENT_FILE));
  return target;
}
