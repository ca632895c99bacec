/**
 * The files of one data version, checked against its manifest, from any of the places a version lives:
 * a release tarball (`campus-data-<v>.tar.gz`), a version directory (`dist/<v>`) or an artifact
 * directory (`dist`, meaning the version its current.json names).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CURRENT_FILE, MANIFEST_FILE as MANIFEST, decodeManifest } from '../../runtime/contract/index.ts';
import { isPlainPath, manifestProblems } from '../../runtime/contract/manifest.ts';
import { readTarGz } from './tar.ts';

export { MANIFEST };

export interface VersionFiles {
  /** Where it was read from (for messages). */
  where: string;
  /** Relative path → bytes, manifest.json included. */
  files: Map<string, Buffer>;
}

/** The manifest through the contract (a version in another artifact format is refused here). */
function manifestOf(bytes: Buffer | undefined, where: string) {
  if (bytes === undefined) throw new Error(`${where}: ${MANIFEST} is missing`);
  return decodeManifest(bytes.toString('utf8'), where);
}

function checked(where: string, files: Map<string, Buffer>): VersionFiles {
  const manifest = manifestOf(files.get(MANIFEST), where);
  const problems = manifestProblems(manifest, (name) => files.get(name));
  if (problems.length) throw new Error(`${where} does not match its manifest:\n  ${problems.join('\n  ')}`);
  return { where, files };
}

function fromTarball(path: string): VersionFiles {
  const entries = readTarGz(readFileSync(path));
  // A release holds one top-level directory, campus-data-<dataVersion>/.
  const tops = new Set([...entries.keys()].map((p) => p.split('/', 1)[0]));
  if (tops.size !== 1) throw new Error(`${path}: expected one top-level directory, found ${tops.size}`);
  const strip = `${[...tops][0]}/`;
  const files = new Map([...entries].map(([p, bytes]) => [p.startsWith(strip) ? p.slice(strip.length) : p, bytes]));
  return checked(path, files);
}

function fromDirectory(dir: string): VersionFiles {
  const bytes = existsSync(join(dir, MANIFEST)) ? readFileSync(join(dir, MANIFEST)) : undefined;
  const manifest = manifestOf(bytes, dir);
  const files = new Map<string, Buffer>([[MANIFEST, bytes!]]);
  for (const name of Object.keys(manifest?.files ?? {})) {
    const file = join(dir, name);
    if (isPlainPath(name) && existsSync(file)) files.set(name, readFileSync(file)); // odd names are reported by the check
  }
  return checked(dir, files);
}

/** Reads and checks a version: a .tar.gz release, a version directory, or a dist directory (its current version). */
export function readVersionFiles(path: string): VersionFiles {
  if (!existsSync(path)) throw new Error(`${path} does not exist`);
  if (!statSync(path).isDirectory()) return fromTarball(path);
  if (existsSync(join(path, MANIFEST))) return fromDirectory(path);
  const current = join(path, CURRENT_FILE);
  if (existsSync(current)) {
    let dataVersion: unknown;
    try {
      dataVersion = JSON.parse(readFileSync(current, 'utf8')).dataVersion;
    } catch (e) {
      throw new Error(`${current} is not valid JSON (${(e as Error).message})`);
    }
    if (typeof dataVersion === 'string') return fromDirectory(join(path, dataVersion));
  }
  throw new Error(`${path} is neither a release tarball, a version directory (with ${MANIFEST}) nor a dist directory (with current.json)`);
}
