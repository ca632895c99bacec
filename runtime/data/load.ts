/**
 * Loads the build artifacts into memory once at start-up: dist/current.json → dist/<dataVersion>/
 * {catalog.json, campuses/<id>.json, routes/<id>.bin}. Verifies nothing beyond what it needs to read
 * (the build owns integrity); fails loudly on a missing or malformed artifact.
 */
import { readFile } from 'node:fs/promises';
import { endianness } from 'node:os';
import path from 'node:path';
import type { CampusArtifact, CatalogArtifact, PlaceRecord, RouteMode } from '../domain/types.ts';
import { ROUTE_FIELD_COUNT } from '../domain/types.ts';

export type CatalogCampus = CatalogArtifact['campuses'][number];
export type CatalogUniversity = CatalogArtifact['universities'][number];

export interface CampusData {
  id: string;
  universityId: string;
  info: CatalogCampus;
  artifact: CampusArtifact;
  /** Match-key lookups as Maps (no prototype keys such as `__proto__` or `constructor`). */
  codeIndex: Map<string, number>;
  nameIndex: Map<string, number[]>;
  /** Route matrix [mode][from][to][field] as Float64 values. */
  matrix: Float64Array;
  modes: RouteMode[];
  n: number;
  /** Places of this campus ordered by id. */
  places: PlaceRecord[];
}

export interface Dataset {
  dataVersion: string;
  generatedAt: string;
  catalog: CatalogArtifact;
  /** Campuses in registry order. */
  campuses: CampusData[];
  campusById: Map<string, CampusData>;
  universityById: Map<string, CatalogUniversity>;
  placeById: Map<string, { place: PlaceRecord; campus: CampusData }>;
}

async function readJson<T>(file: string): Promise<T> {
  return JSON.parse(await readFile(file, 'utf8')) as T;
}

/** Reads the current data version from dist/current.json. */
export async function currentVersion(distDir: string): Promise<string> {
  const current = await readJson<{ dataVersion?: unknown }>(path.join(distDir, 'current.json'));
  if (typeof current.dataVersion !== 'string' || current.dataVersion === '') {
    throw new Error(`${distDir}/current.json has no dataVersion`);
  }
  return current.dataVersion;
}

/** Float64 view over a little-endian file buffer; copies when the buffer is unaligned or the host is big-endian. */
export function float64View(buf: Buffer): Float64Array {
  if (buf.byteLength % 8 !== 0) throw new Error('route matrix size is not a multiple of 8 bytes');
  const count = buf.byteLength / 8;
  if (endianness() === 'LE') {
    if (buf.byteOffset % 8 === 0) return new Float64Array(buf.buffer, buf.byteOffset, count);
    return new Float64Array(new Uint8Array(buf).buffer); // Uint8Array(buf) copies into a fresh, aligned buffer
  }
  const out = new Float64Array(count);
  const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  for (let i = 0; i < count; i++) out[i] = dv.getFloat64(i * 8, true);
  return out;
}

async function loadCampus(versionDir: string, info: CatalogCampus): Promise<CampusData> {
  const artifact = await readJson<CampusArtifact>(path.join(versionDir, 'campuses', `${info.id}.json`));
  if (artifact.campus !== info.id) throw new Error(`campus artifact ${info.id} names campus ${artifact.campus}`);
  const { routes } = artifact;
  const n = artifact.buildings.length;
  if (routes.n !== n) throw new Error(`route matrix of ${info.id}: n=${routes.n}, but ${n} buildings`);
  const matrix = float64View(await readFile(path.join(versionDir, routes.file)));
  const expected = routes.modes.length * n * n * ROUTE_FIELD_COUNT;
  if (matrix.length !== expected) throw new Error(`route matrix of ${info.id}: ${matrix.length} values, expected ${expected}`);
  return {
    id: info.id,
    universityId: info.universityId,
    info,
    artifact,
    codeIndex: new Map(Object.entries(artifact.codeIndex)),
    nameIndex: new Map(Object.entries(artifact.nameIndex)),
    matrix,
    modes: routes.modes,
    n,
    places: [...artifact.places].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
  };
}

export async function loadDataset(distDir = 'dist'): Promise<Dataset> {
  const dataVersion = await currentVersion(distDir);
  const versionDir = path.join(distDir, dataVersion);
  const catalog = await readJson<CatalogArtifact>(path.join(versionDir, 'catalog.json'));
  if (catalog.dataVersion !== dataVersion) throw new Error(`catalog dataVersion ${catalog.dataVersion} ≠ current ${dataVersion}`);
  const campuses = await Promise.all(catalog.campuses.map((c) => loadCampus(versionDir, c)));
  const placeById = new Map<string, { place: PlaceRecord; campus: CampusData }>();
  for (const campus of campuses) {
    for (const place of campus.places) {
      if (placeById.has(place.id)) throw new Error(`place id ${place.id} is not globally unique`);
      placeById.set(place.id, { place, campus });
    }
  }
  return {
    dataVersion,
    generatedAt: catalog.generatedAt,
    catalog,
    campuses,
    campusById: new Map(campuses.map((c) => [c.id, c])),
    universityById: new Map(catalog.universities.map((u) => [u.id, u])),
    placeById,
  };
}
