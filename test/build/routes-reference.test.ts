/** The route matrices agree with an independent plain shortest-path search (reference-router.ts). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAll } from '../../build/build-all.ts';
import { ROUTE_FLAG, ROUTE_MODES } from '../../runtime/domain/types.ts';
import { MINI_FIXTURE, REAL_SOURCES, cleanupTempDirs, copySources, readArtifacts, tempDir, type Artifacts, type Matrix } from './helpers.ts';
import { ReferenceRouter } from './reference-router.ts';

let real: Artifacts;
let mini: Artifacts;
let miniSources: string;

beforeAll(() => {
  real = readArtifacts(buildAll({ sourcesDir: REAL_SOURCES, outDir: tempDir() }).versionDir);
  miniSources = copySources(MINI_FIXTURE);
  mini = readArtifacts(buildAll({ sourcesDir: miniSources, outDir: tempDir() }).versionDir);
});
afterAll(cleanupTempDirs);

/** Deterministic sample of k indexes out of n, spread evenly over the range. */
const sample = (n: number, k: number) => Array.from({ length: Math.min(n, k) }, (_, i) => Math.floor((i * n) / Math.min(n, k)) + (i % 2));

const UNSAFE_FOR_STEP_FREE = ROUTE_FLAG.STAIRS | ROUTE_FLAG.STAIRS_UNKNOWN | ROUTE_FLAG.ACCESSIBILITY_UNVERIFIED | ROUTE_FLAG.INFERRED_CONNECTOR | ROUTE_FLAG.INFERRED_ACCESS_POINT;

function compare(matrix: Matrix, router: ReferenceRouter, sources: number[]): number {
  const codes = matrix.campus.buildings.map((b) => b.code);
  let routedChecked = 0;
  for (const mode of ROUTE_MODES) {
    for (const i of sources) {
      const dist = router.distances(codes[i], mode);
      for (let j = 0; j < codes.length; j++) {
        const cell = matrix.cellAt(mode, i, j);
        if (i === j) {
          expect(cell.outcome).toBe('same-building');
          expect(cell.totalMeters).toBe(0);
          continue;
        }
        const ref = dist(codes[j]);
        const where = `${matrix.campus.campus} ${mode} ${codes[i]}→${codes[j]}`;
        if (ref === Infinity) {
          expect(cell.outcome, where).not.toBe('routed');
          if (mode === 'step-free') expect(cell.outcome, where).toBe('unavailable');
          continue;
        }
        expect(cell.outcome, where).toBe('routed');
        routedChecked++;
        const total = cell.totalMeters!;
        expect(Math.abs(total - (cell.indoorMeters! + cell.outdoorMeters!)), where).toBeLessThan(0.11);
        if (mode === 'prefer-indoor') {
          expect(Math.abs(cell.indoorMeters! + 1.75 * cell.outdoorMeters! - ref), where).toBeLessThan(0.15);
        } else {
          expect(Math.abs(total - ref), where).toBeLessThan(0.051);
        }
        if (mode === 'step-free') {
          expect(cell.flags & UNSAFE_FOR_STEP_FREE, where).toBe(0);
          expect(cell.verification, where).toBe('verified');
        }
      }
    }
  }
  return routedChecked;
}

describe('route matrices vs an independent shortest-path search', () => {
  for (const campus of ['utm', 'utsg', 'utsc', 'carleton', 'tmu', 'queens', 'waterloo', 'keele', 'mcmaster', 'western', 'guelph', 'uottawa', 'brock', 'waterloo-main']) {
    it(`${campus}: sampled source buildings, every target, every mode`, () => {
      const matrix = real.matrix(campus);
      const checked = compare(matrix, new ReferenceRouter(REAL_SOURCES, campus), sample(matrix.n, 6));
      expect(checked).toBeGreaterThan(50);
    });
  }

  it('fixture campus: every pair, every mode (step-free routes exist here)', () => {
    const matrix = mini.matrix('alpha');
    compare(matrix, new ReferenceRouter(miniSources, 'alpha'), Array.from({ length: matrix.n }, (_, i) => i));
    let stepFreeRouted = 0;
    for (let i = 0; i < matrix.n; i++) for (let j = 0; j < matrix.n; j++) if (i !== j && matrix.cellAt('step-free', i, j).outcome === 'routed') stepFreeRouted++;
    expect(stepFreeRouted).toBeGreaterThanOrEqual(6); // AAA, BBB, CCC reach each other step-free
  });
});

describe('step-free honesty on the real data', () => {
  it('step-free is never approximate, and any routed step-free cell is verified and stair-free', () => {
    for (const c of real.catalog.campuses) {
      const m = real.matrix(c.id);
      for (let i = 0; i < m.n; i++) {
        for (let j = 0; j < m.n; j++) {
          const cell = m.cellAt('step-free', i, j);
          expect(cell.outcome).not.toBe('approximate');
          if (cell.outcome === 'routed') {
            expect(cell.flags & UNSAFE_FOR_STEP_FREE).toBe(0);
            expect(cell.verification).toBe('verified');
          }
          if (cell.outcome === 'unavailable') expect(cell.flags & (ROUTE_FLAG.STEP_FREE_NO_ENTRANCE | ROUTE_FLAG.STEP_FREE_NO_PATH)).not.toBe(0);
        }
      }
    }
  });
});
