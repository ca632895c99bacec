/**
 * CLI of data releases (run through npm scripts):
 *   release   [--since OLD] [--dist DIR] [--sources DIR] [--out DIR]
 *             → <out>/campus-data-<dataVersion>.tar.gz (+ .sha256); OLD = an older release tarball, version
 *               directory or dist directory to write the changelog against (without it: a first release).
 *   changelog A B [--json]
 *             → the changelog from A (older) to B (newer) on stdout, Markdown or JSON.
 * Exit 1 with a one-line reason on bad arguments or a version that does not match its manifest.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { decodeSnapshot } from './decode.ts';
import { diffSnapshots, type Changelog } from './diff.ts';
import { changelogMarkdown } from './markdown.ts';
import { buildRelease, LICENSE_FILE, type Release } from './release.ts';
import type { Snapshot } from './snapshot.ts';
import { readVersionFiles } from './version-files.ts';

export interface ChangelogTexts {
  markdown: string;
  json: string;
  log: Changelog;
}

export function changelogTexts(older: Snapshot | null, newer: Snapshot): ChangelogTexts {
  const log = diffSnapshots(older, newer);
  return { log, markdown: changelogMarkdown(log), json: JSON.stringify(log, null, 2) + '\n' };
}

export function changelogBetween(olderPath: string, newerPath: string): ChangelogTexts {
  return changelogTexts(decodeSnapshot(readVersionFiles(olderPath)), decodeSnapshot(readVersionFiles(newerPath)));
}

export interface ReleaseOptions {
  distDir: string;
  sourcesDir: string;
  outDir: string;
  since?: string;
}

/** Builds the release of the dist directory's current version and writes it (and its .sha256) to outDir. */
export function writeRelease(opts: ReleaseOptions): Release & { path: string } {
  const version = readVersionFiles(opts.distDir);
  const snapshot = decodeSnapshot(version);
  const older = opts.since === undefined ? null : decodeSnapshot(readVersionFiles(opts.since));
  const texts = changelogTexts(older, snapshot);
  const release = buildRelease({
    version,
    dataVersion: snapshot.dataVersion,
    generatedAt: snapshot.generatedAt,
    changelogMarkdown: texts.markdown,
    changelogJson: texts.json,
    licence: readFileSync(join(opts.sourcesDir, LICENSE_FILE)),
  });
  mkdirSync(opts.outDir, { recursive: true });
  const path = join(opts.outDir, release.fileName);
  const write = (file: string, data: string | Buffer) => {
    writeFileSync(`${file}.tmp-${process.pid}`, data);
    renameSync(`${file}.tmp-${process.pid}`, file);
  };
  write(path, release.bytes);
  write(`${path}.sha256`, `${release.sha256}  ${release.fileName}\n`);
  return { ...release, path };
}

function parse(argv: readonly string[], flags: readonly string[], switches: readonly string[] = []) {
  const values: Record<string, string> = {};
  const on = new Set<string>();
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (switches.includes(a)) on.add(a);
    else if (flags.includes(a) && argv[i + 1] !== undefined) values[a] = argv[++i];
    else if (a.startsWith('--')) throw new Error(`unknown or incomplete option ${a}`);
    else positional.push(a);
  }
  return { values, on, positional };
}

/** `root`: where relative paths start (npm sets INIT_CWD to the directory `npm run` was called from). */
export function runCli(argv: readonly string[], root = process.env.INIT_CWD ?? process.cwd()): number {
  const [command, ...rest] = argv;
  try {
    if (command === 'release') {
      const { values, positional } = parse(rest, ['--since', '--dist', '--sources', '--out']);
      if (positional.length) throw new Error(`unexpected argument ${positional[0]}`);
      const r = writeRelease({
        distDir: resolve(root, values['--dist'] ?? 'dist'),
        sourcesDir: resolve(root, values['--sources'] ?? 'sources'),
        outDir: resolve(root, values['--out'] ?? 'releases'),
        since: values['--since'] === undefined ? undefined : resolve(root, values['--since']),
      });
      console.log(`${r.path}\n${r.bytes.length} bytes, ${r.files.size} files\nsha256 ${r.sha256}`);
      return 0;
    }
    if (command === 'changelog') {
      const { on, positional } = parse(rest, [], ['--json']);
      if (positional.length !== 2) throw new Error('usage: changelog OLDER NEWER [--json]');
      const texts = changelogBetween(resolve(root, positional[0]), resolve(root, positional[1]));
      process.stdout.write(on.has('--json') ? texts.json : texts.markdown);
      return 0;
    }
    throw new Error('usage: release [--since OLD] [--dist DIR] [--sources DIR] [--out DIR] | changelog OLDER NEWER [--json]');
  } catch (e) {
    console.error(`${command ?? 'release'} failed: ${(e as Error).message}`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = runCli(process.argv.slice(2));
}
