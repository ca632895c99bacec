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
const MAPPED = ['utm', 'tmu', 'queens', 'waterloo', 'carleton', 'brock', 'western', 'mcmaster', 'keele', 'guelph', 'utsc', 'ubc-vancouver'];

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
      a.buildings.forEach((b, i) => expect(a.entrances[i].length).toBe(b.entranceCount));
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

describe('routes on the 12 mapped campuses', () => {
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

  it('stored paths: their great-circle length equals the metres walked within 1 %, and they end at the buildings', () => {
    for (const id of MAPPED) {
      const a = art.campus(id);
      const m = art.matrix(id);
      const paths = decodePaths(readFileSync(join(versionDir, a.paths!.file)), a.paths!, m.n * m.n * a.routes.modes.length, id);
      let drawn = 0;
      const wrong: string[] = []; // collected, one assertion per campus (UBC alone has 3 × 236² cells)
      const ends = (b: number) => [...a.entrances[b].map((e) => [e.lon, e.lat]), ...(a.buildings[b].location ? [[a.buildings[b].location!.lon, a.buildings[b].location!.lat]] : [])];
      const near = (p: number[], b: number) => ends(b).some((q) => greatCircle(p, q) < 0.05);
      a.routes.modes.forEach((mode, k) => {
        for (let i = 0; i < m.n; i++) for (let j = 0; j < m.n; j++) {
          const cell = m.cellAt(mode, i, j);
          const pos = readPath(paths, m.n, k, i, j);
          const at = `${id} ${mode} ${i}→${j}`;
          if (cell.outcome !== 'routed' || id === 'utm') {
            // not routed: no path; UTM publishes edges only: no node coordinates, no geometry
            if (pos !== null) wrong.push(`${at}: a path is stored`);
            continue;
          }
          drawn++;
          let len = 0;
          for (let s = 1; s < pos!.length; s++) len += greatCircle(pos![s - 1], pos![s]);
          if (Math.abs(len - cell.totalMeters!) > Math.max(0.01 * cell.totalMeters!, 0.1)) wrong.push(`${at}: ${len} m drawn, ${cell.totalMeters} m walked`);
          if (!near(pos![0], i)) wrong.push(`${at}: does not start at the building`);
          if (!near(pos![pos!.length - 1], j)) wrong.push(`${at}: does not end at the building`);
        }
      });
      expect(wrong).toEqual([]);
      if (id !== 'utm') expect(drawn).toBeGreaterThan(0);
    }
  });
});
