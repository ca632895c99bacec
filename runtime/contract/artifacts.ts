/**
 * The JSON artifacts of `dist/<dataVersion>/` (catalog, campus files, manifest): their shapes and
 * their encode/decode side by side. The route matrix is in matrix.ts; file names in format.ts.
 */
import stringify from 'fast-json-stable-stringify';
import type { Building, CampusCoverage, Entrance, LegacyBuilding, PlaceRecord, Region, RegistryCampus, RegistryUniversity, SourceRecord } from '../domain/types.ts';
import type { RoutePathsInfo } from './paths.ts';
import type { RouteMatrixInfo } from './matrix.ts';
import type { StepFreeCandidatesInfo } from './candidates.ts';
import { checkFormatVersion, FORMAT_VERSION } from './format.ts';

/** `campuses/<campus>.json` in the artifact directory. */
export interface CampusArtifact {
  campus: string;
  university: string;
  timeZone: string;
  region: Region;
  /** Building API records, ordered by code. */
  buildings: Building[];
  /** The same buildings in the legacy aliases' frozen shape. */
  legacyBuildings: LegacyBuilding[];
  /** Per building (same index): its entrances, ordered by id. */
  entrances: Entrance[][];
  /** Per building (same index): the match keys of code, name and aliases, for `q` search. */
  searchKeys: string[][];
  /** Match key of a code → building index (resolution step 1). */
  codeIndex: Record<string, number>;
  /** Match key of a name or alias → building indexes (resolution step 2; >1 → 409). */
  nameIndex: Record<string, number[]>;
  /** Match keys shared by several buildings (they answer 409). */
  sharedKeys: string[];
  /** Per building (same index): has a known location (point or entrance). */
  located: boolean[];
  places: PlaceRecord[];
  sources: SourceRecord[];
  routes: RouteMatrixInfo;
  /** The walked paths of routed cells (campuses with a walking graph), or null. */
  paths: RoutePathsInfo | null;
  /**
   * Step-free candidates (BEHAVIOUR §7): null where the campus's walking graph records no stairs (or it has
   * no graph), so no stair-avoiding alternative can be offered.
   */
  stepFreeCandidates: StepFreeCandidatesInfo | null;
  /** The campus map (GeoJSON FeatureCollection), served as stored. */
  map: string;
}

/** What the build adds to a registry campus in the catalog. */
export interface CampusCounts {
  /** [[west, south], [east, north]] of everything the campus map draws (issue 26), or null when it draws nothing. */
  extent: [[number, number], [number, number]] | null;
  buildingCount: number;
  entranceCount: number;
  placeCount: number;
  dataVersion: string;
  coverage: CampusCoverage;
  /** Whether any route path is stored with node positions (the campus's `route-geometry` capability). */
  routeGeometry: boolean;
  /** Ids of the campus's places, sorted: the server finds a place's campus without reading every campus file. */
  placeIds: string[];
  /** Real records for the OpenAPI document's examples, chosen at build time so start-up reads no campus file. */
  examples: CampusExamples;
}

/**
 * Example subjects of a campus (runtime/openapi/examples.ts): up to two buildings (located with entrances
 * first, then located, then any; code order within each) and its first place by id.
 */
export interface CampusExamples {
  buildings: { code: string; name: string; category: string }[];
  place: { id: string; name: string; kind: string; building: string } | null;
}

/**
 * `catalog.json` in the artifact directory: registry + root-record material, and all the server reads at
 * start-up besides the manifest (campus files, matrices, paths and maps are read on first use).
 */
export interface CatalogArtifact {
  dataVersion: string;
  /** date-time of the data (the latest retrieval date at 00:00Z) — deterministic. */
  generatedAt: string;
  defaultUniversity: string;
  defaultCampus: string;
  universities: RegistryUniversity[];
  campuses: (RegistryCampus & CampusCounts)[];
  license: {
    notice: string;
    attribution: string[];
  };
}

/** `manifest.json`: the format version and every artifact file with its sha256 and size. */
export interface Manifest {
  formatVersion: number;
  dataVersion: string;
  files: Record<string, { sha256: string; bytes: number }>;
}

/** A JSON artifact as bytes: JSON.stringify keeps the records' key order (the serialized order). */
export function encodeJson(value: CatalogArtifact | CampusArtifact): Buffer {
  return Buffer.from(JSON.stringify(value) + '\n');
}

function parse(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new Error(`${what} is not valid JSON (${(e as Error).message})`);
  }
}

export function decodeCatalog(text: string, dataVersion: string): CatalogArtifact {
  const catalog = parse(text, 'catalog.json') as CatalogArtifact;
  if (catalog?.dataVersion !== dataVersion) throw new Error(`catalog dataVersion ${catalog?.dataVersion} ≠ current ${dataVersion}`);
  return catalog;
}

export function decodeCampus(text: string, campus: string): CampusArtifact {
  const artifact = parse(text, `campus artifact ${campus}`) as CampusArtifact;
  if (artifact?.campus !== campus) throw new Error(`campus artifact ${campus} names campus ${artifact?.campus}`);
  if (artifact.routes.n !== artifact.buildings.length) {
    throw new Error(`route matrix of ${campus}: n=${artifact.routes.n}, but ${artifact.buildings.length} buildings`);
  }
  return artifact;
}

/** The manifest of `files` (relative path → sha256 and size, manifest excluded), as bytes (keys sorted). */
export function encodeManifestEntries(dataVersion: string, files: ReadonlyMap<string, { sha256: string; bytes: number }>): Buffer {
  const manifest: Manifest = { formatVersion: FORMAT_VERSION, dataVersion, files: Object.fromEntries(files) };
  return Buffer.from(stringify(manifest) + '\n');
}

/** Parses a manifest and refuses one of another format version (`where` names the directory). */
export function decodeManifest(text: string, where: string): Manifest {
  const manifest = parse(text, `${where}/manifest.json`) as Partial<Manifest> | null;
  checkFormatVersion(manifest?.formatVersion, where);
  return manifest as Manifest;
}
