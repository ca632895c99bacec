/**
 * Issue 10's data on the real dataset: building locations, entrances, OSM links, stored route paths
 * (geometry length vs outdoor metres), coverage, and the ≤ 50 m location-point rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildAll } from '../../build/build-all.ts';
import { decodePaths, readPath } from '../../runtime/contract/index.ts';
import { REAL_SOURCES, cleanupTempDirs, readArtifacts, tempDir, type Artifacts } from './helpers.ts';
import { greatCircle } from './reference-router.ts';

let art: Artifacts;
let versionDir: string;
beforeAll(() => {
  versionDir = buildAll({ sourcesDir: REAL_SOURCES, outDir: tempDir() }).versionDir;
  art = readArtifacts(versionDir);
});
afterAll(cleanupTempDirs);

const source = (campus: string) => JSON.parse(readFileSync(join(REAL_SOURCES, 'campuses', `${campus}.json`), 'utf8'));
/** Every campus with a walking graph: all 15. */
const MAPPED = ['utm', 'utsg', 'utsc', 'carleton', 'tmu', 'queens', 'waterloo', 'keele', 'mcmaster', 'western', 'guelph', 'uottawa', 'brock', 'ubc-vancouver', 'waterloo-main'];
/** [lon, lat] of every graph node of a campus (nodes.tsv). */
function nodeCoords(campus: string): Map<string, number[]> {
  const [, ...rows] = readFileSync(join(REAL_SOURCES, 'graphs', campus, 'nodes.tsv'), 'utf8').trim().split('\n');
  return new Map(rows.map((r) => r.split('\t')).map(([id, lon, lat]) => [id, [Number(lon), Number(lat)]]));
}

describe('building locations and entrances', () => {
  it('every location is the sources point with its pointKind, 7 decimals at most; null without a point', () => {
    for (const c of art.catalog.campuses) {
      const byCode = new Map(source(c.id).buildings.map((b: any) => [b.code, b]));
      for (const b of art.campus(c.id).buildings) {
        const s: any = byCode.get(b.code);
        if (!s.point) {
          expect(b.location).toBeNull();
          continue;
        }
        expect(b.location!.kind).toBe(s.pointKind);
        expect(Math.abs(b.location!.lon - s.point[0])).toBeLessThanOrEqual(0.5e-7);
        expect(Math.abs(b.location!.lat - s.point[1])).toBeLessThanOrEqual(0.5e-7);
        for (const x of [b.location!.lat, b.location!.lon]) expect(Math.abs(x * 1e7 - Math.round(x * 1e7))).toBeLessThan(1e-6);
      }
    }
  });

  it('entrances match the sources; OSM provenance links the element page', () => {
    let osmLinks = 0;
    for (const c of art.catalog.campuses) {
      const a = art.campus(c.id);
      const total = a.entrances.reduce((n, list) => n + list.length, 0);
      expect(total).toBe(source(c.id).entrances.length);
      // entranceCount counts doors; an approach point is listed with kind approach and never carries a step-free fact
      a.buildings.forEach((b, i) => expect(a.entrances[i].filter((e) => e.kind === 'entrance').length).toBe(b.entranceCount));
      for (const e of a.entrances.flat().filter((x) => x.kind === 'approach')) expect(e).toMatchObject({ accessibility: 'unknown', verificationStatus: 'inferred' });
      for (const p of [...a.buildings.flatMap((b) => b.provenance), ...a.entrances.flat().flatMap((e) => e.provenance)]) {
        if (/openstreetmap\.org\/(node|way|relation)\/\d+$/.test(p.sourceUrl)) osmLinks++;
      }
    }
    expect(osmLinks).toBeGreaterThan(500);
    const dv = art.campus('utm').entrances[art.campus('utm').buildings.findIndex((b) => b.code === 'DV')];
    expect(dv.some((e) => e.accessibility === 'accessible' && e.verificationStatus === 'verified' && e.onWalkingGraph)).toBe(true);
    expect(dv[0].provenance[0].sourceUrl).toMatch(/^https:\/\/www\.openstreetmap\.org\/node\/\d+$/);
  });
});

describe('routes on the 15 mapped campuses', () => {
  it('every building with an entrance on the graph routes to every other such building', () => {
    for (const id of MAPPED) {
      const a = art.campus(id);
      const m = art.matrix(id);
      const linked = a.buildings.map((_, i) => a.entrances[i].some((e) => e.onWalkingGraph));
      const notRouted: string[] = [];
      for (let i = 0; i < m.n; i++) for (let j = 0; j < m.n; j++) {
        if (i !== j && linked[i] && linked[j] && m.cellAt('fastest', i, j).outcome !== 'routed') notRouted.push(`${id} ${a.buildings[i].code}→${a.buildings[j].code}`);
      }
      expect(notRouted).toEqual([]);
    }
  });

  it('stored paths: their great-circle length equals outdoor metres within 1 %, no vertex repeats, and they end at the buildings', () => {
    for (const id of MAPPED) {
      const a = art.campus(id);
      const m = art.matrix(id);
      const paths = decodePaths(readFileSync(join(versionDir, a.paths!.file)), a.paths!, m.n, id);
      const nodes = nodeCoords(id);
      const graphNodeOf = new Map<string, string>(source(id).entrances.map((e: any) => [e.id, e.graphNode]));
      // a building's ends: its entrances (their points and the graph nodes they join at) and its location point
      const ends = a.buildings.map((b, i) => [
        ...a.entrances[i].flatMap((e) => [[e.lon, e.lat], ...(nodes.has(graphNodeOf.get(e.id)!) ? [nodes.get(graphNodeOf.get(e.id)!)!] : [])]),
        ...(b.location ? [[b.location.lon, b.location.lat]] : []),
      ]);
      const near = (p: number[], b: number) => ends[b].some((q) => greatCircle(p, q) < 0.05);
      const problems: string[] = [];
      let drawn = 0;
      a.routes.modes.forEach((mode, k) => {
        for (let i = 0; i < m.n; i++) for (let j = 0; j < m.n; j++) {
          const cell = m.cellAt(mode, i, j);
          const pos = readPath(paths, m.n, k, i, j);
          const at = `${id} ${mode} ${a.buildings[i].code}→${a.buildings[j].code}`;
          if (cell.outcome !== 'routed') {
            if (pos !== null) problems.push(`${at}: a path stored for a ${cell.outcome} cell`);
            continue;
          }
          if (pos === null) {
            problems.push(`${at}: routed without a stored path`);
            continue;
          }
          drawn++;
          let len = 0;
          for (let s = 1; s < pos.length; s++) {
            if (pos[s][0] === pos[s - 1][0] && pos[s][1] === pos[s - 1][1]) problems.push(`${at}: vertex ${s} repeats the one before`);
            len += greatCircle(pos[s - 1], pos[s]);
          }
          if (Math.abs(len - cell.outdoorMeters!) > Math.max(0.01 * cell.outdoorMeters!, 0.1)) problems.push(`${at}: drawn ${len} m, outdoor ${cell.outdoorMeters} m`);
          if (pos.length === 1 && cell.totalMeters !== 0) problems.push(`${at}: one position but ${cell.totalMeters} m`);
          if (!near(pos[0], i)) problems.push(`${at}: does not start at the building`);
          if (!near(pos[pos.length - 1], j)) problems.push(`${at}: does not end at the building`);
        }
      });
      expect(problems.slice(0, 10)).toEqual([]);
      expect(drawn).toBeGreaterThan(0);
    }
  });
});
