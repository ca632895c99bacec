/**
 * Loads a data version for serving: dist/current.json → dist/<dataVersion>/{manifest.json, catalog.json}
 * at start-up, and nothing else. Every campus is a resident handle (its catalog entry) whose parts are
 * read on first use and kept in the process's campus cache (campus-cache.ts, byte budget, LRU):
 *   - data: campuses/<id>.json (buildings, entrances, identity indexes, places),
 *   - routes: routes/<id>.bin and paths/<id>.bin (read after the campus's data, which describes them),
 *   - map: maps/<id>.geojson.gz (the map gzip-compressed, served as stored to clients that accept gzip; it
 *     does not need the data), and mapPlain: maps/<id>.geojson (the same map uncompressed, for the others).
 * So start-up and memory follow the traffic's working set, not the number of campuses. Each file is
 * checked against the manifest when it is read (campus-parts.ts); a part that cannot be read answers
 * 503 for its campus (handlers/resolve.ts) while the other campuses keep serving.
 * A dist/ written in another artifact format is refused at start-up.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CATALOG_FILE, CURRENT_FILE, MANIFEST_FILE, decodeCatalog, decodeManifest, mapFile, mapGzipFile, type CatalogArtifact, type Manifest } from '../contract/index.ts';
import { CampusCache, DEFAULT_CAMPUS_CACHE_MB, type Slot } from './campus-cache.ts';
import {
  readCampusData, readCampusMap, readCampusRoutes,
  type CampusData, type CampusRoutes, type CatalogCampus, type VersionFiles,
} from './campus-parts.ts';

export type { CampusData, CampusRoutes, CatalogCampus };
export type CatalogUniversity = CatalogArtifact['universities'][number];

/** A campus of the dataset: its catalog entry, always resident, and its parts, read on first use. */
export interface Campus {
  id: string;
  universityId: string;
  info: CatalogCampus;
  data: Slot<CampusData>;
  routes: Slot<CampusRoutes>;
  /** The map gzip-compressed (maps/<id>.geojson.gz) and as the build wrote it (maps/<id>.geojson: what the .gz inflates to). */
  map: Slot<Buffer>;
  mapPlain: Slot<Buffer>;
}

export interface Dataset {
  dataVersion: string;
  generatedAt: string;
  catalog: CatalogArtifact;
  manifest: Manifest;
  /** dist/<dataVersion> */
  versionDir: string;
  /** Campuses in registry order. */
  campuses: Campus[];
  campusById: Map<string, Campus>;
  universityById: Map<string, CatalogUniversity>;
  /** The campus of each place id (place ids are global). */
  placeCampus: Map<string, Campus>;
  /** The process's campus cache (shared by every loaded version). */
  cache: CampusCache;
}

/** Reads the current data version from dist/current.json. */
export async function currentVersion(distDir: string): Promise<string> {
  const current = JSON.parse(await readFile(path.join(distDir, CURRENT_FILE), 'utf8')) as { dataVersion?: unknown };
  if (typeof current.dataVersion !== 'string' || current.dataVersion === '') {
    throw new Error(`${distDir}/${CURRENT_FILE} has no dataVersion`);
  }
  return current.dataVersion;
}

function campusOf(v: VersionFiles, info: CatalogCampus, cache: CampusCache): Campus {
  const data = cache.slot(info.id, 'data', () => readCampusData(v, info));
  return {
    id: info.id,
    universityId: info.universityId,
    info,
    data,
    routes: cache.slot(info.id, 'routes', async () => readCampusRoutes(v, (await data.load()).artifact)),
    map: cache.slot(info.id, 'map', () => readCampusMap(v, mapGzipFile(info.id))),
    mapPlain: cache.slot(info.id, 'map', () => readCampusMap(v, mapFile(info.id))),
  };
}

/**
 * Loads the version dist/current.json names, or `version` when given (a cluster worker joining a served
 * version). Reads the manifest and the catalog only; `cache` holds the campuses' parts once they are used.
 */
export async function loadDataset(distDir = 'dist', version?: string, cache = new CampusCache(DEFAULT_CAMPUS_CACHE_MB * 1024 * 1024)): Promise<Dataset> {
  const dataVersion = version ?? (await currentVersion(distDir));
  const versionDir = path.join(distDir, dataVersion);
  const [manifestText, catalogText] = await Promise.all([
    readFile(path.join(versionDir, MANIFEST_FILE), 'utf8'),
    readFile(path.join(versionDir, CATALOG_FILE), 'utf8'),
  ]);
  const manifest = decodeManifest(manifestText, versionDir);
  const catalog = decodeCatalog(catalogText, dataVersion);
  const files: VersionFiles = { dir: versionDir, manifest };
  const campuses = catalog.campuses.map((c) => campusOf(files, c, cache));
  const placeCampus = new Map<string, Campus>();
  for (const campus of campuses) {
    for (const id of campus.info.placeIds) {
      if (placeCampus.has(id)) throw new Error(`place id ${id} is not globally unique`);
      placeCampus.set(id, campus);
    }
  }
  return {
    dataVersion,
    generatedAt: catalog.generatedAt,
    catalog,
    manifest,
    versionDir,
    campuses,
    campusById: new Map(campuses.map((c) => [c.id, c])),
    universityById: new Map(catalog.universities.map((u) => [u.id, u])),
    placeCampus,
    cache,
  };
}
