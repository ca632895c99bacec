/**
 * The data versions this server holds for download: every `dist/<dataVersion>/` with a readable manifest
 * and catalog, scanned at start-up and on each reload (never per request). A file is found only by its
 * flat name in a manifest — never by a path taken from the request — and its bytes are checked against
 * the manifest's sha256 before they are served.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { CATALOG_FILE, MANIFEST_FILE, decodeCatalog, decodeManifest } from '../contract/index.ts';
import { DATA_VERSION_PATTERN_TEXT, FILE_NAME_PATTERN_TEXT } from '../schemas/datasets.ts';
import { isPlainPath, sha256Hex } from '../contract/manifest.ts';

/** `YYYY-MM-DD.<8 hex>` (BEHAVIOUR §10). */
export const DATA_VERSION_PATTERN = new RegExp(DATA_VERSION_PATTERN_TEXT);
/** A flat file name: one URL segment of at most 200 characters (`..` is refused separately). */
export const FILE_NAME_PATTERN = new RegExp(FILE_NAME_PATTERN_TEXT);

export interface HeldFile {
  /** One URL segment: the manifest path with `/` replaced by `.` (e.g. campuses.utm.json). */
  name: string;
  /** Path inside the version (and the release tarball), as the manifest lists it. */
  path: string;
  bytes: number;
  sha256: string;
}

export interface HeldVersion {
  dataVersion: string;
  generatedAt: string;
  /** Ordered by path. */
  files: HeldFile[];
  byName: ReadonlyMap<string, HeldFile>;
  dir: string;
}

export const EMPTY_STORE: DatasetStore = { versions: [], byVersion: new Map() };

export interface DatasetStore {
  /** Newest first (dataVersion order). */
  versions: HeldVersion[];
  byVersion: ReadonlyMap<string, HeldVersion>;
}

export const flatName = (p: string): string => p.replaceAll('/', '.');

/** One version directory, or null when this code cannot read it (incomplete, or another artifact format). */
async function scanVersion(distDir: string, dataVersion: string): Promise<HeldVersion | null> {
  const dir = path.join(distDir, dataVersion);
  try {
    const manifestBytes = await readFile(path.join(dir, MANIFEST_FILE));
    const manifest = decodeManifest(manifestBytes.toString('utf8'), dir);
    const catalog = decodeCatalog(await readFile(path.join(dir, CATALOG_FILE), 'utf8'), dataVersion);
    if (manifest.dataVersion !== dataVersion) return null;
    const entries: [string, { sha256: string; bytes: number }][] = [
      ...Object.entries(manifest.files ?? {}),
      [MANIFEST_FILE, { sha256: sha256Hex(manifestBytes), bytes: manifestBytes.length }],
    ];
    const files: HeldFile[] = [];
    for (const [p, e] of entries) {
      if (!isPlainPath(p) || typeof e?.sha256 !== 'string' || !Number.isInteger(e.bytes)) return null;
      files.push({ name: flatName(p), path: p, bytes: e.bytes, sha256: e.sha256 });
    }
    files.sort((a, b) => (a.path < b.path ? -1 : 1));
    const byName = new Map(files.map((f) => [f.name, f]));
    if (byName.size !== files.length) return null; // two paths flatten to one name
    return { dataVersion, generatedAt: String(catalog.generatedAt), files, byName, dir };
  } catch {
    return null;
  }
}

export async function scanDatasets(distDir: string): Promise<DatasetStore> {
  let names: string[] = [];
  try {
    names = (await readdir(distDir, { withFileTypes: true })).filter((d) => d.isDirectory() && DATA_VERSION_PATTERN.test(d.name)).map((d) => d.name);
  } catch {
    /* no dist directory: nothing held */
  }
  const versions = (await Promise.all(names.map((v) => scanVersion(distDir, v))))
    .filter((v): v is HeldVersion => v !== null)
    .sort((a, b) => (a.dataVersion < b.dataVersion ? 1 : -1));
  return { versions, byVersion: new Map(versions.map((v) => [v.dataVersion, v])) };
}

/** The file's bytes, or an Error when they no longer match the manifest (the caller answers 500). */
export async function readHeldFile(version: HeldVersion, file: HeldFile): Promise<Buffer> {
  const full = path.join(version.dir, file.path);
  if (!full.startsWith(version.dir + path.sep)) throw new Error(`dataset file ${file.path} resolves outside its version`);
  const bytes = await readFile(full);
  if (bytes.length !== file.bytes || sha256Hex(bytes) !== file.sha256) {
    throw new Error(`dataset file ${version.dataVersion}/${file.path} does not match its manifest`);
  }
  return bytes;
}
