/**
 * A data release: one version's artifacts + manifest.json (every file of the release with bytes and
 * sha256) + CHANGELOG.md / CHANGELOG.json + DATA-LICENSE.md, as a deterministic tarball
 * `campus-data-<dataVersion>.tar.gz` whose entries all live under `campus-data-<dataVersion>/`.
 */
import stringify from 'fast-json-stable-stringify';
import { sha256Hex } from '../../runtime/contract/manifest.ts';
import { tarGz, type TarEntry } from './tar.ts';
import { MANIFEST, type VersionFiles } from './version-files.ts';

export const CHANGELOG_MD = 'CHANGELOG.md';
export const CHANGELOG_JSON = 'CHANGELOG.json';
export const LICENSE_FILE = 'DATA-LICENSE.md';

export interface Release {
  dataVersion: string;
  /** campus-data-<dataVersion>.tar.gz */
  fileName: string;
  bytes: Buffer;
  sha256: string;
  /** The files inside (relative to the top directory), manifest.json included. */
  files: Map<string, Buffer>;
}

export interface ReleaseInput {
  version: VersionFiles;
  dataVersion: string;
  generatedAt: string;
  changelogMarkdown: string;
  changelogJson: string;
  licence: Buffer;
}

const sortedPaths = (paths: Iterable<string>) => [...paths].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** The release's files: the version's artifacts, the changelog, the licence, and a manifest of all of them. */
export function releaseFiles(input: ReleaseInput): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const [name, bytes] of input.version.files) if (name !== MANIFEST) files.set(name, bytes);
  files.set(CHANGELOG_MD, Buffer.from(input.changelogMarkdown));
  files.set(CHANGELOG_JSON, Buffer.from(input.changelogJson));
  files.set(LICENSE_FILE, input.licence);
  // The version's own manifest, extended to list the release's extra files (its other fields are kept).
  const manifest = JSON.parse(input.version.files.get(MANIFEST)!.toString('utf8'));
  const entries: Record<string, { sha256: string; bytes: number }> = {};
  for (const name of sortedPaths(files.keys())) entries[name] = { sha256: sha256Hex(files.get(name)!), bytes: files.get(name)!.length };
  files.set(MANIFEST, Buffer.from(stringify({ ...manifest, files: entries }) + '\n'));
  return files;
}

/** Tar entries: the top directory, then every directory before its contents, everything in path order. */
export function tarEntries(top: string, files: ReadonlyMap<string, Buffer>): TarEntry[] {
  const entries: TarEntry[] = [{ path: `${top}/` }];
  const dirs = new Set<string>();
  for (const name of sortedPaths(files.keys())) {
    const parts = name.split('/');
    for (let i = 1; i < parts.length; i++) {
      const dir = parts.slice(0, i).join('/');
      if (!dirs.has(dir)) {
        dirs.add(dir);
        entries.push({ path: `${top}/${dir}/` });
      }
    }
    entries.push({ path: `${top}/${name}`, bytes: files.get(name)! });
  }
  return entries;
}

export function buildRelease(input: ReleaseInput): Release {
  const files = releaseFiles(input);
  const top = `campus-data-${input.dataVersion}`;
  // Every entry carries the data's own date as its mtime, so the archive depends on the data only.
  const mtime = Math.floor(Date.parse(input.generatedAt) / 1000);
  if (!Number.isFinite(mtime) || mtime < 0) throw new Error(`generatedAt ${input.generatedAt} is not a date-time`);
  const bytes = tarGz(tarEntries(top, files), mtime);
  return { dataVersion: input.dataVersion, fileName: `${top}.tar.gz`, bytes, sha256: sha256Hex(bytes), files };
}
