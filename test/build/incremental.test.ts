/**
 * Incremental builds (build/write/reuse.ts): a campus whose inputs did not change since an earlier build into
 * the same output directory is copied, not compiled — and the version is byte-identical to a full build of the
 * same sources in an empty directory. A copied file that no longer matches its manifest is compiled instead.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildAll } from '../../build/build-all.ts';
import { cleanupTempDirs, copySources, editJson, filesOf, tempDir } from './helpers.ts';

afterAll(cleanupTempDirs);


/** The version a fresh, full build of `sources` writes. */
const fullBuild = (sources: string) => filesOf(buildAll({ sourcesDir: sources, outDir: tempDir(), full: true }).versionDir);

function expectSameFiles(a: Map<string, Buffer>, b: Map<string, Buffer>): void {
  expect([...a.keys()]).toEqual([...b.keys()]);
  for (const [path, bytes] of a) expect(bytes.equals(b.get(path)!), path).toBe(true);
}

const renameBeta = (sources: string, name: string) =>
  editJson(join(sources, 'campuses', 'beta.json'), (d) => {
    d.buildings[0].name = name;
  });

describe('incremental build', () => {
  const out = tempDir();
  const sources = copySources();

  it('compiles only the campuses whose inputs changed, with the bytes of a full build', () => {
    const first = buildAll({ sourcesDir: sources, outDir: out });
    expect(first.report.reused).toBe(0);
    renameBeta(sources, 'Renamed Library');
    const second = buildAll({ sourcesDir: sources, outDir: out });
    expect(second.dataVersion).not.toBe(first.dataVersion);
    expect(second.report.reused).toBe(1); // alpha copied, beta compiled
    expectSameFiles(filesOf(second.versionDir), fullBuild(sources));
    const again = buildAll({ sourcesDir: sources, outDir: out });
    expect(again.report.reused).toBe(2);
    expectSameFiles(filesOf(again.versionDir), fullBuild(sources));
  });

  it('compiles a campus again when a file it would copy no longer matches its manifest', () => {
    for (const v of readdirSync(out).filter((d) => /^\d{4}-\d{2}-\d{2}\./.test(d))) {
      const matrix = join(out, v, 'routes', 'alpha.bin');
      const bytes = readFileSync(matrix);
      bytes[0] ^= 0xff;
      writeFileSync(matrix, bytes);
    }
    renameBeta(sources, 'Library Once More');
    const next = buildAll({ sourcesDir: sources, outDir: out });
    expect(next.report.reused).toBe(0); // alpha's copies are corrupt, beta changed
    expectSameFiles(filesOf(next.versionDir), fullBuild(sources));
  });
});
