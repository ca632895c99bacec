/**
 * The changelog between two data versions, as data (JSON for programs; markdown.ts renders it for people).
 * Pure: two Snapshots in, one Changelog out, every list in a fixed order (campus id, building code,
 * place id, entrance id; route transitions by mode then text).
 */
import type { BuildingSnap, CampusSnap, PlaceSnap, Snapshot } from './snapshot.ts';
import { pairBuildings } from './pair-buildings.ts';

/** A location change is reported when a point moved by more than this. */
export const MOVE_THRESHOLD_METERS = 10;
/** Route pairs listed per transition in the JSON (the count is always complete). */
export const ROUTE_PAIRS_LISTED = 1000;

type LatLon = { lat: number; lon: number };

export interface BuildingChanges {
  added: { code: string; name: string }[];
  removed: { code: string; name: string }[];
  renamed: { code: string; from: string; to: string }[];
  codeChanged: { from: string; to: string; name: string }[];
  aliases: { code: string; added: string[]; removed: string[] }[];
  category: { code: string; from: string; to: string }[];
  /** Moved by more than MOVE_THRESHOLD_METERS, or a location became known (from null) or unknown (to null). */
  moved: { code: string; meters: number | null; from: LatLon | null; to: LatLon | null }[];
}

export interface EntranceChanges {
  /** `kind`: entrance (a door) or approach (an approach point). */
  added: { building: string; id: string; kind: string; accessibility: string }[];
  removed: { building: string; id: string; kind: string; accessibility: string }[];
  stepFree: { building: string; id: string; from: string; to: string }[];
  /** A record that became an approach point, or a door. */
  kind: { building: string; id: string; from: string; to: string }[];
}

export interface RouteTransition {
  mode: string;
  /** `outcome/verification` before and after, e.g. `approximate/inferred` → `routed/verified`. */
  from: string;
  to: string;
  count: number;
  /** [from code, to code], sorted; at most ROUTE_PAIRS_LISTED. */
  pairs: [string, string][];
}

export interface PlaceChanges {
  added: { id: string; name: string; building: string }[];
  removed: { id: string; name: string; building: string }[];
  hours: { id: string; from: string | null; to: string | null }[];
}

export interface CampusChanges {
  campus: string;
  name: string;
  status: 'added' | 'removed' | 'changed';
  buildings: BuildingChanges;
  entrances: EntranceChanges;
  routes: RouteTransition[];
  places: PlaceChanges;
}

export interface Changelog {
  /** null: a first release, compared with nothing (every campus is added). */
  from: { dataVersion: string; generatedAt: string } | null;
  to: { dataVersion: string; generatedAt: string };
  /** Campuses with at least one change, by id. */
  campuses: CampusChanges[];
}

const byKey = <T>(key: (t: T) => string) => (a: T, b: T) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);

export function metersBetween(a: LatLon, b: LatLon): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

function emptyCampus(c: CampusSnap, status: CampusChanges['status']): CampusChanges {
  return {
    campus: c.id,
    name: c.name,
    status,
    buildings: { added: [], removed: [], renamed: [], codeChanged: [], aliases: [], category: [], moved: [] },
    entrances: { added: [], removed: [], stepFree: [], kind: [] },
    routes: [],
    places: { added: [], removed: [], hours: [] },
  };
}

function compareBuilding(out: CampusChanges, a: BuildingSnap, b: BuildingSnap): void {
  const bc = out.buildings;
  if (a.code !== b.code) bc.codeChanged.push({ from: a.code, to: b.code, name: b.name });
  if (a.name !== b.name) bc.renamed.push({ code: b.code, from: a.name, to: b.name });
  const added = b.aliases.filter((x) => !a.aliases.includes(x)).sort();
  const removed = a.aliases.filter((x) => !b.aliases.includes(x)).sort();
  if (added.length || removed.length) bc.aliases.push({ code: b.code, added, removed });
  if (a.category !== b.category) bc.category.push({ code: b.code, from: a.category, to: b.category });
  if (a.location && b.location) {
    const meters = metersBetween(a.location, b.location);
    if (meters > MOVE_THRESHOLD_METERS) bc.moved.push({ code: b.code, meters: Math.round(meters * 10) / 10, from: a.location, to: b.location });
  } else if (a.location !== b.location) bc.moved.push({ code: b.code, meters: null, from: a.location, to: b.location });
}

type EntranceIndex = Map<string, { building: string; kind: string; accessibility: string }>;

/** Entrances by id across the campus (an entrance may change building). */
function entranceIndex(buildings: readonly BuildingSnap[]): EntranceIndex {
  const index: EntranceIndex = new Map();
  for (const b of buildings) for (const e of b.entrances) index.set(e.id, { building: b.code, kind: e.kind, accessibility: e.accessibility });
  return index;
}

function compareEntrances(out: CampusChanges, a: EntranceIndex, b: EntranceIndex): void {
  const ec = out.entrances;
  for (const [id, e] of a) if (!b.has(id)) ec.removed.push({ building: e.building, id, kind: e.kind, accessibility: e.accessibility });
  for (const [id, e] of b) {
    const before = a.get(id);
    if (!before) {
      ec.added.push({ building: e.building, id, kind: e.kind, accessibility: e.accessibility });
      continue;
    }
    if (before.kind !== e.kind) ec.kind.push({ building: e.building, id, from: before.kind, to: e.kind });
    if (before.accessibility !== e.accessibility) ec.stepFree.push({ building: e.building, id, from: before.accessibility, to: e.accessibility });
  }
  const order = byKey<{ building: string; id: string }>((x) => `${x.building}\0${x.id}`);
  for (const list of [ec.added, ec.removed, ec.stepFree, ec.kind]) list.sort(order);
}

/** Outcome changes of ordered pairs whose buildings exist in both versions (matched as in `pairs`). */
function compareRoutes(out: CampusChanges, a: CampusSnap, b: CampusSnap, pairs: readonly [BuildingSnap, BuildingSnap][]): void {
  const ia = new Map(a.routes.codes.map((c, i) => [c, i]));
  const ib = new Map(b.routes.codes.map((c, i) => [c, i]));
  const both = pairs
    .map(([x, y]) => ({ code: y.code, i: ia.get(x.code), j: ib.get(y.code) }))
    .filter((p): p is { code: string; i: number; j: number } => p.i !== undefined && p.j !== undefined)
    .sort(byKey((p) => p.code));
  const transitions = new Map<string, RouteTransition>();
  b.routes.modes.forEach((mode, mb) => {
    const ma = a.routes.modes.indexOf(mode);
    if (ma < 0) return;
    for (const p of both) {
      for (const q of both) {
        if (p === q) continue;
        const from = a.routes.outcome(ma, p.i, q.i);
        const to = b.routes.outcome(mb, p.j, q.j);
        if (from === to) continue;
        const key = `${mb}\0${from}\0${to}`;
        let t = transitions.get(key);
        if (!t) transitions.set(key, (t = { mode, from, to, count: 0, pairs: [] }));
        if (t.count++ < ROUTE_PAIRS_LISTED) t.pairs.push([p.code, q.code]);
      }
    }
  });
  out.routes = [...transitions.entries()].sort(byKey(([k]) => k)).map(([, t]) => t);
}

function comparePlaces(out: CampusChanges, a: readonly PlaceSnap[], b: readonly PlaceSnap[]): void {
  const before = new Map(a.map((p) => [p.id, p]));
  const after = new Map(b.map((p) => [p.id, p]));
  const pc = out.places;
  for (const p of a) if (!after.has(p.id)) pc.removed.push({ id: p.id, name: p.name, building: p.building });
  for (const p of b) {
    const old = before.get(p.id);
    if (!old) pc.added.push({ id: p.id, name: p.name, building: p.building });
    else if (old.hoursKey !== p.hoursKey) pc.hours.push({ id: p.id, from: old.openingHours, to: p.openingHours });
  }
  for (const list of [pc.added, pc.removed, pc.hours] as { id: string }[][]) list.sort(byKey((x) => x.id));
}

function hasChanges(c: CampusChanges): boolean {
  const lists = [...Object.values(c.buildings), ...Object.values(c.entrances), ...Object.values(c.places), c.routes];
  return c.status !== 'changed' || lists.some((l) => l.length > 0);
}

function compareCampus(a: CampusSnap, b: CampusSnap): CampusChanges {
  const out = emptyCampus(b, 'changed');
  const { matched, added, removed } = pairBuildings(a.buildings, b.buildings);
  for (const [x, y] of matched) compareBuilding(out, x, y);
  out.buildings.added = added.map((x) => ({ code: x.code, name: x.name }));
  out.buildings.removed = removed.map((x) => ({ code: x.code, name: x.name }));
  for (const list of Object.values(out.buildings) as { code?: string; from: string }[][]) list.sort(byKey((x) => x.code ?? x.from));
  compareEntrances(out, entranceIndex(a.buildings), entranceIndex(b.buildings));
  compareRoutes(out, a, b, matched);
  comparePlaces(out, a.places, b.places);
  return out;
}

/** Everything that changed from `older` to `b` (newer); a null `older` is an empty version. */
export function diffSnapshots(older: Snapshot | null, b: Snapshot): Changelog {
  const a = older ?? { dataVersion: '', generatedAt: '', campuses: [] };
  const before = new Map(a.campuses.map((c) => [c.id, c]));
  const after = new Map(b.campuses.map((c) => [c.id, c]));
  const campuses: CampusChanges[] = [];
  for (const c of b.campuses) {
    const old = before.get(c.id);
    if (old) {
      campuses.push(compareCampus(old, c));
      continue;
    }
    const added = emptyCampus(c, 'added');
    added.buildings.added = c.buildings.map((x) => ({ code: x.code, name: x.name }));
    added.places.added = c.places.map((p) => ({ id: p.id, name: p.name, building: p.building }));
    campuses.push(added);
  }
  for (const c of a.campuses) {
    if (after.has(c.id)) continue;
    const removed = emptyCampus(c, 'removed');
    removed.buildings.removed = c.buildings.map((x) => ({ code: x.code, name: x.name }));
    removed.places.removed = c.places.map((p) => ({ id: p.id, name: p.name, building: p.building }));
    campuses.push(removed);
  }
  return {
    from: older && { dataVersion: older.dataVersion, generatedAt: older.generatedAt },
    to: { dataVersion: b.dataVersion, generatedAt: b.generatedAt },
    campuses: campuses.filter(hasChanges).sort(byKey((c) => c.campus)),
  };
}
