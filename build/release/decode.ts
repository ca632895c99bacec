/** A Snapshot of a version's files, read through the artifact contract (runtime/contract): no layout here. */
import stringify from 'fast-json-stable-stringify';
import {
  CATALOG_FILE, MANIFEST_FILE, campusFile, decodeCampus, decodeCatalog, decodeManifest, decodeMatrix, readRouteCell, type CampusArtifact,
} from '../../runtime/contract/index.ts';
import { OUTCOME, ROUTE_VERIFICATION, type Building, type Entrance, type PlaceRecord } from '../../runtime/domain/types.ts';
import type { BuildingSnap, CampusSnap, PlaceSnap, RouteSnap, Snapshot } from './snapshot.ts';
import type { VersionFiles } from './version-files.ts';

function file(v: VersionFiles, name: string): Buffer {
  const bytes = v.files.get(name);
  if (bytes === undefined) throw new Error(`${v.where}: ${name} is missing`);
  return bytes;
}

function building(b: Building, entrances: readonly Entrance[]): BuildingSnap {
  return {
    code: b.code,
    name: b.name,
    category: b.category,
    aliases: [...b.aliases],
    location: b.location && { lat: b.location.lat, lon: b.location.lon },
    entrances: entrances.map((e) => ({ id: e.id, kind: e.kind, accessibility: e.accessibility })),
  };
}

function place(p: PlaceRecord): PlaceSnap {
  return {
    id: p.id,
    name: p.name,
    building: p.building,
    openingHours: p.hours?.openingHours ?? null,
    hoursKey: stringify(p.hoursText === null ? (p.hours ?? null) : { hours: p.hours ?? null, hoursText: p.hoursText }),
  };
}

function routes(artifact: CampusArtifact, bytes: Buffer): RouteSnap {
  const { n, modes } = artifact.routes;
  const values = decodeMatrix(bytes, artifact.routes, artifact.campus);
  return {
    modes: [...modes],
    codes: artifact.buildings.map((b) => b.code),
    outcome(m, from, to) {
      const cell = readRouteCell(values, n, m, from, to);
      return `${OUTCOME[cell.outcome]}/${ROUTE_VERIFICATION[cell.verification]}`;
    },
  };
}

export function decodeSnapshot(v: VersionFiles): Snapshot {
  const { dataVersion } = decodeManifest(file(v, MANIFEST_FILE).toString('utf8'), v.where);
  const catalog = decodeCatalog(file(v, CATALOG_FILE).toString('utf8'), dataVersion);
  const campuses: CampusSnap[] = catalog.campuses.map((c) => {
    const artifact = decodeCampus(file(v, campusFile(c.id)).toString('utf8'), c.id);
    return {
      id: c.id,
      name: c.name,
      buildings: artifact.buildings.map((b, i) => building(b, artifact.entrances[i])),
      places: artifact.places.map(place),
      routes: routes(artifact, file(v, artifact.routes.file)),
    };
  });
  return { dataVersion, generatedAt: catalog.generatedAt, campuses };
}
