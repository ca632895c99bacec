/**
 * The synthetic dataset of `npm run bench:scale` (test/bench/scale/generate.ts): the same seed gives
 * byte-identical sources, another seed other sources; the campuses have the sizes of the real campuses they
 * were drawn from, and the real build accepts them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildAll } from '../../build/build-all.ts';
import { realProfiles } from './scale/profiles.ts';
import { writeSyntheticSources } from './scale/generate.ts';
import { cleanupTempDirs, filesOf, REAL_SOURCES, tempDir } from '../build/helpers.ts';

afterAll(cleanupTempDirs);

const profiles = realProfiles(REAL_SOURCES);
const SCHEMAS = join(REAL_SOURCES, 'schemas');


const generate = (n: number, seed: number) => {
  const dir = join(tempDir('campus-synthetic-'), 'sources');
  const plan = writeSyntheticSources(dir, n, seed, profiles, SCHEMAS);
  return { dir, plan, files: filesOf(dir) };
};

describe('synthetic campuses for bench:scale', () => {
  it('same seed → byte-identical sources; another seed → other sources', () => {
    const a = generate(12, 7);
    const b = generate(12, 7);
    expect([...a.files.keys()]).toEqual([...b.files.keys()]);
    for (const [path, bytes] of a.files) expect(bytes.equals(b.files.get(path)!), path).toBe(true);
    const c = generate(12, 8);
    expect(c.files.get('registry.json')!.equals(a.files.get('registry.json')!)).toBe(false);
  });

  it('has the sizes of the real campuses it draws from, marks itself synthetic, and builds with the real build', () => {
    const { dir, plan } = generate(5, 3);
    const result = buildAll({ sourcesDir: dir, outDir: tempDir() });
    expect(result.report.campuses.map((c) => c.campus)).toEqual(plan.map((c) => c.id));
    for (const [i, stats] of result.report.campuses.entries()) {
      const { profile, jitter } = plan[i]!;
      expect(profiles).toContain(profile);
      expect(stats.buildings).toBe(Math.max(2, Math.round(profile.buildings * jitter)));
      expect(stats.entrances).toBe(Math.round(profile.entrances * jitter));
      expect(stats.places).toBe(Math.round(profile.places * jitter));
      expect(stats.joinedBy !== null).toBe(profile.graph !== null);
      const source = JSON.parse(readFileSync(join(dir, 'campuses', `${stats.campus}.json`), 'utf8'));
      expect(source.sources).toEqual([expect.objectContaining({ id: 'synthetic', url: 'https://example.org/synthetic-campus-data' })]);
    }
    expect(readFileSync(join(dir, 'DATA-LICENSE.md'), 'utf8')).toMatch(/never part of `sources\/`/);
  });
});
