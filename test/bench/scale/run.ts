/**
 * npm run bench:scale -- --campuses N [--out DIR] [--seed S] [--cache-mb M] [--warm-seconds S]
 * npm run bench:scale -- --real [--out DIR]          (the 15 real campuses of sources/)
 * (`npm run -s bench:scale …` leaves npm's own banner out of stdout.)
 *
 * Issue 25: does a host grow with the number of campuses? Writes N synthetic campuses (generate.ts: sizes
 * drawn from the real campuses) as valid sources to DIR/sources, builds them with the real build into
 * DIR/dist (a full build, then an incremental one after one campus changed), and measures the server as
 * shipped on it (measure.ts). Prints one JSON line on stdout (progress on stderr). DIR defaults to
 * <tmpdir>/campus-scale-<N>-<seed>; it is left in place (1,500 campuses: ~7 GB).
 * Synthetic data is a benchmark input only: it never goes to sources/ or into a release.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CURRENT_FILE, MANIFEST_FILE } from '../../../runtime/contract/index.ts';
import { ensureBuilt, ROOT } from '../lib/proc.ts';
import { writeSyntheticSources, type PlannedCampus } from './generate.ts';
import { realProfiles } from './profiles.ts';
import { campusesOf, startup, touchAll, warm } from './measure.ts';

const { values: args } = parseArgs({
  options: {
    campuses: { type: 'string' },
    real: { type: 'boolean', default: false },
    out: { type: 'string' },
    seed: { type: 'string', default: '1' },
    'cache-mb': { type: 'string' },
    'warm-seconds': { type: 'string', default: '5' },
  },
});
const say = (s: string) => process.stderr.write(`[bench:scale] ${s}\n`);
const real = args.real!;
const n = real ? undefined : Number(args.campuses);
if (!real && !(Number.isInteger(n) && n! >= 2)) {
  say('usage: npm run bench:scale -- --campuses N [--out DIR] [--seed S]   or   --real');
  process.exit(2);
}
const seed = Number(args.seed);
const out = path.resolve(args.out ?? path.join(tmpdir(), `campus-scale-${real ? 'real' : n}-${seed}`));
const sourcesDir = path.join(out, 'sources');
const distDir = path.join(out, 'dist');
const env: NodeJS.ProcessEnv = args['cache-mb'] ? { CAMPUS_CACHE_MB: args['cache-mb'] } : {};

/** Runs the real build in a child process: wall seconds and peak RSS (VmHWM, polled). */
function build(extra: string[] = []): Promise<{ seconds: number; peakRssMb: number; summary: string }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', 'build/main.ts', '--sources', sourcesDir, '--out', distDir, ...extra], {
      cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'],
    });
    let text = '';
    let peak = 0;
    child.stdout.on('data', (c: Buffer) => (text += c.toString('utf8')));
    const poll = setInterval(() => {
      try {
        const m = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (m) peak = Math.max(peak, Number(m[1]) / 1024);
      } catch {
        /* exited */
      }
    }, 200);
    child.on('exit', (code) => {
      clearInterval(poll);
      if (code !== 0) reject(new Error(`build failed (${code})`));
      else resolve({ seconds: Number(((performance.now() - t0) / 1000).toFixed(1)), peakRssMb: Math.round(peak), summary: text.trim().split('\n').at(-1) ?? '' });
    });
  });
}

function distBytes(): number {
  const version = JSON.parse(readFileSync(path.join(distDir, CURRENT_FILE), 'utf8')).dataVersion as string;
  const manifest = readFileSync(path.join(distDir, version, MANIFEST_FILE));
  const files = JSON.parse(manifest.toString('utf8')).files as Record<string, { bytes: number }>;
  return Object.values(files).reduce((s, f) => s + f.bytes, manifest.length);
}

ensureBuilt(true); // stdout carries the one JSON line
let plan: PlannedCampus[] = [];
// DIR is this tool's own: refuse a non-empty directory it did not make, then start from an empty one.
const MARKER = path.join(out, '.bench-scale');
if (existsSync(out) && readdirSync(out).length > 0 && !existsSync(MARKER)) {
  say(`${out} is not empty and was not made by bench:scale; choose another --out`);
  process.exit(2);
}
for (const d of [sourcesDir, distDir]) rmSync(d, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
writeFileSync(MARKER, 'made by npm run bench:scale\n');
if (real) {
  say(`copying sources/ to ${sourcesDir}`);
  cpSync(path.join(ROOT, 'sources'), sourcesDir, { recursive: true });
} else {
  say(`writing ${n} synthetic campuses (seed ${seed}) to ${sourcesDir}`);
  plan = writeSyntheticSources(sourcesDir, n!, seed, realProfiles(path.join(ROOT, 'sources')), path.join(ROOT, 'sources', 'schemas'));
}
say('full build');
const full = await build(['--quiet', '--full']);
say(`  ${full.seconds} s, peak RSS ${full.peakRssMb} MB`);
let rebuild: Awaited<ReturnType<typeof build>> | undefined;
if (!real) {
  // One campus changes (a building renamed): the next build compiles it alone and copies the others.
  const changed = plan[plan.length >> 1]!;
  const file = `campuses/${changed.id}.json`;
  const text = readFileSync(path.join(sourcesDir, file), 'utf8').replace('"name": "', '"name": "Renamed ');
  writeFileSync(path.join(sourcesDir, file), text);
  say(`incremental build after one campus (${changed.id}) changed`);
  rebuild = await build();
  say(`  ${rebuild.seconds} s: ${rebuild.summary}`);
}
const campuses = campusesOf(distDir);
say(`start-up (3 spawns) on ${campuses.length} campuses`);
const start = await startup(distDir, env);
say(`  ${start.all.join(' / ')} ms`);
say('touching every campus (cold first requests, RSS)');
const touch = await touchAll(distDir, env, campuses, seed);
say(`  cold building p50 ${touch.coldBuilding.p50} ms, cold route p50 ${touch.coldRoute.p50} ms; RSS ${touch.rssAfter50Mb} / ${touch.rssAfterAllMb} MB`);
say('warm campus (autocannon, 50 connections)');
const hot = await warm(distDir, env, campuses, Number(args['warm-seconds']));

const result = {
  date: new Date().toISOString(),
  machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}`,
  campuses: campuses.length,
  buildings: campuses.reduce((s, c) => s + c.codes.length, 0),
  seed: real ? null : seed,
  real,
  cacheMb: Number(args['cache-mb'] ?? 0) || 'default',
  buildSeconds: full.seconds,
  buildPeakRssMb: full.peakRssMb,
  rebuildOneCampusSeconds: rebuild?.seconds ?? null,
  distBytes: distBytes(),
  startupMs: start.ms,
  startupAllMs: start.all,
  rssAfterStartMb: start.rssMb,
  ...touch,
  warm: hot,
  out,
};
process.stdout.write(JSON.stringify(result) + '\n');
