/**
 * The artifact directory: serializes the compiled data with the contract's encoders (runtime/contract)
 * and writes a data version as it is built — each campus's files as soon as they are compiled, so the
 * build holds one campus's artifacts at a time — then adds manifest.json and publishes
 * `dist/<dataVersion>/` and `dist/current.json` (both via temporary names and rename).
 */
import { mkdirSync, renameSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'fflate';
import { CURRENT_FILE, MANIFEST_FILE, encodeManifestEntries, encodeMatrix, encodePaths, encodeJson, campusFile, mapGzipFile } from '../../runtime/contract/index.ts';
import { sha256Hex } from '../../runtime/contract/manifest.ts';
import type { CompiledCampus } from '../compile/campus/campus.ts';

/** A campus's artifact files (relative path → bytes). */
export function campusArtifactFiles(c: CompiledCampus): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  files.set(campusFile(c.artifact.campus), encodeJson(c.artifact));
  files.set(c.artifact.routes.file, encodeMatrix(c.matrix.data));
  if (c.artifact.paths && c.paths) files.set(c.artifact.paths.file, encodePaths(c.paths));
  const candidates = c.artifact.stepFreeCandidates;
  if (candidates && c.candidates) {
    files.set(candidates.file, encodeMatrix(c.candidates.data));
  }
  files.set(c.artifact.map, c.map);
  // gzip by fflate (pure JavaScript: the same bytes on every machine), as the server keeps and sends it
  files.set(mapGzipFile(c.artifact.campus), Buffer.from(gzipSync(c.map, { level: 9, mtime: 0 })));
  return files;
}

/** A data version being written into a temporary directory; publish() puts it in place, abandon() removes it. */
export class VersionWriter {
  private readonly entries = new Map<string, { sha256: string; bytes: number }>();
  private readonly unique = `${process.pid}-${Date.now()}`;
  readonly tmp: string;

  constructor(readonly outDir: string, readonly dataVersion: string) {
    mkdirSync(outDir, { recursive: true });
    this.tmp = join(outDir, `.tmp-${dataVersion}-${this.unique}`);
  }

  /** Writes one artifact file (its sha256 is computed unless the caller has it already). */
  add(path: string, bytes: Buffer, sha256 = sha256Hex(bytes)): void {
    if (this.entries.has(path)) throw new Error(`artifact ${path} written twice`);
    mkdirSync(dirname(join(this.tmp, path)), { recursive: true });
    writeFileSync(join(this.tmp, path), bytes);
    this.entries.set(path, { sha256, bytes: bytes.length });
  }

  /** Adds the manifest, replaces `outDir/<dataVersion>/` and then `outDir/current.json`; returns the version directory. */
  publish(): string {
    const sorted = new Map([...this.entries].sort(([a], [b]) => (a < b ? -1 : 1)));
    mkdirSync(this.tmp, { recursive: true });
    writeFileSync(join(this.tmp, MANIFEST_FILE), encodeManifestEntries(this.dataVersion, sorted));
    const target = join(this.outDir, this.dataVersion);
    if (existsSync(target)) {
      const old = join(this.outDir, `.old-${this.dataVersion}-${this.unique}`);
      renameSync(target, old);
      rmSync(old, { recursive: true, force: true });
    }
    renameSync(this.tmp, target);
    const currentTmp = join(this.outDir, `.current-${this.unique}.json`);
    writeFileSync(currentTmp, JSON.stringify({ dataVersion: this.dataVersion }) + '\n');
    renameSync(currentTmp, join(this.outDir, CURRENT_FILE));
    return target;
  }

  abandon(): void {
    rmSync(this.tmp, { recursive: true, force: true });
  }
}
