/** Bad sources are rejected with the file, the JSON pointer (and TSV line) and the reason. */
import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { mkdirSync, writeFileSync } from 'node:fs';
import { buildAll } from '../../build/build-all.ts';
import { SourceError, type SourceIssue } from '../../build/load/errors.ts';
import { REPO, cleanupTempDirs, copySources, editJson, editText, tempDir } from './helpers.ts';

afterAll(cleanupTempDirs);

const ALPHA = 'campuses/alpha.json';
const BETA = 'campuses/beta.json';
const EDGES = 'graphs/alpha/edges.tsv';

/** Builds a mutated copy of the mini fixture; returns the issues (fails if the build succeeds). */
function issuesOf(mutate: (dir: string) => void): { issues: SourceIssue[]; message: string } {
  const dir = copySources();
  mutate(dir);
  try {
    buildAll({ sourcesDir: dir, outDir: tempDir() });
  } catch (e) {
    if (e instanceof SourceError) return { issues: e.issues, message: e.message };
    throw e;
  }
  throw new Error('build unexpectedly succeeded');
}

function expectIssue(mutate: (dir: string) => void, file: string, pointer: string, reason: RegExp, line?: number): void {
  const { issues, message } = issuesOf(mutate);
  const hit = issues.find((i) => i.file.endsWith(file) && i.pointer === pointer);
  expect(hit, `no issue at ${file} ${pointer}; got:\n${message}`).toBeDefined();
  expect(hit!.reason).toMatch(reason);
  if (line !== undefined) expect(hit!.line).toBe(line);
  expect(message).toContain(`${file}${line !== undefined ? `:${line}` : ''} ${pointer || '/'}: `);
}

const json = (dir: string, file: string, edit: (d: any) => void) => editJson(join(dir, file), edit);

describe('schema violations', () => {
  it('missing field', () => {
    expectIssue((d) => json(d, ALPHA, (c) => delete c.buildings[0].name), ALPHA, '/buildings/0/name', /missing required field/);
  });
  it('wrong type', () => {
    expectIssue((d) => json(d, ALPHA, (c) => (c.buildings[2].aliases = 'Gamma')), ALPHA, '/buildings/2/aliases', /must be array/);
  });
  it('value outside an enum', () => {
    expectIssue((d) => json(d, ALPHA, (c) => (c.entrances[1].stepFree = 'yes')), ALPHA, '/entrances/1/stepFree', /must be one of/);
  });
  it('unknown field', () => {
    expectIssue((d) => json(d, BETA, (c) => (c.places[0].rating = 5)), BETA, '/places/0/rating', /unknown field/);
  });
  it('point of the wrong shape', () => {
    expectIssue((d) => json(d, BETA, (c) => (c.buildings[0].point = [-123.25])), BETA, '/buildings/0/point', /must NOT have fewer than 2 items/);
  });
  it('registry field of the wrong type', () => {
    expectIssue((d) => json(d, 'registry.json', (r) => (r.campuses[1].walkingGraph = 'no')), 'registry.json', '/campuses/1/walkingGraph', /must be boolean/);
  });
  it('graph row: meters not a number, with line number', () => {
    expectIssue((d) => editText(join(d, EDGES), (t) => t.replace('e4\ta\tc\t80', 'e4\ta\tc\tfar')), EDGES, '/edges/3/meters', /must be number/, 5);
  });
  it('graph row: meters must be ≥ 0, and 0 only between two nodes at one position', () => {
    expectIssue((d) => editText(join(d, EDGES), (t) => t.replace('e2\ta\tx1\t40', 'e2\ta\tx1\t-1')), EDGES, '/edges/1/meters', /must be >= 0/, 3);
    expectIssue((d) => editText(join(d, EDGES), (t) => t.replace('e2\ta\tx1\t40', 'e2\ta\tx1\t0')), EDGES, '/edges/1/meters', /0 m, but its nodes are 52\.59 m apart/, 3);
  });
  it('graph row: bad enum and missing cell', () => {
    expectIssue((d) => editText(join(d, EDGES), (t) => t.replace('\tindoor\tfalse\ttrue\taccessible\tverified\t-\n', '\tinside\tfalse\ttrue\taccessible\tverified\t-\n')), EDGES, '/edges/4/environment', /must be one of/, 6);
    expectIssue((d) => editText(join(d, EDGES), (t) => t.replace('e11\tfar1\tfar2\t10\toutdoor\tfalse\ttrue\tunknown\tverified\t-', 'e11\tfar1\tfar2\t10')), EDGES, '/edges/10', /row has 4 fields, the header has 10/, 12);
  });
  it('graph node row: latitude out of range', () => {
    expectIssue((d) => editText(join(d, 'graphs/alpha/nodes.tsv'), (t) => t.replace('g\t-79.005\t43.005', 'g\t-79.005\t143.005')), 'graphs/alpha/nodes.tsv', '/nodes/9/lat', /must be <= 90/, 11);
  });
  it('file that is not JSON', () => {
    expectIssue((d) => writeFileSync(join(d, BETA), '{ "campus": '), BETA, '', /not readable JSON/);
  });
});

describe('semantic violations', () => {
  it('duplicate building code', () => {
    expectIssue((d) => json(d, ALPHA, (c) => (c.buildings[3].code = 'AAA')), ALPHA, '/buildings/3/code', /duplicate building code "AAA"/);
  });
  it('duplicate entrance id', () => {
    expectIssue((d) => json(d, ALPHA, (c) => (c.entrances[2].id = 'ent-a')), ALPHA, '/entrances/2/id', /duplicate entrance id/);
  });
  it('entrance of an unknown building', () => {
    expectIssue((d) => json(d, ALPHA, (c) => (c.entrances[0].building = 'ZZZ')), ALPHA, '/entrances/0/building', /unknown building code "ZZZ"/);
  });
  it('place in an unknown building', () => {
    expectIssue((d) => json(d, BETA, (c) => (c.places[0].building = 'ZZZ')), BETA, '/places/0/building', /unknown building code/);
  });
  it('place id duplicated across campuses', () => {
    expectIssue((d) => json(d, BETA, (c) => (c.places[0].id = 'alpha-cafe')), BETA, '/places/0/id', /duplicate place id "alpha-cafe".*campuses\/alpha\.json/);
  });
  it('edge to an unknown node', () => {
    expectIssue((d) => editText(join(d, EDGES), (t) => t.replace('e10\tb\tm', 'e10\tb\tnowhere')), EDGES, '/edges/9/to', /unknown node "nowhere"/, 11);
  });
  it('entrance graph node not in the graph', () => {
    expectIssue((d) => json(d, ALPHA, (c) => (c.entrances[3].graphNode = 'q')), ALPHA, '/entrances/3/graphNode', /unknown graph node "q"/);
  });
  it('entrance graph node on a campus without a graph', () => {
    expectIssue(
      (d) => json(d, BETA, (c) => c.entrances.push({ id: 'x', building: 'LIB', kind: 'entrance', point: [-123.25, 49.26], access: 'unknown', stepFree: 'unknown', verification: 'verified', osm: null, graphNode: 'n1', provenance: [{ sourceId: 'beta-map', nativeId: null }] })),
      BETA, '/entrances/0/graphNode', /no walking graph/,
    );
  });
  it('point outside the campus bounds (+100 m), while 50 m outside is tolerated', () => {
    // bounds max lat 43.01; 0.0045° ≈ 500 m north
    expectIssue((d) => json(d, ALPHA, (c) => (c.entrances[1].point = [-79.001, 43.0145])), ALPHA, '/entrances/1/point', /outside the campus bounds/);
    expectIssue((d) => json(d, BETA, (c) => (c.buildings[1].point = [-123.1, 49.26])), BETA, '/buildings/1/point', /outside the campus bounds/);
    const dir = copySources();
    json(dir, ALPHA, (c) => (c.entrances[5].point = [-79.005, 43.01045])); // ≈ 50 m outside
    expect(() => buildAll({ sourcesDir: dir, outDir: tempDir() })).not.toThrow();
  });
  it('campus file name must equal its campus field and the registry', () => {
    expectIssue((d) => json(d, BETA, (c) => (c.campus = 'gamma')), BETA, '/campus', /does not match the file name/);
    expectIssue((d) => json(d, 'registry.json', (r) => (r.campuses[1].id = 'gamma')), BETA, '/campus', /not in the registry/);
  });
  it('provenance must reference a source of the campus', () => {
    expectIssue((d) => json(d, ALPHA, (c) => (c.buildings[4].provenance[0].sourceId = 'wiki')), ALPHA, '/buildings/4/provenance/0/sourceId', /unknown source "wiki"/);
    expectIssue((d) => json(d, ALPHA, (c) => (c.entrances[0].provenance[0].sourceId = 'wiki')), ALPHA, '/entrances/0/provenance/0/sourceId', /unknown source/);
    expectIssue((d) => json(d, 'graphs/alpha/meta.json', (m) => (m.sourceId = 'wiki')), 'graphs/alpha/meta.json', '/sourceId', /unknown source/);
  });
  it('a building left without URL-backed provenance fails', () => {
    expectIssue((d) => json(d, ALPHA, (c) => (c.buildings[5].provenance = [{ sourceId: 'notes', nativeId: null, verification: 'unknown' }])), ALPHA, '/buildings/5/provenance', /no provenance source with a URL/);
  });
  it('registry: unknown campus, wrong university, missing defaults', () => {
    expectIssue((d) => json(d, 'registry.json', (r) => r.universities[0].campuses.push('nowhere')), 'registry.json', '/universities/0/campuses/2', /unknown campus "nowhere"/);
    expectIssue(
      (d) => json(d, 'registry.json', (r) => {
        r.universities.push({ id: 'other', name: 'Other', shortName: 'O', campuses: ['beta'], defaultCampus: 'beta' });
        r.universities[0].campuses = ['alpha'];
      }),
      'registry.json', '/campuses/1/universityId', /does not list campus "beta"/,
    );
    expectIssue((d) => json(d, 'registry.json', (r) => (r.defaultUniversity = 'nope')), 'registry.json', '/defaultUniversity', /unknown university/);
    expectIssue((d) => json(d, 'registry.json', (r) => (r.universities[0].defaultCampus = 'nope')), 'registry.json', '/universities/0/defaultCampus', /not one of the university's campuses/);
    expectIssue((d) => json(d, 'registry.json', (r) => (r.defaultCampus = 'nope')), 'registry.json', '/defaultCampus', /not a campus of the default university/);
  });
  it('a registry issue is reported once, not again with each campus', () => {
    const once = (mutate: (r: any) => void, pointer: string) => {
      const { issues } = issuesOf((d) => json(d, 'registry.json', mutate));
      expect(issues.filter((i) => i.file.endsWith('registry.json') && i.pointer === pointer)).toHaveLength(1);
    };
    once((r) => (r.defaultCampus = 'nope'), '/defaultCampus');
    once((r) => (r.campuses[1].walkingGraph = 'no'), '/campuses/1/walkingGraph');
  });
  it('published hours (free text) need a known source and do not stand beside opening_hours hours', () => {
    const text = { text: 'M-F: 9 am - 5 pm', sourceId: 'beta-map', nativeId: null, lastEdited: '2026-01-01' };
    expectIssue((d) => json(d, BETA, (c) => (c.places[0].publishedHours = text)), BETA, '/places/0/publishedHours', /either hours .* or publishedHours/);
    expectIssue((d) => json(d, BETA, (c) => Object.assign(c.places[0], { hours: null, publishedHours: { ...text, sourceId: 'wiki' } })), BETA, '/places/0/publishedHours/sourceId', /unknown source "wiki"/);
    expectIssue((d) => json(d, BETA, (c) => Object.assign(c.places[0], { hours: null, publishedHours: { ...text, lastEdited: 'yesterday' } })), BETA, '/places/0/publishedHours/lastEdited', /must match pattern/);
  });
  it('footprints: outlines of the campus\'s own buildings, unique ids, closed simple rings, known sources', () => {
    const FOOT = 'footprints/beta.geojson';
    const ring = [[-123.25, 49.26], [-123.249, 49.26], [-123.249, 49.261], [-123.25, 49.26]];
    const outline = (id: string, building: string, coordinates = [ring], sourceId = 'beta-map') => ({
      type: 'Feature', id, properties: { building, provenance: [{ sourceId, nativeId: null, verification: 'verified' }], origin: 'test' }, geometry: { type: 'Polygon', coordinates },
    });
    const write = (d: string, features: unknown[], campus = 'beta') => {
      mkdirSync(join(d, 'footprints'), { recursive: true });
      writeFileSync(join(d, FOOT), JSON.stringify({ type: 'FeatureCollection', campus, features }));
    };
    expectIssue((d) => write(d, [outline('o1', 'ZZZ')]), FOOT, '/features/0/properties/building', /unknown building code "ZZZ"/);
    expectIssue((d) => write(d, [outline('o1', 'LIB'), outline('o1', 'LIB')]), FOOT, '/features/1/id', /duplicate outline id "o1"/);
    expectIssue((d) => write(d, [outline('o1', 'LIB', [[...ring.slice(0, 3), [-123.2501, 49.26]]])]), FOOT, '/features/0/geometry', /ring is not closed/);
    expectIssue((d) => write(d, [outline('o1', 'LIB', [ring.slice(0, 3)])]), FOOT, '/features/0/geometry/coordinates/0', /must NOT have fewer than 4 items/);
    expectIssue((d) => write(d, [outline('o1', 'LIB', [ring], 'wiki')]), FOOT, '/features/0/properties/provenance/0/sourceId', /unknown source "wiki"/);
    expectIssue((d) => write(d, [outline('o1', 'LIB')], 'alpha'), FOOT, '/campus', /does not match the file name/);
    const dir = copySources();
    write(dir, [outline('o1', 'LIB')]);
    expect(() => buildAll({ sourcesDir: dir, outDir: tempDir() })).not.toThrow();
  });
  it('invalid opening hours name the place and the position', () => {
    expectIssue((d) => json(d, BETA, (c) => (c.places[0].hours.openingHours = 'Mo-Fr 08:00-17:00; Xy 10:00-12:00')), BETA, '/places/0/hours/openingHours', /place "beta-library".*position \d+/);
  });
});

describe('CLI', () => {
  it('exits 1 with `file pointer: reason` and no stack trace', () => {
    const dir = copySources();
    json(dir, ALPHA, (c) => (c.buildings[3].code = 'AAA'));
    const run = spawnSync(process.execPath, ['--import', 'tsx', join(REPO, 'build', 'main.ts'), '--sources', dir, '--out', tempDir(), '--quiet'], { encoding: 'utf8', cwd: REPO });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/campuses\/alpha\.json \/buildings\/3\/code: duplicate building code "AAA"/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
