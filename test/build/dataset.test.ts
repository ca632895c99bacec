/** The real dataset: counts per campus, provenance, graph connectivity, identity keys, artifact layout. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildAll, type BuildResult } from '../../build/build-all.ts';
import { ROUTE_MODES } from '../../runtime/domain/types.ts';
import { FORMAT_VERSION, ROUTE_FIELD_COUNT, MATRIX_VALUE_BYTES, type Manifest } from '../../runtime/contract/index.ts';
import { REAL_SOURCES, cleanupTempDirs, readArtifacts, tempDir, type Artifacts } from './helpers.ts';

let result: BuildResult;
let outDir: string;
let art: Artifacts;

beforeAll(() => {
  outDir = tempDir();
  result = buildAll({ sourcesDir: REAL_SOURCES, outDir });
  art = readArtifacts(result.versionDir);
});
afterAll(cleanupTempDirs);

const BUILDINGS: Record<string, number> = {
  utm: 30, utsg: 165, utsc: 54, carleton: 48, tmu: 30, queens: 38, waterloo: 28, keele: 37,
  mcmaster: 42, western: 27, guelph: 20, uottawa: 25, brock: 16, 'ubc-vancouver': 236, 'waterloo-main': 68,
};

const sourceFile = (id: string) => JSON.parse(readFileSync(join(REAL_SOURCES, 'campuses', `${id}.json`), 'utf8'));

describe('real dataset', () => {
  it('builds all 15 campuses well under 20 s', () => {
    expect(result.report.campuses).toHaveLength(15);
    expect(result.report.milliseconds).toBeLessThan(20_000);
  });

  it('building, entrance and place counts match the sources (approach points are not entrances)', () => {
    expect(Object.fromEntries(art.catalog.campuses.map((c) => [c.id, c.buildingCount]))).toEqual(BUILDINGS);
    const approaches: Record<string, number> = {};
    for (const c of art.catalog.campuses) {
      const src = sourceFile(c.id);
      const campus = art.campus(c.id);
      const doors = src.entrances.filter((e: { kind: string }) => e.kind === 'entrance').length;
      approaches[c.id] = src.entrances.length - doors;
      expect(campus.buildings).toHaveLength(BUILDINGS[c.id]);
      expect(c.entranceCount).toBe(doors);
      expect(c.coverage).toMatchObject({ entrances: doors, approachPoints: src.entrances.length - doors });
      expect(campus.places).toHaveLength(src.places.length);
      expect(c.placeCount).toBe(src.places.length);
      expect(campus.buildings.reduce((s, b) => s + b.entranceCount, 0)).toBe(doors);
      // the entrances listed per building are its doors and its approach points
      expect(campus.entrances.flat()).toHaveLength(src.entrances.length);
    }
    // U of T St. George's 121 graph rows (of 122; one names a building the campus file lacks), UTM's 9 and Waterloo's 14
    expect(Object.fromEntries(Object.entries(approaches).filter(([, n]) => n > 0))).toEqual({ utm: 9, utsg: 121, 'waterloo-main': 14 });
  });

  it('every building and place has at least one provenance record with a URL', () => {
    for (const c of art.catalog.campuses) {
      const campus = art.campus(c.id);
      for (const item of [...campus.buildings, ...campus.places]) {
        expect(item.provenance.length, `${c.id} ${'code' in item ? item.code : item.id}`).toBeGreaterThan(0);
        for (const p of item.provenance) expect(p.sourceUrl).toMatch(/^https?:\/\//);
      }
    }
  });

  it('graph campuses connect by an entrance TMU 30/30, Laurier 22/28, Queen\'s 33/38, U of T St. George 121/165 (approach points)', () => {
    const by = Object.fromEntries(result.report.campuses.map((c) => [c.campus, c.joinedBy]));
    const byEntrance = (id: string) => by[id]!.door + by[id]!['snapped-door'] + by[id]!.approach;
    expect({ tmu: byEntrance('tmu'), waterloo: byEntrance('waterloo'), queens: byEntrance('queens'), utsg: byEntrance('utsg') }).toEqual({ tmu: 30, waterloo: 22, queens: 33, utsg: 121 });
    expect(by.utsg).toEqual({ door: 0, 'snapped-door': 0, approach: 121, point: 1 });
    expect(by['ubc-vancouver']).toEqual({ door: 7, 'snapped-door': 208, approach: 0, point: 19 });
  });

  it('buildings are ordered by code and the identity indexes are consistent', () => {
    for (const c of art.catalog.campuses) {
      const campus = art.campus(c.id);
      const codes = campus.buildings.map((b) => b.code);
      expect(codes).toEqual([...codes].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      expect(campus.searchKeys).toHaveLength(codes.length);
      expect(campus.located).toHaveLength(codes.length);
      codes.forEach((code, i) => expect(campus.codeIndex[code.toLowerCase()]).toBe(i));
      for (const key of campus.sharedKeys) expect(campus.nameIndex[key].length).toBeGreaterThan(1);
    }
  });

  it('reports the known shared keys (they answer 409)', () => {
    const tmu = art.campus('tmu');
    expect(tmu.sharedKeys).toContain('kerr hall');
    expect(tmu.nameIndex['kerr hall'].map((i) => tmu.buildings[i].code)).toEqual(['KHE', 'KHN', 'KHS', 'KHW']);
    expect(art.campus('ubc-vancouver').sharedKeys).toContain('admin');
    expect(art.campus('utsg').sharedKeys).toHaveLength(2);
  });

  it('UBC on its own walking network: the pairs of the 234 buildings joined to it are routed, the rest approximate', () => {
    const stats = result.report.campuses.find((c) => c.campus === 'ubc-vancouver')!;
    expect(stats.coverage.buildingsOnWalkingGraph).toBe(234);
    expect(stats.counts.fastest).toEqual({ 'same-building': 236, routed: 234 * 233, approximate: 236 * 235 - 234 * 233, unavailable: 0 });
  });

  it('matrices have the declared size; the diagonal is same-building', () => {
    for (const c of art.catalog.campuses) {
      const campus = art.campus(c.id);
      const bytes = readFileSync(join(result.versionDir, campus.routes.file));
      expect(campus.routes).toMatchObject({ n: campus.buildings.length, modes: [...ROUTE_MODES] });
      expect(bytes.length).toBe(ROUTE_MODES.length * campus.routes.n ** 2 * ROUTE_FIELD_COUNT * MATRIX_VALUE_BYTES);
      const m = art.matrix(c.id);
      for (const mode of ROUTE_MODES) for (let i = 0; i < m.n; i++) expect(m.cellAt(mode, i, i).outcome).toBe('same-building');
    }
  });

  it('manifest lists every other file with its sha256 and size; current.json names the version', () => {
    const manifest: Manifest = JSON.parse(readFileSync(join(result.versionDir, 'manifest.json'), 'utf8'));
    expect(manifest.dataVersion).toBe(result.dataVersion);
    expect(manifest.formatVersion).toBe(FORMAT_VERSION);
    const dirs = ['campuses', 'routes', 'paths', 'maps', 'candidates'];
    const files = ['catalog.json', ...dirs.flatMap((d) => readdirSync(join(result.versionDir, d)).map((f) => `${d}/${f}`))].sort();
    expect(Object.keys(manifest.files)).toEqual(files);
    // Every file the campus artifacts name, and nothing else.
    const named = art.catalog.campuses.flatMap((c) => {
      const a = art.campus(c.id);
      const sf = a.stepFreeCandidates;
      return [`campuses/${c.id}.json`, a.routes.file, a.map, `${a.map}.gz`, ...(a.paths ? [a.paths.file] : []), ...(sf ? [sf.file] : [])];
    });
    expect(['catalog.json', ...named].sort()).toEqual(files);
    for (const f of files) {
      const bytes = readFileSync(join(result.versionDir, f));
      expect(manifest.files[f]).toEqual({ sha256: createHash('sha256').update(bytes).digest('hex'), bytes: bytes.length });
    }
    expect(JSON.parse(readFileSync(join(outDir, 'current.json'), 'utf8'))).toEqual({ dataVersion: result.dataVersion });
    expect(result.dataVersion).toMatch(/^\d{4}-\d{2}-\d{2}\.[0-9a-f]{8}$/);
    expect(art.catalog.generatedAt).toBe(`${result.dataVersion.slice(0, 10)}T00:00:00.000Z`);
  });

  it('catalog mirrors the registry and carries the licence notice', () => {
    const registry = JSON.parse(readFileSync(join(REAL_SOURCES, 'registry.json'), 'utf8'));
    expect(art.catalog.defaultUniversity).toBe(registry.defaultUniversity);
    expect(art.catalog.defaultCampus).toBe(registry.defaultCampus);
    expect(art.catalog.universities.map((u) => u.id)).toEqual(registry.universities.map((u: { id: string }) => u.id));
    expect(art.catalog.license.notice).toMatch(/OpenStreetMap contributors/);
    expect(art.catalog.license.notice).toMatch(/ODbL/);
    expect(art.catalog.license.notice).toMatch(/PDDL/);
    expect(art.catalog.license.attribution).toContain('© OpenStreetMap contributors');
  });
});
