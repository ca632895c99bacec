/**
 * Routing rules on a hand-made campus (test/fixtures/build/mini) whose answers are known:
 * stairs shortcut vs step-free detour, indoor preference, one-way edge, ≤ 50 m snap, shared entrance node,
 * off-graph and unlocated buildings, and a campus without a graph.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAll } from '../../build/build-all.ts';
import { ROUTE_FLAG } from '../../runtime/domain/types.ts';
import { cleanupTempDirs, copySources, readArtifacts, tempDir, type Artifacts } from './helpers.ts';

let art: Artifacts;
let connected: number | null;

beforeAll(() => {
  const result = buildAll({ sourcesDir: copySources(), outDir: tempDir() });
  art = readArtifacts(result.versionDir);
  const by = result.report.campuses.find((c) => c.campus === 'alpha')!.joinedBy!;
  connected = by.door + by['snapped-door'] + by.approach + by.point;
});
afterAll(cleanupTempDirs);

const F = ROUTE_FLAG;
const hav = (a: [number, number], b: [number, number]) => {
  const r = Math.PI / 180;
  const h = Math.sin(((b[1] - a[1]) * r) / 2) ** 2 + Math.cos(a[1] * r) * Math.cos(b[1] * r) * Math.sin(((b[0] - a[0]) * r) / 2) ** 2;
  return 2 * 6371008.8 * Math.asin(Math.sqrt(h));
};

describe('fixture campus routes', () => {
  it('orders buildings by code and counts connected buildings', () => {
    expect(art.campus('alpha').buildings.map((b) => b.code)).toEqual(['AAA', 'BBB', 'CCC', 'DDD', 'EEE', 'FFF', 'GGG', 'HHH', 'III']);
    expect(connected).toBe(7); // all but FFF (no location) and GGG (isolated, > 50 m from the graph)
  });

  it('same building → same-building, zeros, verified, in every mode', () => {
    const m = art.matrix('alpha');
    for (const mode of ['fastest', 'prefer-indoor', 'step-free']) {
      for (const code of ['AAA', 'FFF', 'GGG']) {
        expect(m.cell(mode, code, code)).toEqual({
          outcome: 'same-building', totalMeters: 0, indoorMeters: 0, outdoorMeters: 0,
          delaySeconds: 0, floorChanges: 0, verification: 'verified', flags: 0,
        });
      }
    }
  });

  it('fastest takes the stairs shortcut; step-free takes the verified accessible detour', () => {
    const m = art.matrix('alpha');
    const fast = m.cell('fastest', 'AAA', 'BBB');
    expect(fast).toMatchObject({ outcome: 'routed', totalMeters: 30, indoorMeters: 0, outdoorMeters: 30, delaySeconds: 20, floorChanges: 0, verification: 'verified' });
    expect(fast.flags & F.STAIRS).toBeTruthy();
    const sf = m.cell('step-free', 'AAA', 'BBB');
    expect(sf).toMatchObject({ outcome: 'routed', totalMeters: 80, outdoorMeters: 80, verification: 'verified', flags: 0 });
  });

  it('prefer-indoor costs outdoor metres ×1.75 but reports real metres', () => {
    const m = art.matrix('alpha');
    const fast = m.cell('fastest', 'AAA', 'CCC');
    expect(fast).toMatchObject({ outcome: 'routed', totalMeters: 80, outdoorMeters: 80, indoorMeters: 0, verification: 'inferred' });
    expect(fast.flags & F.INFERRED_CONNECTOR).toBeTruthy();
    expect(m.cell('prefer-indoor', 'AAA', 'CCC')).toMatchObject({ outcome: 'routed', totalMeters: 120, indoorMeters: 120, outdoorMeters: 0, verification: 'verified' });
    // step-free may not use the inferred outdoor edge: it goes indoors
    expect(m.cell('step-free', 'AAA', 'CCC')).toMatchObject({ outcome: 'routed', totalMeters: 120, indoorMeters: 120 });
  });

  it('a one-way edge makes the two directions differ and is flagged', () => {
    const m = art.matrix('alpha');
    const down = m.cell('fastest', 'DDD', 'BBB');
    expect(down).toMatchObject({ outcome: 'routed', totalMeters: 25 });
    expect(down.flags & F.ONE_WAY).toBeTruthy();
    const up = m.cell('fastest', 'BBB', 'DDD');
    expect(up).toMatchObject({ outcome: 'routed', totalMeters: 70 });
    expect(up.flags & F.ONE_WAY).toBe(0);
    expect(up.flags & F.STAIRS_UNKNOWN).toBeTruthy();
  });

  it('an entrance on an edgeless node within 50 m is linked by an inferred connector', () => {
    const m = art.matrix('alpha');
    const c = m.cell('fastest', 'BBB', 'EEE');
    const snap = hav([-79.001, 43.00127], [-79.001, 43.001]);
    expect(snap).toBeGreaterThan(25);
    expect(snap).toBeLessThan(50);
    expect(c.outcome).toBe('routed');
    expect(c.totalMeters).toBeCloseTo(Math.round((20 + snap) * 10) / 10, 6);
    expect(c.verification).toBe('mixed');
    expect(c.flags & F.INFERRED_CONNECTOR).toBeTruthy();
    // an inferred link is never step-free: in step-free mode EEE's step-free door does not join the graph
    expect(m.cell('step-free', 'BBB', 'EEE')).toMatchObject({ outcome: 'unavailable', totalMeters: null, verification: 'unavailable', flags: F.STEP_FREE_NO_PATH | F.NOT_ON_GRAPH });
  });

  it('two buildings sharing an entrance node → routed, 0 m, verified', () => {
    const m = art.matrix('alpha');
    expect(m.cell('fastest', 'AAA', 'III')).toEqual({
      outcome: 'routed', totalMeters: 0, indoorMeters: 0, outdoorMeters: 0, delaySeconds: 20, floorChanges: 0, verification: 'verified', flags: 0,
    });
  });

  it('step-free without a verified step-free entrance → unavailable, never approximate', () => {
    const m = art.matrix('alpha');
    expect(m.cell('step-free', 'AAA', 'DDD')).toMatchObject({ outcome: 'unavailable', flags: F.STEP_FREE_NO_ENTRANCE });
    expect(m.cell('step-free', 'AAA', 'GGG')).toMatchObject({ outcome: 'unavailable', flags: F.STEP_FREE_NO_ENTRANCE });
    const n = m.n;
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) expect(m.cellAt('step-free', i, j).outcome).not.toBe('approximate');
  });

  it('off-graph buildings get the approximate great-circle estimate × 1.3', () => {
    const m = art.matrix('alpha');
    const c = m.cell('fastest', 'AAA', 'GGG');
    expect(c).toMatchObject({ outcome: 'approximate', indoorMeters: null, outdoorMeters: null, floorChanges: null, delaySeconds: 20, verification: 'inferred', flags: F.NOT_ON_GRAPH });
    expect(c.totalMeters).toBeCloseTo(Math.round(hav([-79.0, 43.0], [-79.005, 43.005]) * 1.3 * 10) / 10, 6);
    // HHH is attached to a separate component: no path → approximate as well
    expect(m.cell('fastest', 'AAA', 'HHH')).toMatchObject({ outcome: 'approximate', flags: F.NOT_ON_GRAPH });
  });

  it('a building without location → unavailable with NO_LOCATION', () => {
    const m = art.matrix('alpha');
    for (const mode of ['fastest', 'prefer-indoor']) {
      expect(m.cell(mode, 'AAA', 'FFF')).toEqual({
        outcome: 'unavailable', totalMeters: null, indoorMeters: null, outdoorMeters: null, delaySeconds: null, floorChanges: null, verification: 'unavailable', flags: F.NO_LOCATION,
      });
    }
    expect(m.cell('step-free', 'FFF', 'AAA').flags & F.NO_LOCATION).toBeTruthy();
  });

  it('a campus without a graph → approximate with NO_GRAPH', () => {
    const m = art.matrix('beta');
    const c = m.cell('fastest', 'GYM', 'LIB');
    expect(c).toMatchObject({ outcome: 'approximate', verification: 'inferred', flags: F.NO_GRAPH });
    expect(c.totalMeters).toBeCloseTo(Math.round(hav([-123.251, 49.261], [-123.25, 49.26]) * 1.3 * 10) / 10, 6);
    expect(m.cell('step-free', 'GYM', 'LIB').outcome).toBe('unavailable');
  });
});

describe('fixture campus records', () => {
  it('building records follow the types.ts key order and the entrance rules', () => {
    const b = art.campus('alpha').buildings;
    expect(Object.keys(b[0])).toEqual([
      'code', 'name', 'category', 'aliases', 'routingCoverage', 'entranceCount', 'verifiedEntranceCount',
      'accessibility', 'indoorRoomNodeCount', 'provenance', 'university', 'campus', 'location',
    ]);
    const by = Object.fromEntries(b.map((x) => [x.code, x]));
    expect(by.AAA.accessibility).toBe('accessible');
    expect(by.DDD.accessibility).toBe('not_accessible');
    expect(by.GGG.accessibility).toBe('unknown');
    expect(by.FFF).toMatchObject({ routingCoverage: 'identity-only', entranceCount: 0, accessibility: 'unknown' });
    expect(by.HHH).toMatchObject({ routingCoverage: 'mapped', entranceCount: 1, verifiedEntranceCount: 0 });
    // refs to URL-less sources are dropped from API provenance
    expect(by.III.provenance).toEqual([{ source: 'OpenStreetMap', sourceUrl: 'https://www.openstreetmap.org/', lastVerified: '2026-05-01', verificationStatus: 'verified' }]);
    expect(by.FFF.provenance.map((p) => p.source)).toEqual(['Alpha building list']);
  });

  it('identity indexes: codes, names/aliases, shared keys that answer 409', () => {
    const c = art.campus('alpha');
    expect(c.codeIndex.aaa).toBe(0);
    expect(c.nameIndex['main hall']).toEqual([0, 1]);
    expect(c.nameIndex.aaa).toEqual([2, 8]); // alias "AAA" of CCC and III — but code AAA wins resolution
    expect(c.sharedKeys).toEqual(['main hall']);
    expect(c.searchKeys[1]).toEqual(['bbb', 'beta hall', 'main hall']);
    expect(c.located).toEqual([true, true, true, true, true, false, true, true, true]);
  });

  it('places carry compiled hours and hours provenance', () => {
    const [lib] = art.campus('beta').places;
    expect(lib.hours).toMatchObject({ openingHours: 'Mo-Fr 08:00-17:00', source: 'Beta map', sourceUrl: 'https://beta.example/map', validForDays: 120, expiresAt: null });
    expect(lib.schedule?.intervals[0]).toEqual([480, 1020]);
    expect(lib.schedule?.intervals).toHaveLength(5);
    expect(lib.hoursProvenance).toEqual({ source: 'Beta map', sourceUrl: 'https://beta.example/map', lastVerified: '2026-06-10', verificationStatus: 'verified' });
    const [cafe] = art.campus('alpha').places;
    expect(cafe).toMatchObject({ id: 'alpha-cafe', hours: null, schedule: null, hoursProvenance: null, university: 'testu', campus: 'alpha' });
  });

  it('catalog: version from the latest retrieval date, counts per campus', () => {
    expect(art.catalog.dataVersion).toMatch(/^2026-06-10\.[0-9a-f]{8}$/);
    expect(art.catalog.generatedAt).toBe('2026-06-10T00:00:00.000Z');
    expect(art.catalog.campuses.map((c) => [c.id, c.buildingCount, c.entranceCount, c.placeCount])).toEqual([
      ['alpha', 9, 8, 1],
      ['beta', 2, 0, 1],
    ]);
  });
});
