/**
 * Changelog between two fixture datasets built from test/fixtures/build/mini, the second edited in every
 * way the changelog reports: buildings added / removed / renamed / re-coded, aliases, category, location,
 * entrances (added, removed, step-free fact), route outcomes, places added / removed / hours.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { buildAll } from '../../build/build-all.ts';
import { changelogBetween, runCli, writeRelease, type ChangelogTexts } from '../../build/release/main.ts';
import { cleanupTempDirs, copySources, editJson, editText, tempDir } from '../build/helpers.ts';

let older: string;
let newer: string;
let texts: ChangelogTexts;

/** The edits that make version B from version A. */
function editSources(dir: string): void {
  editJson(join(dir, 'campuses', 'alpha.json'), (d) => {
    const by = (code: string) => d.buildings.find((b: any) => b.code === code);
    by('BBB').name = 'Beta Centre'; // renamed
    by('FFF').code = 'FFX'; // code change (same name)
    by('FFX').sourceSlug = 'ffx';
    by('DDD').aliases = ['Delta']; // alias added
    by('CCC').aliases = []; // alias "AAA" removed
    by('EEE').category = 'residence';
    d.buildings = d.buildings.filter((b: any) => b.code !== 'GGG'); // removed (with its entrance)
    d.entrances = d.entrances.filter((e: any) => e.building !== 'GGG');
    d.buildings.push({ ...structuredClone(by('AAA')), code: 'JJJ', sourceSlug: 'jjj', name: 'Kappa Hall', aliases: [] });
    d.entrances.push({ ...structuredClone(d.entrances[0]), id: 'ent-j', building: 'JJJ', graphNode: 'm', point: [-79.001, 43.001] });
    d.entrances.find((e: any) => e.id === 'ent-d').stepFree = 'accessible';
    Object.assign(d.entrances.find((e: any) => e.id === 'ent-h'), { kind: 'approach', verification: 'inferred' }); // a door becomes an approach point
    d.places = d.places.filter((p: any) => p.id !== 'alpha-cafe');
    d.places.push({ ...structuredClone(d.places[0] ?? {}), id: 'alpha-study', name: 'Gamma Study Hall', kind: 'study', building: 'CCC', amenities: [], origin: 'listed', hours: null, provenance: [{ sourceId: 'official', nativeId: null, verification: 'verified' }] });
  });
  // The inferred edge a–c becomes verified (AAA ↔ CCC verification changes); HHH's island joins the graph.
  editText(join(dir, 'graphs', 'alpha', 'edges.tsv'), (t) =>
    t.replace('e4\ta\tc\t80\toutdoor\tfalse\ttrue\taccessible\tinferred', 'e4\ta\tc\t80\toutdoor\tfalse\ttrue\taccessible\tverified') +
    'e12\tm\tfar1\t40\toutdoor\tfalse\ttrue\tunknown\tverified\t-\n');
  editJson(join(dir, 'campuses', 'beta.json'), (d) => {
    d.buildings.find((b: any) => b.code === 'LIB').point = [-123.2503, 49.26]; // ~22 m west
    d.buildings.find((b: any) => b.code === 'GYM').point = [-123.25101, 49.26101]; // < 10 m: not reported
    d.places[0].hours.openingHours = 'Mo-Fr 08:00-18:00';
  });
}

beforeAll(() => {
  const a = copySources();
  older = buildAll({ sourcesDir: a, outDir: tempDir() }).versionDir;
  const b = copySources();
  editSources(b);
  newer = buildAll({ sourcesDir: b, outDir: tempDir() }).versionDir;
  texts = changelogBetween(older, newer);
});
afterAll(cleanupTempDirs);

const campus = (id: string) => texts.log.campuses.find((c) => c.campus === id)!;

describe('changelog between two fixture versions', () => {
  it('names both versions and lists only changed campuses, by id', () => {
    expect(texts.log.from!.dataVersion).not.toBe(texts.log.to.dataVersion);
    expect(texts.log.campuses.map((c) => [c.campus, c.status])).toEqual([['alpha', 'changed'], ['beta', 'changed']]);
  });

  it('buildings: added, removed, renamed, code changed, aliases, category', () => {
    const b = campus('alpha').buildings;
    expect(b.added).toEqual([{ code: 'JJJ', name: 'Kappa Hall' }]);
    expect(b.removed).toEqual([{ code: 'GGG', name: 'Gamma Gardens' }]);
    expect(b.renamed).toEqual([{ code: 'BBB', from: 'Beta Hall', to: 'Beta Centre' }]);
    expect(b.codeChanged).toEqual([{ from: 'FFF', to: 'FFX', name: 'Phi Annex' }]);
    expect(b.aliases).toEqual([
      { code: 'CCC', added: [], removed: ['AAA'] },
      { code: 'DDD', added: ['Delta'], removed: [] },
    ]);
    expect(b.category).toEqual([{ code: 'EEE', from: 'academic', to: 'residence' }]);
  });

  it('locations moved by more than 10 m (not less)', () => {
    expect(campus('beta').buildings.moved).toEqual([
      { code: 'LIB', meters: expect.closeTo(21.8, 0), from: { lat: 49.26, lon: -123.25 }, to: { lat: 49.26, lon: -123.2503 } },
    ]);
  });

  it('entrances: added, removed, step-free fact changed, a door that became an approach point', () => {
    expect(campus('alpha').entrances).toEqual({
      added: [{ building: 'JJJ', id: 'ent-j', kind: 'entrance', accessibility: 'accessible' }],
      removed: [{ building: 'GGG', id: 'ent-g', kind: 'entrance', accessibility: 'unknown' }],
      stepFree: [{ building: 'DDD', id: 'ent-d', from: 'not_accessible', to: 'accessible' }],
      kind: [{ building: 'HHH', id: 'ent-h', from: 'entrance', to: 'approach' }],
    });
  });

  it('route outcomes: verification changes and approximate → routed, per mode, with every pair counted', () => {
    const routes = campus('alpha').routes;
    const fastest = routes.filter((t) => t.mode === 'fastest');
    const toHhh = fastest.find((t) => t.from.startsWith('approximate/') && t.to.startsWith('routed/') && t.pairs.some(([a, b]) => a === 'AAA' && b === 'HHH'));
    expect(toHhh, JSON.stringify(fastest)).toBeDefined();
    expect(fastest.some((t) => t.pairs.some(([a, b]) => a === 'AAA' && b === 'CCC') && t.from !== t.to)).toBe(true);
    for (const t of routes) {
      expect(t.count).toBe(t.pairs.length);
      expect(t.pairs).toEqual([...t.pairs].sort());
      // Only buildings present in both versions are compared (GGG removed, JJJ added).
      expect(t.pairs.flat().some((c) => c === 'GGG' || c === 'JJJ')).toBe(false);
    }
    // Modes in the matrix's order, then by transition.
    const order = routes.map((t) => ['fastest', 'prefer-indoor', 'step-free'].indexOf(t.mode));
    expect(order).toEqual([...order].sort((x, y) => x - y));
  });

  it('places: added, removed, hours changed', () => {
    expect(campus('alpha').places).toEqual({
      added: [{ id: 'alpha-study', name: 'Gamma Study Hall', building: 'CCC' }],
      removed: [{ id: 'alpha-cafe', name: 'Alpha Cafe', building: 'AAA' }],
      hours: [],
    });
    expect(campus('beta').places.hours).toEqual([{ id: 'beta-library', from: 'Mo-Fr 08:00-17:00', to: 'Mo-Fr 08:00-18:00' }]);
  });

  it('Markdown for people: one line per change, a route table', () => {
    const md = texts.markdown;
    expect(md).toContain('## Alpha Campus (`alpha`)');
    for (const line of [
      '- Added `JJJ` Kappa Hall',
      '- Removed `GGG` Gamma Gardens',
      '- Renamed `BBB`: Beta Hall → Beta Centre',
      '- Code changed `FFF` → `FFX` (Phi Annex)',
      '- Aliases of `DDD`: + "Delta"',
      '- Aliases of `CCC`: − "AAA"',
      '- Category of `EEE`: academic → residence',
      '- Moved `LIB` by 22 m (49.26, -123.25 → 49.26, -123.2503)',
      '- Added entrance `ent-j` of `JJJ` (step-free: accessible)',
      '- Removed entrance `ent-g` of `GGG`',
      '- `ent-h` of `HHH`: entrance → approach point',
      '- Step-free fact of entrance `ent-d` of `DDD`: not_accessible → accessible',
      '- Added `alpha-study` Gamma Study Hall (in `CCC`)',
      '- Removed `alpha-cafe` Alpha Cafe',
      '- Hours of `beta-library`: "Mo-Fr 08:00-17:00" → "Mo-Fr 08:00-18:00"',
    ]) expect(md).toContain(line);
    expect(md).toMatch(/\| fastest \| approximate\/\w+ \| routed\/\w+ \| \d+ \| .*AAA → HHH/);
  });

  it('is deterministic and empty between a version and itself', () => {
    expect(changelogBetween(older, newer).json).toBe(texts.json);
    const same = changelogBetween(newer, newer);
    expect(same.log.campuses).toEqual([]);
    expect(same.markdown).toContain('No changes.');
  });

  it('npm run changelog prints Markdown or JSON; a release --since carries the same changelog', () => {
    const out: string[] = [];
    const write = process.stdout.write;
    process.stdout.write = ((s: string) => (out.push(s), true)) as typeof process.stdout.write;
    try {
      expect(runCli(['changelog', older, newer, '--json'])).toBe(0);
      expect(runCli(['changelog', older, newer])).toBe(0);
    } finally {
      process.stdout.write = write;
    }
    expect(out).toEqual([texts.json, texts.markdown]);
    const release = writeRelease({ distDir: newer, sourcesDir: copySources(), outDir: tempDir(), since: older });
    expect(release.files.get('CHANGELOG.md')!.toString()).toBe(texts.markdown);
    expect(release.files.get('CHANGELOG.json')!.toString()).toBe(texts.json);
    // And the release tarball itself is a valid "older" side.
    expect(changelogBetween(release.path, newer).log.campuses).toEqual([]);
  });
});
