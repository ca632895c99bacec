/**
 * Building API records (SPEC §2.2, BEHAVIOUR §6) and the identity indexes of one campus.
 */
import type { Accessibility, Building, BuildingLocation, Entrance, LegacyBuilding, Verification } from '../../../runtime/domain/types.ts';
import { matchKey } from '../../../runtime/domain/match-key.ts';
import type { LonLat, SourceBuilding, SourceCampusFile, SourceEntrance } from '../../load/source-types.ts';
import { apiProvenance, sourcesById } from './provenance.ts';
import { round7 } from '../geo.ts';

export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A building with its entrances, in the campus's building order (by code). */
export interface CampusBuilding {
  source: SourceBuilding;
  entrances: SourceEntrance[];
  /** Building point and entrance points. */
  points: LonLat[];
}

export function campusBuildings(campus: SourceCampusFile): CampusBuilding[] {
  const byCode = new Map<string, SourceEntrance[]>();
  for (const e of campus.entrances) byCode.set(e.building, [...(byCode.get(e.building) ?? []), e]);
  return [...campus.buildings]
    .sort((a, b) => compareStrings(a.code, b.code))
    .map((source) => {
      const entrances = byCode.get(source.code) ?? [];
      const points = [...(source.point ? [source.point] : []), ...entrances.map((e) => e.point)];
      return { source, entrances, points };
    });
}

/** A door (BEHAVIOUR §6: an approach point is never an entrance and never carries a step-free fact). */
export const isDoor = (e: SourceEntrance): boolean => e.kind === 'entrance';

export function isStepFreeEntrance(e: SourceEntrance): boolean {
  return isDoor(e) && e.stepFree === 'accessible' && e.verification === 'verified';
}

/** BEHAVIOUR §6, over the building's doors: any verified step-free → accessible; all (≥1) not step-free → not_accessible. */
export function buildingAccessibility(entrances: readonly SourceEntrance[]): Accessibility {
  const doors = entrances.filter(isDoor);
  if (doors.some(isStepFreeEntrance)) return 'accessible';
  if (doors.length > 0 && doors.every((e) => e.stepFree === 'not_accessible')) return 'not_accessible';
  return 'unknown';
}


/**
 * The building's own point as the sources state it (BEHAVIOUR §6), or null. Its verification: the
 * point's own, else that of the entrance at that point, else that of the record the geometry came
 * from (the first ref with a native id), else unknown.
 */
export function buildingLocation(b: CampusBuilding): BuildingLocation | null {
  const { point, pointKind } = b.source;
  if (!point || !pointKind) return null;
  const atPoint = b.entrances.find((e) => e.point[0] === point[0] && e.point[1] === point[1]);
  const verificationStatus: Verification =
    b.source.pointVerification ?? atPoint?.verification ?? b.source.provenance.find((p) => p.nativeId !== null)?.verification ?? 'unknown';
  return { lat: round7(point[1]), lon: round7(point[0]), kind: pointKind, verificationStatus };
}

/** The building's entrances in the order of its API records (by id). */
export function entrancesInRecordOrder(b: CampusBuilding): SourceEntrance[] {
  return [...b.entrances].sort((x, y) => compareStrings(x.id, y.id));
}

/** The building's entrances as API records, ordered by id; `onGraph` says which ones routing can use. */
export function entranceRecords(b: CampusBuilding, campus: SourceCampusFile, onGraph: (id: string) => boolean): Entrance[] {
  const sources = sourcesById(campus.sources);
  return entrancesInRecordOrder(b)
    .map((e) => ({
      id: e.id,
      kind: e.kind,
      lat: round7(e.point[1]),
      lon: round7(e.point[0]),
      access: e.access,
      accessibility: e.stepFree,
      powerDoor: e.powerDoor ?? null,
      verificationStatus: e.verification,
      onWalkingGraph: onGraph(e.id),
      provenance: apiProvenance(e.provenance.map((p) => ({ ...p, verification: e.verification })), sources),
    }));
}

/** The v1 record: the legacy record with fact URLs, plus location (keys in the serialized order). */
export function buildingRecord(b: CampusBuilding, campus: SourceCampusFile, university: string): Building {
  const sources = sourcesById(campus.sources);
  return {
    ...legacyBuildingRecord(b, campus, university),
    provenance: apiProvenance(b.source.provenance, sources),
    location: buildingLocation(b),
  };
}

/** The record of the legacy aliases, keys in the order of types.ts (the serialized order). */
export function legacyBuildingRecord(b: CampusBuilding, campus: SourceCampusFile, university: string): LegacyBuilding {
  const sources = sourcesById(campus.sources);
  return {
    code: b.source.code,
    name: b.source.name,
    category: b.source.category,
    aliases: [...b.source.aliases],
    routingCoverage: b.points.length > 0 ? 'mapped' : 'identity-only',
    entranceCount: b.entrances.filter(isDoor).length,
    verifiedEntranceCount: b.entrances.filter((e) => isDoor(e) && e.verification === 'verified').length,
    accessibility: buildingAccessibility(b.entrances),
    indoorRoomNodeCount: 0,
    provenance: apiProvenance(b.source.provenance, sources, { legacy: true }),
    university,
    campus: campus.campus,
  };
}

export interface IdentityIndexes {
  searchKeys: string[][];
  codeIndex: Record<string, number>;
  nameIndex: Record<string, number[]>;
  sharedKeys: string[];
}

/** Match-key indexes for resolution (code first, then name/alias) and `q` search. */
export function identityIndexes(buildings: readonly SourceBuilding[]): IdentityIndexes {
  const searchKeys = buildings.map((b) => [...new Set([b.code, b.name, ...b.aliases].map(matchKey).filter(Boolean))]);
  const codeIndex: Record<string, number> = {};
  buildings.forEach((b, i) => (codeIndex[matchKey(b.code)] = i));
  const names = new Map<string, Set<number>>();
  buildings.forEach((b, i) => {
    for (const text of [b.name, ...b.aliases]) {
      const key = matchKey(text);
      if (!key) continue;
      if (!names.has(key)) names.set(key, new Set());
      names.get(key)!.add(i);
    }
  });
  const nameIndex: Record<string, number[]> = {};
  const sharedKeys: string[] = [];
  for (const key of [...names.keys()].sort(compareStrings)) {
    const list = [...names.get(key)!].sort((a, b) => a - b);
    nameIndex[key] = list;
    // A key that is also a code resolves to that building (step 1), so it never answers 409.
    if (list.length > 1 && !(key in codeIndex)) sharedKeys.push(key);
  }
  return { searchKeys, codeIndex, nameIndex, sharedKeys };
}
