/**
 * `npm run release`: two runs give byte-identical tarballs; the manifest inside lists every file with its
 * bytes and sha256; the archive is plain ustar + gzip that system tar reads; corrupted input is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeRelease } from '../../build/release/main.ts';
import { readTarGz } from '../../build/release/tar.ts';
import { readVersionFiles } from '../../build/release/version-files.ts';
import { cleanupTempDirs, tempDir, REAL_SOURCES } from '../build/helpers.ts';
import { DIST, ensureDist } from '../http/helpers.ts';

type Written = ReturnType<typeof writeRelease>;
let first: Written;
let second: Written;

beforeAll(() => {
  ensureDist();
  first = writeRelease({ distDir: DIST, sourcesDir: REAL_SOURCES, outDir: tempDir() });
  second = writeRelease({ distDir: DIST, sourcesDir: REAL_SOURCES, outDir: tempDir() });
});
afterAll(cleanupTempDirs);

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('release tarball', () => {
  it('two runs give the same bytes and sha256; the .sha256 file says so', () => {
    const a = readFileSync(first.path);
    const b = readFileSync(second.path);
    expect(sha256(a)).toBe(first.sha256);
    expect(sha256(b)).toBe(first.sha256);
    expect(a.equals(b)).toBe(true);
    expect(first.path.endsWith(`campus-data-${first.dataVersion}.tar.gz`)).toBe(true);
    expect(readFileSync(`${first.path}.sha256`, 'utf8')).toBe(`${first.sha256}  campus-data-${first.dataVersion}.tar.gz\n`);
    // gzip header: no mtime, no file name, OS "unknown".
    expect([...a.subarray(0, 10)]).toEqual([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 2, 255]);
  });

  it('holds the artifacts, the changelog, the licence notice and a manifest of every file', () => {
    const entries = readTarGz(readFileSync(first.path));
    const top = `campus-data-${first.dataVersion}/`;
    expect([...entries.keys()].every((p) => p.startsWith(top))).toBe(true);
    const files = new Map([...entries].map(([p, b]) => [p.slice(top.length), b]));
    const manifest = JSON.parse(files.get('manifest.json')!.toString());
    expect(manifest.dataVersion).toBe(first.dataVersion);
    expect(Object.keys(manifest.files).sort()).toEqual([...files.keys()].filter((p) => p !== 'manifest.json').sort());
    for (const [name, entry] of Object.entries<{ sha256: string; bytes: number }>(manifest.files)) {
      expect(entry, name).toEqual({ sha256: sha256(files.get(name)!), bytes: files.get(name)!.length });
    }
    // Every artifact of the version, byte for byte.
    const dist = readVersionFiles(DIST).files;
    for (const [name, bytes] of dist) if (name !== 'manifest.json') expect(files.get(name)!.equals(bytes), name).toBe(true);
    expect(files.get('DATA-LICENSE.md')!.toString()).toContain('© OpenStreetMap contributors');
    expect(files.get('DATA-LICENSE.md')!.toString()).toContain('ODbL');
    expect(files.get('CHANGELOG.md')!.toString()).toContain('a first release');
    expect(JSON.parse(files.get('CHANGELOG.json')!.toString()).from).toBeNull();
  });

  it('system tar lists it with fixed owners, modes and times', () => {
    if (spawnSync('tar', ['--version']).status !== 0) return; // no tar on this machine
    const listing = execFileSync('tar', ['-tvzf', first.path], { encoding: 'utf8' }).trim().split('\n');
    expect(listing.filter((l) => l.startsWith('-')).length).toBe(readTarGz(readFileSync(first.path)).size);
    for (const line of listing) expect(line).toMatch(/^(-rw-r--r--|drwxr-xr-x) 0\/0 /);
  });

  it('a version whose files do not match its manifest, or a damaged tarball, is refused', () => {
    const copy = join(tempDir(), first.dataVersion);
    cpSync(join(DIST, first.dataVersion), copy, { recursive: true });
    const catalog = join(copy, 'catalog.json');
    writeFileSync(catalog, readFileSync(catalog, 'utf8').replace('"dataVersion"', '"dataversion"'));
    expect(() => readVersionFiles(copy)).toThrow(/catalog.json: sha256 differs from the manifest/);
    const truncated = join(tempDir(), 'x.tar.gz');
    const bytes = readFileSync(first.path);
    writeFileSync(truncated, bytes.subarray(0, bytes.length - 100));
    expect(() => readVersionFiles(truncated)).toThrow();
  });
});
