/**
 * Synthetic `sources/` for the scale benchmark (npm run bench:scale): N campuses whose sizes (buildings,
 * located share, entrances and their share on the graph, places, walking-graph nodes and edges) are those
 * of a real campus drawn at random (profiles.ts), jittered by ±20 %. Everything else is made up and says so
 * (source "synthetic", example.org URL): this is a benchmark input, never part of `sources/` or a release.
 * Deterministic: the same seed and profiles give byte-identical files (each campus has its own generator
 * seeded from (seed, index), so campuses are written one at a time and never held together in memory).
 */
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CampusProfile } from './profiles.ts';

/** mulberry32: a small, fast, well-distributed 32-bit generator. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;
const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;
const weighted = <T>(rng: Rng, xs: readonly [T, number][]): T => {
  let r = rng();
  for (const [x, w] of xs) if ((r -= w) < 0) return x;
  return xs[xs.length - 1]![0];
};
const M_PER_DEG = 111_320;
const json = (value: unknown) => JSON.stringify(value, null, 1) + '\n';
const fixed7 = (x: number) => Number(x.toFixed(7));

const FIRST = ['North', 'South', 'East', 'West', 'Maple', 'Cedar', 'Birch', 'Harbour', 'Lakeshore', 'Ridge', 'Founders', 'Victoria', 'Albert', 'Riverside', 'Summit', 'Heritage', 'Meadow', 'Granite', 'Pioneer', 'Aurora'];
const KIND = ['Hall', 'Building', 'Centre', 'Pavilion', 'Library', 'Residence', 'Laboratories', 'Tower', 'House', 'Annex', 'Arena', 'Commons'];
const CATEGORIES = ['academic', 'residence', 'facility'] as const;
const PLACE_KINDS = ['dining', 'study', 'library', 'service', 'recreation', 'amenity', 'facility'] as const;
const SOURCE_ID = 'synthetic';
const RETRIEVED = '2026-01-01';

/** What the registry needs of a campus, decided before its files are generated. */
export interface PlannedCampus {
  index: number;
  id: string;
  university: string;
  profile: CampusProfile;
  /** Size factor applied to the profile's counts. */
  jitter: number;
  west: number; south: number; east: number; north: number;
  vancouver: boolean;
}

/** Campus ids, universities (one to three campuses each), places on the map and the profile of every campus. */
export function planCampuses(n: number, seed: number, profiles: readonly CampusProfile[]): PlannedCampus[] {
  const rng = random(seed);
  const width = String(n).length;
  const out: PlannedCampus[] = [];
  let university = '';
  let inUniversity = 0;
  for (let k = 0; k < n; k++) {
    if (k === 0 || inUniversity >= 3 || rng() < 0.85) {
      university = `synu-${String(k + 1).padStart(width, '0')}`;
      inUniversity = 0;
    }
    inUniversity++;
    const profile = pick(rng, profiles);
    const jitter = 0.8 + 0.4 * rng();
    const vancouver = rng() < 0.15;
    const lat = vancouver ? 49 + rng() : 42 + 4 * rng();
    const lon = vancouver ? -124 + 4 * rng() : -83 + 8 * rng();
    const sideM = Math.min(4000, Math.max(600, 150 * Math.sqrt(profile.buildings * jitter)));
    const dLat = sideM / M_PER_DEG;
    const dLon = sideM / (M_PER_DEG * Math.cos((lat * Math.PI) / 180));
    out.push({
      index: k, id: `syn-${String(k + 1).padStart(width, '0')}`, university, profile, jitter, vancouver,
      west: fixed7(lon), south: fixed7(lat), east: fixed7(lon + dLon), north: fixed7(lat + dLat),
    });
  }
  return out;
}

export function registryJson(campuses: readonly PlannedCampus[]): string {
  const universities = new Map<string, string[]>();
  for (const c of campuses) universities.set(c.university, [...(universities.get(c.university) ?? []), c.id]);
  return json({
    defaultUniversity: campuses[0]!.university,
    defaultCampus: campuses[0]!.id,
    universities: [...universities].map(([id, ids]) => ({
      id, name: `Synthetic University ${id.slice(5)}`, shortName: `SU ${id.slice(5)}`, campuses: ids, defaultCampus: ids[0],
    })),
    campuses: campuses.map((c) => ({
      id: c.id, universityId: c.university, name: `Synthetic campus ${c.id.slice(4)}`, shortName: `SC ${c.id.slice(4)}`,
      timeZone: c.vancouver ? 'America/Vancouver' : 'America/Toronto', region: c.vancouver ? 'BC' : 'ON',
      bounds: [[c.west, c.south], [c.east, c.north]], boundsSource: 'derived', walkingGraph: c.profile.graph !== null,
    })),
  });
}

/** Building codes A, B, …, Z, AA, AB, … (unique, valid codes). */
function code(i: number): string {
  let s = '';
  for (let x = i + 1; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s;
  return s;
}

const count = (base: number, jitter: number, min = 0) => Math.max(min, Math.round(base * jitter));

/** A walking graph on a jittered grid: a random spanning tree (so it is connected) plus random extra grid edges. */
function graphOf(c: PlannedCampus, rng: Rng, nodes: number, edges: number) {
  const side = Math.max(2, Math.ceil(Math.sqrt(nodes)));
  const at = (i: number): [number, number] => {
    const r = Math.floor(i / side);
    const col = i % side;
    const jx = (rng() - 0.5) * 0.4;
    const jy = (rng() - 0.5) * 0.4;
    return [fixed7(c.west + ((col + 0.5 + jx) / side) * (c.east - c.west)), fixed7(c.south + ((r + 0.5 + jy) / side) * (c.north - c.south))];
  };
  const coords = Array.from({ length: nodes }, (_, i) => at(i));
  const pairs: [number, number][] = [];
  const used = new Set<number>();
  const add = (a: number, b: number) => {
    const key = Math.min(a, b) * nodes + Math.max(a, b);
    if (used.has(key)) return;
    used.add(key);
    pairs.push([a, b]);
  };
  for (let i = 1; i < nodes; i++) {
    const left = i % side > 0 ? i - 1 : -1;
    const up = i - side;
    add(left >= 0 && (up < 0 || rng() < 0.5) ? left : up, i);
  }
  for (let tries = 0; pairs.length < edges && tries < edges * 4; tries++) {
    const i = Math.floor(rng() * nodes);
    const j = rng() < 0.5 ? i + 1 : i + side;
    if (j < nodes && (j !== i + 1 || j % side !== 0)) add(i, j);
  }
  const meters = ([a, b]: [number, number]) => {
    const [lon1, lat1] = coords[a]!;
    const [lon2, lat2] = coords[b]!;
    const dx = (lon2 - lon1) * M_PER_DEG * Math.cos((lat1 * Math.PI) / 180);
    const dy = (lat2 - lat1) * M_PER_DEG;
    return Math.max(0.01, Math.hypot(dx, dy)).toFixed(2);
  };
  const edgeRows = pairs.map((p, k) => [
    `e${k}`, `n${p[0]}`, `n${p[1]}`, meters(p),
    rng() < 0.1 ? 'indoor' : 'outdoor',
    weighted(rng, [['unknown', 0.8], ['false', 0.15], ['true', 0.05]]),
    'true',
    weighted(rng, [['unknown', 0.85], ['accessible', 0.1], ['not_accessible', 0.05]]),
    'verified', '-',
  ].join('\t'));
  const nearest = (p: [number, number]) => {
    const col = Math.min(side - 1, Math.max(0, Math.floor(((p[0] - c.west) / (c.east - c.west)) * side)));
    const row = Math.min(side - 1, Math.max(0, Math.floor(((p[1] - c.south) / (c.north - c.south)) * side)));
    return Math.min(nodes - 1, row * side + col);
  };
  return {
    edgesTsv: ['id\tfrom\tto\tmeters\tenvironment\tstairs\tbidirectional\taccessibility\tverification\tosm', ...edgeRows].join('\n') + '\n',
    nodesTsv: ['id\tlon\tlat\tosm', ...coords.map((p, i) => `n${i}\t${p[0]}\t${p[1]}\t-`)].join('\n') + '\n',
    nearest,
  };
}

/** The files of one campus (paths relative to the sources directory). */
function campusFiles(c: PlannedCampus, seed: number): Map<string, string> {
  const rng = random((seed ^ Math.imul(c.index + 1, 0x9e3779b1)) >>> 0);
  const p = c.profile;
  const files = new Map<string, string>();
  const inside = (): [number, number] => [fixed7(c.west + (0.05 + 0.9 * rng()) * (c.east - c.west)), fixed7(c.south + (0.05 + 0.9 * rng()) * (c.north - c.south))];
  const near = (q: [number, number]): [number, number] => [fixed7(q[0] + (rng() - 0.5) * 0.0004), fixed7(q[1] + (rng() - 0.5) * 0.0003)];
  const provenance = [{ sourceId: SOURCE_ID, nativeId: null, verification: 'inferred' }];

  const graph = p.graph ? graphOf(c, rng, count(p.graph.nodes, c.jitter, 2), count(p.graph.edges, c.jitter, 1)) : null;
  const names = new Set<string>();
  const buildings = Array.from({ length: count(p.buildings, c.jitter, 2) }, (_, i) => {
    let name = `${pick(rng, FIRST)} ${pick(rng, KIND)}`;
    if (names.has(name)) name = `${name} ${i + 1}`;
    names.add(name);
    const point = rng() < p.located ? inside() : null;
    return {
      code: code(i), codeSource: 'derived', sourceSlug: `${c.id}:${code(i)}`, name,
      aliases: rng() < 0.3 ? [`${name.split(' ')[0]} ${code(i)}`] : [],
      category: pick(rng, CATEGORIES), point, pointKind: point ? 'footprint-vertex' : null,
      ...(point ? { pointVerification: 'inferred' } : {}), provenance,
    };
  });
  const entrances = Array.from({ length: count(p.entrances, c.jitter) }, (_, i) => {
    const b = buildings[Math.floor(rng() * buildings.length)]!;
    const point = b.point ? near(b.point) : inside();
    return {
      id: `${b.code.toLowerCase()}-e${i}`, building: b.code, kind: 'entrance', point, access: 'unknown',
      stepFree: weighted(rng, [['unknown', 0.8], ['accessible', 0.15], ['not_accessible', 0.05]]), verification: 'inferred', osm: null,
      graphNode: graph && rng() < p.onGraph ? `n${graph.nearest(point)}` : null, provenance: [{ sourceId: SOURCE_ID, nativeId: null }],
    };
  });
  const places = Array.from({ length: count(p.places, c.jitter) }, (_, i) => ({
    id: `${c.id}-place-${i + 1}`, name: `${pick(rng, FIRST)} ${pick(rng, ['Café', 'Study Hall', 'Library', 'Service Desk', 'Gym'])}`,
    kind: pick(rng, PLACE_KINDS), building: buildings[Math.floor(rng() * buildings.length)]!.code,
    amenities: rng() < 0.5 ? ['food'] : [], origin: 'listed', hours: null, provenance,
  }));
  const sources = [{
    id: SOURCE_ID, title: 'Synthetic benchmark campus (npm run bench:scale), not campus facts',
    url: 'https://example.org/synthetic-campus-data', retrievedAt: RETRIEVED, license: null, attribution: null,
  }];
  files.set(`campuses/${c.id}.json`, json({ campus: c.id, sources, buildings, entrances, places }));
  if (graph) {
    files.set(`graphs/${c.id}/meta.json`, json({ campus: c.id, sourceId: SOURCE_ID, license: 'synthetic benchmark data, not for release', retrievedAt: RETRIEVED, direction: 'per-edge' }));
    files.set(`graphs/${c.id}/edges.tsv`, graph.edgesTsv);
    if (p.nodeCoordinates) files.set(`graphs/${c.id}/nodes.tsv`, graph.nodesTsv);
  }
  return files;
}

export const LICENSE_TEXT =
  '# Synthetic benchmark data\n\nGenerated by `npm run bench:scale`: made-up campuses whose sizes follow the real campuses of `sources/`.\n' +
  'Not campus facts; never part of `sources/` or a data release.\n';

/** Writes N synthetic campuses as a sources directory (with the real JSON Schemas); returns the plan. */
export function writeSyntheticSources(dir: string, n: number, seed: number, profiles: readonly CampusProfile[], schemasFrom: string): PlannedCampus[] {
  const plan = planCampuses(n, seed, profiles);
  mkdirSync(join(dir, 'campuses'), { recursive: true });
  mkdirSync(join(dir, 'schemas'), { recursive: true });
  for (const f of readdirSync(schemasFrom)) copyFileSync(join(schemasFrom, f), join(dir, 'schemas', f));
  writeFileSync(join(dir, 'registry.json'), registryJson(plan));
  writeFileSync(join(dir, 'DATA-LICENSE.md'), LICENSE_TEXT);
  for (const c of plan) {
    for (const [path, text] of campusFiles(c, seed)) {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
  }
  return plan;
}
