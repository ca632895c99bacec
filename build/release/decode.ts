/** A Snapshot of a version's files, read through the artifact contract (no file layout is known here). */
import { OUTCOME, ROUTE_VERIFICATION, type Building, type CampusArtifact, type CatalogArtifact, type PlaceRecord } from '../../runtime/domain/types.ts';
import { ROUTE_FIELD_COUNT } from '../../runtime/domain/types.ts';
import { float64View } from '../../runtime/data/load.ts';
import stringify from 'fast-json-stable-stringify';
import type { BuildingSnap, CampusSnap, PlaceSnap, RouteSnap, Snapshot } from './snapshot.ts';
import type { VersionFiles } from './version-files.ts';

function file(v: VersionFiles, name: string): Buffer {
  const bytes = v.files.get(name);
  if (bytes === undefined) throw new Error(`${v.where}: ${name} is missing`);
  return bytes;
}

function building(b: Building & { location?: { lat: number; lon: number } | null }): BuildingSnap {
  const snap: BuildingSnap = { code: b.code, name: b.name, category: b.category, aliases: [...b.aliases] };
  if (b.location !== undefined) snap.location = b.location && { lat: b.location.lat, lon: b.location.lon };
  return snap;
}

function place(p: PlaceRecord): PlaceSnap {
  return {
    id: p.id,
    name: p.name,
    building: p.building,
    openingHours: p.hours?.openingHours ?? null,
    hoursKey: stringify(p.hours ?? null),
  };
}

function routes(artifact: CampusArtifact, bytes: Buffer): RouteSnap {
  const n = artifact.routes.n;
  const values = float64View(bytes);
  return {
    modes: [...artifact.routes.modes],
    codes: artifact.buildings.map((b) => b.code),
    outcome(m, from, to) {
      const o = ((m * n + from) * n + to) * ROUTE_FIELD_COUNT;
      return `${OUTCOME[values[o]]}/${ROUTE_VERIFICATION[values[o + 6]]}`;
    },
  };
}

export function decodeSnapshot(v: VersionFiles): Snapshot {
  const catalog = JSON.parse(file(v, 'catalog.json').toString('utf8')) as CatalogArtifact;
  const campuses: CampusSnap[] = catalog.campuses.map((c) => {
    const artifact = JSON.parse(file(v, `campuses/${c.id}.json`).toString('utf8')) as CampusArtifact;
    return {
      id: c.id,
      name: c.name,
      buildings: artifact.buildings.map(building),
      places: artifact.places.map(place),
      routes: routes(artifact, file(v, artifact.routes.file)),
    };
  });
  return { dataVersion: catalog.dataVersion, generatedAt: catalog.generatedAt, campuses };
}
