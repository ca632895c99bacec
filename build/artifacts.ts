/**
 * The artifact directory: serializes the compiled data, adds manifest.json and publishes
 * `dist/<dataVersion>/` then `dist/current.json` (both via temporary names and rename).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import stringify from 'fast-json-stable-stringify';
import type { CatalogArtifact, Manifest } from '../runtime/domain/types.ts';
import type { CompiledCampus } from './campus.ts';
import { matrixBytes } from './route-matrix.ts';

/** Artifact files (relative path → bytes), manifest excluded. Key order of records is kept (JSON.stringify). */
export function artifactFiles(catalog: CatalogArtifact, campuses: readonly CompiledCampus[]): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  files.set('catalog.json', Buffer.from(JSON.stringify(catalog) + '\n'));
  for (const c of campuses) {
    files.set(`campuses/${c.artifact.campus}.json`, Buffer.from(JSON.stringify(c.artifact) + '\n'));
    files.set(c.artifact.routes.file, matrixBytes(c.matrix.data));
  }
  return files;
}

export function manifestOf(dataVersion: string, files: ReadonlyMap<string, Buffer>): Manifest {
  const entries: Manifest['files'] = {};
  for (const [path, bytes] of files) entries[path] = { sha256: createHash('sha256').update(bytes).digest('hex'), bytes: bytes.length };
  return { dataVersion, files: entries };
}

/** Writes `outDir/<dataVersion>/…` and then `outDir/current.json`; returns the version directory. */
export function publish(outDir: string, dataVersion: string, files: ReadonlyMap<string, Buffer>): string {
  const all = new Map(files);
  all.set('manifest.json', Buffer.from(stringify(manifestOf(dataVersion, files)) + '\n'));
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
  renameSync(currentTmp, join(outDir, 'current.json'));
  return target;
}
