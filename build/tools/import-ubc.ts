/**
 * One-off importer of UBC Vancouver's own open geodata (the reference directory's `ubc/`, see its
 * README) into `sources/`: the walking graph (`graphs/ubc-vancouver/`), each entrance's step-free and
 * power-door facts and the points of interest with their published hours (`campuses/ubc-vancouver.json`),
 * and the building footprints (`footprints/ubc-vancouver.geojson`). Like import-reference.ts it is run
 * by hand and is not part of the build; it enriches the campus file import-reference.ts writes (which
 * calls it at its end), so re-running the importers reproduces `sources/` exactly.
 *
 * Usage: tsx build/tools/import-ubc.ts <referenceDir> [sourcesDir]
 *
 * A record that cannot be read is reported as `file#feature: reason` and left out whole; a file that
 * cannot be read stops the import before anything is written. Every file is written whole (temporary
 * file, then rename), after everything has been computed.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LonLat, SourceCampusFile } from '../load/source-types.ts';
import { importLineNetwork, NETWORK_EDGE_COLUMNS, nodeIdAt, NETWORK_NODE_COLUMNS, tsvText, type NetworkEdgeRow, type NetworkNodeRow } from './geojson-network.ts';
import {
  buildingFootprints, buildingsByUid, entranceFacts, featuresOf, FILES, ROUTES_COMMIT, ROUTES_LAST_VERIFIED, UBC_ROUTES, UBC_SOURCES,
  withEntranceFacts, type GeoFeature,
} from './ubc-geodata.ts';
import { footprintsText } from './import-footprints.ts';
import { mergePlaces, poiPlaces } from './ubc-places.ts';

export const CAMPUS = 'ubc-vancouver';

export class ImportError extends Error {}

/** Everything the import writes, as file path (relative to the sources dir) → content. */
export interface UbcImport {
  files: Map<string, string>;
  /** `file#feature: reason` of every record left out. */
  problems: string[];
  summary: string[];
}

function readGeoJson(refDir: string, file: string): unknown {
  const path = join(refDir, 'ubc', file);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new ImportError(`${file}: cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new ImportError(`${file}: not JSON (${(e as Error).message})`);
  }
}

function features(refDir: string, file: string): GeoFeature[] {
  const out = featuresOf(readGeoJson(refDir, file), file);
  if (typeof out === 'string') throw new ImportError(out);
  return out;
}

const jsonText = (v: unknown) => JSON.stringify(v, null, 1) + '\n';

/** Computes the import (no writes). Throws ImportError when a file cannot be read at all. */
export function computeUbcImport(refDir: string, sourcesDir: string): UbcImport {
  const problems: string[] = [];
  const campusPath = join(sourcesDir, 'campuses', `${CAMPUS}.json`);
  if (!existsSync(campusPath)) throw new ImportError(`campuses/${CAMPUS}.json is missing in ${sourcesDir}: run import-reference.ts first`);
  let campus: SourceCampusFile;
  try {
    campus = JSON.parse(readFileSync(campusPath, 'utf8')) as SourceCampusFile;
  } catch (e) {
    throw new ImportError(`campuses/${CAMPUS}.json: not JSON (${(e as Error).message})`);
  }
  const ourBuildings = buildingsByUid(campus);

  // walking network
  const network = importLineNetwork(readGeoJson(refDir, FILES.routes), UBC_ROUTES);
  if (network.edges.length === 0) {
    // a file that is not a FeatureCollection is a problem of the file itself (`file: reason`), not of a record
    throw new ImportError(network.problems.find((p) => p.startsWith(`${FILES.routes}: `)) ?? `${FILES.routes}: no walkable line could be read`);
  }
  problems.push(...network.problems);
  const nodeIds = new Set(network.nodes.map((n) => n.id));
  const nodeAt = (p: LonLat) => {
    const id = nodeIdAt(UBC_ROUTES, p);
    return nodeIds.has(id) ? id : null;
  };

  // entrances
  const facts = entranceFacts(features(refDir, FILES.entrances), problems);
  const entrances = withEntranceFacts(campus.entrances, facts, nodeAt);

  // footprints (and the point-in-footprint join of places)
  const buildingFeatures = features(refDir, FILES.buildings);
  const footprints = buildingFootprints(buildingFeatures, ourBuildings, problems);
  const outlines = buildingFeatures.flatMap((f) => {
    const g = f.geometry as { type?: string; coordinates?: unknown } | null;
    const polygons = g?.type === 'Polygon' ? [g.coordinates] : g?.type === 'MultiPolygon' ? g.coordinates : null;
    return typeof f.properties.BLDG_UID === 'string' && Array.isArray(polygons) ? [{ uid: f.properties.BLDG_UID, polygons: polygons as LonLat[][][] }] : [];
  });

  // places
  const addressBuilding = new Map<string, { uid: string; add: string }>();
  for (const a of features(refDir, FILES.address)) {
    const { ADD_UID: add, BLDG_UID: uid, STATUS: status } = a.properties;
    if (status === 'Current' && typeof add === 'string' && typeof uid === 'string') addressBuilding.set(add, { uid, add });
  }
  const poi = poiPlaces(features(refDir, FILES.poi), addressBuilding, ourBuildings, outlines, problems);
  const places = mergePlaces(campus.places, poi.places);
  const covered = campus.places.filter((p) => p.provenance[0]?.sourceId !== UBC_SOURCES.poi.id).length - (places.length - poi.places.length);

  const sources = [...campus.sources.filter((s) => !Object.values(UBC_SOURCES).some((u) => u.id === s.id)), ...Object.values(UBC_SOURCES)];
  const enriched: SourceCampusFile = { ...campus, sources, entrances, places };

  const files = new Map<string, string>();
  files.set(`campuses/${CAMPUS}.json`, jsonText(enriched));
  files.set(`graphs/${CAMPUS}/edges.tsv`, tsvText<NetworkEdgeRow>(NETWORK_EDGE_COLUMNS, network.edges));
  files.set(`graphs/${CAMPUS}/nodes.tsv`, tsvText<NetworkNodeRow>(NETWORK_NODE_COLUMNS, network.nodes));
  files.set(`graphs/${CAMPUS}/meta.json`, jsonText({
    campus: CAMPUS,
    sourceId: UBC_SOURCES.routes.id,
    origin: `UBCGeodata/ubc-geospatial-opendata/ubcv/transportation/geojson/ubcv_routes.geojson@${ROUTES_COMMIT}`,
    license: 'PDDL 1.0 (University of British Columbia)',
    retrievedAt: null,
    lastVerified: ROUTES_LAST_VERIFIED,
    direction: 'assumed-bidirectional',
  }));
  files.set(`footprints/${CAMPUS}.geojson`, footprintsText(CAMPUS, footprints));

  const joined = entrances.filter((e) => e.provenance.some((p) => p.sourceId === UBC_SOURCES.entrances.id));
  const count = <T>(xs: readonly T[], f: (x: T) => string) => Object.entries(xs.reduce<Record<string, number>>((m, x) => ((m[f(x)] = (m[f(x)] ?? 0) + 1), m), {})).map(([k, v]) => `${k} ${v}`).join(', ');
  const summary = [
    `walking graph: ${network.edges.length} edges, ${network.nodes.length} nodes from ${network.stats.imported} of ${network.stats.features} features ` +
      `(${network.stats.endPoints} end points, ${network.stats.splitAtEndPoints} vertices where an end point of another line lies (split there), ` +
      `${network.stats.unjoinedSharedVertices} interior vertices shared without an end point left unjoined); left out: ` +
      (Object.entries(network.excluded).map(([r, n]) => `${n} ${r}`).join(', ') || 'none'),
    `  stairs: ${count(network.edges, (e) => e.stairs)}; crossing: ${count(network.edges, (e) => e.crossing)}; environment: ${count(network.edges, (e) => e.environment)}`,
    `entrances: ${joined.length} of ${entrances.length} joined by GLOBALID; step-free ${count(joined, (e) => e.stepFree)}; power door ${count(joined, (e) => String(e.powerDoor))}; ` +
      `${entrances.filter((e) => e.graphNode !== null).length} on a network node`,
    `places: ${poi.counts.current} current points of interest, ${poi.counts.inOurBuildings} in the campus's buildings ` +
      `(${poi.counts.byAddress} by address, ${poi.counts.byFootprint} by footprint), ${poi.counts.withHours} with published hours; ` +
      `${places.length} places in all (${covered} building-name places covered by a listed one of the same building and kind)`,
    `footprints: ${footprints.length} of ${campus.buildings.length} buildings`,
  ];
  return { files, problems, summary };
}

/** Writes every file whole: each to a temporary file first, then all renamed into place. */
export function writeUbcImport(result: UbcImport, sourcesDir: string): void {
  const staged: [string, string][] = [];
  for (const [rel, content] of result.files) {
    const path = join(sourcesDir, rel);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(`${path}.tmp`, content);
    staged.push([`${path}.tmp`, path]);
  }
  for (const [tmp, path] of staged) renameSync(tmp, path);
}

/** Runs the import; returns the process exit code (problems with single records do not fail it). */
export function importUbc(refDir: string, sourcesDir = 'sources'): number {
  try {
    const result = computeUbcImport(refDir, sourcesDir);
    writeUbcImport(result, sourcesDir);
    console.log([`${CAMPUS} (UBC geodata):`, ...result.summary.map((s) => `  ${s}`), ...result.problems.map((p) => `  left out: ${p}`)].join('\n'));
    return 0;
  } catch (e) {
    if (!(e instanceof ImportError)) throw e;
    console.error(`import-ubc: ${e.message} (nothing written)`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const [refDir, sourcesDir = 'sources'] = process.argv.slice(2);
  if (!refDir) {
    console.error('usage: tsx build/tools/import-ubc.ts <referenceDir> [sourcesDir]');
    process.exit(2);
  }
  process.exitCode = importUbc(refDir, sourcesDir);
}
