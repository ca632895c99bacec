/** Same sources → byte-identical artifacts; the version follows content, not formatting; ensure.ts staleness. */
import { afterAll, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildAll } from '../../build/build-all.ts';
import { staleReason } from '../../build/tools/ensure.ts';
import { FORMAT_VERSION } from '../../runtime/contract/format.ts';
import { loadDataset } from '../../runtime/data/load.ts';
import { REAL_SOURCES, cleanupTempDirs, copySources, editJson, listFiles, tempDir } from './helpers.ts';

afterAll(cleanupTempDirs);

describe('determinism', () => {
  it('two builds of the real sources produce identical bytes for every file', () => {
    const a = tempDir();
    const b = tempDir();
    const ra = buildAll({ sourcesDir: REAL_SOURCES, outDir: a });
    const rb = buildAll({ sourcesDir: REAL_SOURCES, outDir: b });
    expect(ra.dataVersion).toBe(rb.dataVersion);
    const files = listFiles(a);
    expect(files).toEqual(listFiles(b));
    // current.json and the campuses' inputs for the next (incremental) build, .campus-inputs/<dataVersion>.json; in the
    // version: catalog.json, manifest.json; per campus campuses/*.json, routes/*.bin, maps/*.geojson(.gz); paths/*.bin per
    // walking graph; candidates/*.bin per graph that records stairs
    const versionFiles = files.filter((f) => f.startsWith(`${ra.dataVersion}/`));
    expect(files.filter((f) => !versionFiles.includes(f))).toEqual([`.campus-inputs/${ra.dataVersion}.json`, 'current.json']);
    const campuses = [...ra.campuses.values()];
    const graphs = campuses.filter((c) => c.files.some((f) => f.startsWith('paths/'))).length;
    const withCandidates = campuses.filter((c) => c.files.some((f) => f.startsWith('candidates/'))).length;
    expect(withCandidates).toBeGreaterThan(0);
    expect(versionFiles.length).toBe(2 + campuses.length * 4 + graphs + withCandidates);
    for (const f of files) expect(readFileSync(join(a, f)).equals(readFileSync(join(b, f))), f).toBe(true);
  });

  it('dataVersion ignores JSON formatting but follows content', () => {
    const base = buildAll({ sourcesDir: copySources(), outDir: tempDir() }).dataVersion;
    const reformatted = copySources();
    const registryPath = join(reformatted, 'registry.json');
    const registry = JSON.parse(readFileSync(registryPath, 'utf8'));
    const reordered = Object.fromEntries(Object.entries(registry).reverse());
    writeFileSync(registryPath, JSON.stringify(reordered, null, 4)); // same content: other key order and whitespace
    expect(buildAll({ sourcesDir: reformatted, outDir: tempDir() }).dataVersion).toBe(base);
    const changed = copySources();
    editJson(join(changed, 'campuses', 'alpha.json'), (c) => (c.buildings[0].name = 'Beta Hall North'));
    const other = buildAll({ sourcesDir: changed, outDir: tempDir() }).dataVersion;
    expect(other).not.toBe(base);
    expect(other.slice(0, 10)).toBe(base.slice(0, 10));
  });
});

describe('ensure staleness', () => {
  it('builds when dist is missing or older than the sources, otherwise not', () => {
    const root = tempDir();
    const sources = copySources();
    cpSync(sources, join(root, 'sources'), { recursive: true });
    mkdirSync(join(root, 'build'));
    expect(staleReason(root)).toMatch(/current\.json is missing/);
    const { dataVersion } = buildAll({ sourcesDir: join(root, 'sources'), outDir: join(root, 'dist') });
    const past = new Date(Date.now() - 60_000);
    for (const f of listFiles(join(root, 'sources'))) utimesSync(join(root, 'sources', f), past, past);
    expect(staleReason(root)).toBeNull();
    const future = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'sources', 'registry.json'), future, future);
    expect(staleReason(root)).toMatch(/sources/);
    expect(statSync(join(root, 'dist', dataVersion, 'manifest.json')).isFile()).toBe(true);
  });

  it('a dist/ of another artifact format is rebuilt by ensure and refused by the loader', async () => {
    const root = tempDir();
    const { dataVersion } = buildAll({ sourcesDir: copySources(), outDir: join(root, 'dist') });
    const manifestPath = join(root, 'dist', dataVersion, 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    writeFileSync(manifestPath, JSON.stringify({ ...manifest, formatVersion: FORMAT_VERSION + 1 }));
    expect(staleReason(root)).toMatch(/artifact format changed/);
    await expect(loadDataset(join(root, 'dist'))).rejects.toThrow(/artifact format .*npm run build/);
  });
});
