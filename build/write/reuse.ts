/**
 * Incremental builds: a campus whose inputs did not change since an earlier build into the same output
 * directory is not compiled again — its artifact files are copied from that build's version directory.
 *
 * A campus's artifacts are a pure function of its registry entry, its source files (campuses/<id>.json,
 * graphs/<id>/*, footprints/<id>.geojson) and the build code (compileCampus; nothing of other campuses, nothing of the data version).
 * Its input key is the sha256 of exactly that; each published version records the key and the summary
 * the catalog and the report need (`<outDir>/.campus-inputs/<dataVersion>.json`). A reused file is checked
 * against its version's manifest before it is copied (a file changed since is compiled afresh), so the
 * output is byte-identical to a full build (test/build/incremental.test.ts).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import stringify from 'fast-json-stable-stringify';
import { FORMAT_VERSION, MANIFEST_FILE } from '../../runtime/contract/index.ts';
import { sha256Hex } from '../../runtime/contract/manifest.ts';
import type { RegistryCampus } from '../load/source-types.ts';
import type { CampusSummary } from './summary.ts';
import type { VersionWriter } from './artifacts.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** What a campus's artifacts are computed by: the build, the contract and domain modules it imports, the locked dependencies. */
const CODE = ['build', 'runtime/contract', 'runtime/domain', 'package-lock.json'];

/** sha256 of the build code (every file of CODE, by path): another build code, another key for every campus. */
export function buildCodeHash(root = ROOT): string {
  const hash = createHash('sha256');
  const walk = (path: string) => {
    if (statSync(path).isDirectory()) for (const name of readdirSync(path).sort()) walk(join(path, name));
    else hash.update(relative(root, path)).update('\0').update(readFileSync(path)).update('\0');
  };
  for (const p of CODE) if (existsSync(join(root, p))) walk(join(root, p));
  return hash.digest('hex');
}

/** The input key of one campus: the build code, its registry entry and its source files (path and bytes). */
export function campusInputKey(codeHash: string, reg: RegistryCampus, files: readonly { path: string; content: Buffer }[]): string {
  const hash = createHash('sha256').update(`${FORMAT_VERSION}\0${codeHash}\0${stringify(reg)}\0`);
  for (const f of files) hash.update(f.path).update('\0').update(f.content).update('\0');
  return hash.digest('hex');
}

const INPUTS_DIR = '.campus-inputs';

interface InputsRecord {
  formatVersion: number;
  campuses: Record<string, { key: string; summary: CampusSummary }>;
}

interface Reusable {
  versionDir: string;
  manifest: Record<string, { sha256: string; bytes: number }>;
  summary: CampusSummary;
}

/** The campuses of earlier builds into `outDir` that can be copied, by input key (records of removed versions are dropped). */
export class EarlierBuilds {
  private readonly byKey = new Map<string, Reusable>();

  constructor(readonly outDir: string) {
    const dir = join(outDir, INPUTS_DIR);
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir).sort()) {
      if (name.startsWith('.') || !name.endsWith('.json')) continue; // another build's record being written
      const versionDir = join(outDir, name.replace(/\.json$/, ''));
      try {
        const manifest = JSON.parse(readFileSync(join(versionDir, MANIFEST_FILE), 'utf8'));
        const record = JSON.parse(readFileSync(join(dir, name), 'utf8')) as InputsRecord;
        if (manifest.formatVersion !== FORMAT_VERSION || record.formatVersion !== FORMAT_VERSION) continue;
        for (const { key, summary } of Object.values(record.campuses)) this.byKey.set(key, { versionDir, manifest: manifest.files, summary });
      } catch {
        if (!existsSync(versionDir)) rmSync(join(dir, name), { force: true }); // its version is gone
      }
    }
  }

  /**
   * Copies the campus's files from an earlier build into `writer` and returns its summary, or undefined when
   * there is none or a file no longer matches that version's manifest (then it is compiled).
   */
  copy(key: string, writer: VersionWriter): CampusSummary | undefined {
    const r = this.byKey.get(key);
    if (!r) return undefined;
    const files: [string, Buffer, string][] = [];
    for (const path of r.summary.files) {
      const entry = r.manifest[path];
      let bytes: Buffer;
      try {
        bytes = readFileSync(join(r.versionDir, path));
      } catch {
        return undefined;
      }
      const sha256 = sha256Hex(bytes);
      if (!entry || entry.sha256 !== sha256 || entry.bytes !== bytes.length) return undefined;
      files.push([path, bytes, sha256]);
    }
    for (const [path, bytes, sha256] of files) writer.add(path, bytes, sha256);
    return r.summary;
  }

  /** Records the inputs of a published version for the next build. */
  record(dataVersion: string, campuses: ReadonlyMap<string, { key: string; summary: CampusSummary }>): void {
    const dir = join(this.outDir, INPUTS_DIR);
    mkdirSync(dir, { recursive: true });
    const record: InputsRecord = { formatVersion: FORMAT_VERSION, campuses: Object.fromEntries(campuses) };
    const tmp = join(dir, `.${dataVersion}-${process.pid}-${Date.now()}.tmp`);
    writeFileSync(tmp, JSON.stringify(record) + '\n');
    renameSync(tmp, join(dir, `${dataVersion}.json`));
  }
}
