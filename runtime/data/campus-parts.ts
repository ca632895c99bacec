/**
 * The parts of one campus that are read on first use, each from its artifact file(s) checked against the
 * manifest (size and sha256) and decoded by runtime/contract: the records (campuses/<id>.json: buildings,
 * entrances, identity indexes, places), the routes (routes/<id>.bin and paths/<id>.bin, and where the graph records
 * stairs the step-free candidates, candidates/<id>.bin, whose walked paths are a family of the route paths) and the map
 * (maps/<id>.geojson). Shared by the lazy loader (load.ts) and the reload check (datasets/check.ts).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PlaceRecord, RouteMode } from '../domain/types.ts';
import {
  CANDIDATE_FAMILY, campusFile, decodeCampus, decodeCandidates, decodeMatrix, decodePaths,
  type CampusArtifact, type CatalogArtifact, type Manifest, type RoutePaths,
} from '../contract/index.ts';
import { fileProblemAsync } from '../contract/manifest.ts';
import type { Loaded } from './campus-cache.ts';

export type CatalogCampus = CatalogArtifact['campuses'][number];

/** A campus's records (campuses/<id>.json) with the lookups made from them. */
export interface CampusData {
  id: string;
  universityId: string;
  info: CatalogCampus;
  artifact: CampusArtifact;
  /** Match-key lookups as Maps (no prototype keys such as `__proto__` or `constructor`). */
  codeIndex: Map<string, number>;
  nameIndex: Map<string, number[]>;
  /** Places of this campus ordered by id, and by id. */
  places: PlaceRecord[];
  placeById: Map<string, PlaceRecord>;
}

/** A campus's route matrix and walked paths. */
export interface CampusRoutes {
  /** Route matrix [mode][from][to][field] as Float32 values (runtime/contract/matrix.ts). */
  matrix: Float32Array;
  modes: RouteMode[];
  n: number;
  /** Walked paths of the routed cells (campuses with a walking graph), for route geometry. */
  paths: RoutePaths | null;
  /**
   * Step-free candidates (runtime/contract/candidates.ts) and the family of their walked paths in `paths`; null
   * where the graph records no stairs.
   */
  candidates: { values: Float32Array; family: number } | null;
}

/**
 * What decoded records cost in memory per byte of their file: parsed, the real campus files measured
 * 1.3–1.8× their size on the V8 heap, and the Building JSON prepared on first use adds 0.2–0.5×.
 */
export const RECORDS_BYTES_PER_FILE_BYTE = 2;

/** Where a version's files are and what the manifest says of each. */
export interface VersionFiles {
  dir: string;
  manifest: Manifest;
}

/**
 * One artifact file's bytes, refused unless they match the manifest (so a file changed in place is never served).
 * The error says what is wrong with the file, its name first (`<name>: missing`, `<name>: sha256 differs…`).
 */
export async function readChecked(v: VersionFiles, name: string): Promise<Buffer> {
  const bytes = await readFile(path.join(v.dir, name)).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return undefined;
    throw new Error(`${name}: ${e.message}`);
  });
  const problem = await fileProblemAsync(name, v.manifest.files[name], bytes);
  if (problem !== undefined) throw new Error(problem);
  return bytes!;
}

const byId = (a: PlaceRecord, b: PlaceRecord) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function decodeCampusData(info: CatalogCampus, bytes: Buffer): CampusData {
  const artifact = decodeCampus(bytes.toString('utf8'), info.id);
  const places = [...artifact.places].sort(byId);
  return {
    id: info.id,
    universityId: info.universityId,
    info,
    artifact,
    codeIndex: new Map(Object.entries(artifact.codeIndex)),
    nameIndex: new Map(Object.entries(artifact.nameIndex)),
    places,
    placeById: new Map(places.map((p) => [p.id, p])),
  };
}

export async function readCampusData(v: VersionFiles, info: CatalogCampus): Promise<Loaded<CampusData>> {
  const bytes = await readChecked(v, campusFile(info.id));
  return { value: decodeCampusData(info, bytes), bytes: bytes.length * RECORDS_BYTES_PER_FILE_BYTE };
}

/** The routes part's files, as read (null where the campus has none of that file). */
export interface RouteFiles {
  matrix: Buffer;
  paths: Buffer | null;
  candidates: Buffer | null;
}

export function decodeCampusRoutes(artifact: CampusArtifact, files: RouteFiles): CampusRoutes {
  const { routes, campus } = artifact;
  const paths = artifact.paths && files.paths ? decodePaths(files.paths, artifact.paths, routes.n, campus) : null;
  const sf = artifact.stepFreeCandidates;
  const family = paths ? paths.families.indexOf(CANDIDATE_FAMILY) : -1;
  if (sf && family < 0) throw new Error(`step-free candidates of ${campus}: the route paths have no ${CANDIDATE_FAMILY} family`);
  const candidates = sf && files.candidates ? { values: decodeCandidates(files.candidates, sf, campus), family } : null;
  return { matrix: decodeMatrix(files.matrix, routes, campus), modes: routes.modes, n: routes.n, paths, candidates };
}

/** The names of the routes part's files (matrix, paths, candidates), null where absent. */
export function routeFileNames(artifact: CampusArtifact): [string, string | null, string | null] {
  return [artifact.routes.file, artifact.paths?.file ?? null, artifact.stepFreeCandidates?.file ?? null];
}

export async function readCampusRoutes(v: VersionFiles, artifact: CampusArtifact): Promise<Loaded<CampusRoutes>> {
  const [matrix, paths, candidates] = await Promise.all(routeFileNames(artifact).map((name) => (name === null ? null : readChecked(v, name))));
  const value = decodeCampusRoutes(artifact, { matrix: matrix!, paths, candidates });
  return { value, bytes: [matrix, paths, candidates].reduce((sum, b) => sum + (b?.length ?? 0), 0) };
}

export async function readCampusMap(v: VersionFiles, name: string): Promise<Loaded<Buffer>> {
  const bytes = await readChecked(v, name);
  return { value: bytes, bytes: bytes.length };
}
