/**
 * Loads the build artifacts into memory once at start-up: dist/current.json → dist/<dataVersion>/
 * {manifest.json, catalog.json, campuses/<id>.json, routes/<id>.bin, paths/<id>.bin, maps/<id>.geojson},
 * decoded by runtime/contract.
 * A dist/ written in another artifact format is refused; beyond that it verifies only what it needs
 * to read (the build owns integrity) and fails loudly on a missing or malformed artifact.
 */
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PlaceRecord, RouteMode } from '../domain/types.ts';
import {
  CATALOG_FILE,
  CURRENT_FILE,
  MANIFEST_FILE,
  campusFile,
  decodeCampus,
  decodeCatalog,
  decodeManifest,
  decodeMatrix,
  decodePaths,
  decodeCandidates,
  type CampusArtifact,
  type RoutePaths,
  type CatalogArtifact,
} from '../contract/index.ts';

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
  /** Route matrix [mode][from][to][field] as Float64 values (runtime/contract/matrix.ts). */
  matrix: Float64Array;
  modes: RouteMode[];
  n: number;
  /** Places of this campus ordered by id. */
  places: PlaceRecord[];
  /** Walked paths of the routed cells (campuses with a walking graph), for route geometry. */
  paths: RoutePaths | null;
  /** Step-free candidates and their paths (runtime/contract/candidates.ts); null where the graph records no stairs. */
  candidates: { values: Float64Array; paths: RoutePaths } | null;
  /** The campus map GeoJSON as stored, read on first use (most processes never serve it; ~1 MB each). */
  map: () => Promise<Buffer>;
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

/** Reads the current data version from dist/current.json. */
export async function currentVersion(distDir: string): Promise<string> {
  const current = JSON.parse(await readFile(path.join(distDir, CURRENT_FILE), 'utf8')) as { dataVersion?: unknown };
  if (typeof current.dataVersion !== 'string' || current.dataVersion === '') {
    throw new Error(`${distDir}/${CURRENT_FILE} has no dataVersion`);
  }
  return current.dataVersion;
}

async function loadCampus(versionDir: string, info: CatalogCampus): Promise<CampusData> {
  const artifact = decodeCampus(await readFile(path.join(versionDir, campusFile(info.id)), 'utf8'), info.id);
  const { routes } = artifact;
  const sf = artifact.stepFreeCandidates;
  const [matrixBytes, pathBytes, candidateBytes, candidatePathBytes] = await Promise.all([
    readFile(path.join(versionDir, routes.file)),
    artifact.paths ? readFile(path.join(versionDir, artifact.paths.file)) : null,
    sf ? readFile(path.join(versionDir, sf.file)) : null,
    sf ? readFile(path.join(versionDir, sf.paths.file)) : null,
  ]);
  const mapPath = path.join(versionDir, artifact.map);
  await access(mapPath); // present now, read on first use
  let mapBytes: Promise<Buffer> | undefined;
  const map = () => (mapBytes ??= readFile(mapPath));
  const matrix = decodeMatrix(matrixBytes, routes, info.id);
  const cellCount = routes.modes.length * routes.n * routes.n;
  const paths = artifact.paths && pathBytes ? decodePaths(pathBytes, artifact.paths, cellCount, info.id) : null;
  const candidates =
    sf && candidateBytes && candidatePathBytes
      ? { values: decodeCandidates(candidateBytes, sf, info.id), paths: decodePaths(candidatePathBytes, sf.paths, sf.n * sf.n, info.id) }
      : null;
  return {
    id: info.id,
    universityId: info.universityId,
    info,
    artifact,
    codeIndex: new Map(Object.entries(artifact.codeIndex)),
    nameIndex: new Map(Object.entries(artifact.nameIndex)),
    matrix,
    modes: routes.modes,
    n: routes.n,
    places: [...artifact.places].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
    paths,
    candidates,
    map,
  };
}

/** Loads the version dist/current.json names, or `version` when given (a cluster worker joining a served version). */
export async function loadDataset(distDir = 'dist', version?: string): Promise<Dataset> {
  const dataVersion = version ?? (await currentVersion(distDir));
  const versionDir = path.join(distDir, dataVersion);
  decodeManifest(await readFile(path.join(versionDir, MANIFEST_FILE), 'utf8'), versionDir);
  const catalog = decodeCatalog(await readFile(path.join(versionDir, CATALOG_FILE), 'utf8'), dataVersion);
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
