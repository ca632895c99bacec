/**
 * Zero-downtime reload under load: a real server process (runtime/main.ts, as `npm start` runs it) on a
 * temporary dist/ built from the mini fixture, continuous mixed requests, then a new data version is
 * published and SIGHUP sent. No request fails; responses switch from the old dataVersion to the new one
 * and none that starts after the switch carries the old one. A corrupted version is refused, logged, and
 * the old one keeps serving — again with zero failed requests. Alone and with WORKERS=2.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildAll } from '../../build/build-all.ts';
import { cleanupTempDirs, copySources, editJson, REPO, tempDir } from '../build/helpers.ts';

interface Outcome {
  status: string;
  from: string;
  to: string;
  reason?: string;
}

interface Server {
  proc: ChildProcess;
  base: string;
  output: () => string;
  /** Resolves with the next {type: 'reloaded'} message (the primary's summary with WORKERS > 1). */
  nextReload: () => Promise<Outcome>;
}

async function startServer(distDir: string, workers: number): Promise<Server> {
  let output = '';
  const proc = fork(join(REPO, 'runtime', 'main.ts'), [], {
    cwd: REPO,
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DIST_DIR: distDir, WORKERS: String(workers), LOG_REQUESTS: '0' },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  proc.stdout!.on('data', (c: Buffer) => (output += c));
  proc.stderr!.on('data', (c: Buffer) => (output += c));
  const url = await new Promise<string>((resolve, reject) => {
    proc.on('message', (m: any) => m?.type === 'listening' && resolve(m.url));
    proc.once('exit', (code) => reject(new Error(`server exited ${code}:\n${output}`)));
  });
  return {
    proc,
    base: url.replace('0.0.0.0', '127.0.0.1'),
    output: () => output,
    nextReload: () => new Promise((resolve) => {
      const on = (m: any) => {
        if (m?.type !== 'reloaded') return;
        proc.off('message', on);
        resolve(m);
      };
      proc.on('message', on);
    }),
  };
}

/** One request of the mix: its data version, or a failure description. */
const MIX: [string, RequestInit?][] = [
  ['/v1'],
  ['/v1/buildings?campus=alpha'],
  ['/v1/buildings/AAA?campus=alpha'],
  ['/v1/places?campus=alpha'],
  ['/v1/campuses/alpha'],
  ['/v1/routes', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ from: 'AAA', to: 'BBB' }) }],
  ['/v1/datasets'],
];

interface Sample {
  version?: string;
  failure?: string;
  /**
   * The switch had been seen when this request started: alone, the first response carrying the new
   * version (one process swaps one reference); with workers, the primary's answer that every worker has
   * reloaded (during the rollout, workers still on the old version answer too).
   */
  afterSwitch: boolean;
}

/** Drives `concurrency` request loops until stop() and collects every response. */
function drive(base: string, newVersion: string, switchOnFirstNew: boolean, concurrency = 4) {
  const samples: Sample[] = [];
  let stopped = false;
  let switched = false;
  let n = 0;
  const loop = async () => {
    while (!stopped) {
      const [path, init] = MIX[n++ % MIX.length];
      const afterSwitch = switched;
      try {
        const r = await fetch(base + path, init);
        const body = await r.json();
        if (r.status !== 200) samples.push({ failure: `${path}: ${r.status} ${JSON.stringify(body)}`, afterSwitch });
        else {
          samples.push({ version: body.meta.dataVersion, afterSwitch });
          if (switchOnFirstNew && body.meta.dataVersion === newVersion) switched = true;
        }
      } catch (e) {
        samples.push({ failure: `${path}: ${(e as Error).message}`, afterSwitch });
      }
    }
  };
  const loops = Array.from({ length: concurrency }, loop);
  return {
    samples,
    count: () => samples.length,
    markSwitched: () => (switched = true),
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
      return samples;
    },
  };
}

const until = async (cond: () => boolean) => {
  while (!cond()) await new Promise((r) => setTimeout(r, 5));
};

let dist: string;
let versions: string[];

/** Publishes another version of the fixture into `dist` (current.json then names it). */
function publish(edit: (sourcesDir: string) => void): string {
  const sources = copySources();
  edit(sources);
  return buildAll({ sourcesDir: sources, outDir: dist }).dataVersion;
}

beforeAll(() => {
  dist = join(tempDir('campus-reload-'), 'dist');
  versions = [publish(() => undefined)];
});
afterAll(cleanupTempDirs);

const rename = (name: string) => (dir: string) =>
  editJson(join(dir, 'campuses', 'alpha.json'), (d) => {
    d.buildings.find((b: any) => b.code === 'BBB').name = name;
  });

describe.each([1, 2])('SIGHUP reload under load (WORKERS=%i)', (workers) => {
  let srv: Server;
  beforeAll(async () => {
    // Each suite starts from a fresh version of its own.
    versions.push(publish(rename(`Beta Hall ${workers}`)));
    srv = await startServer(dist, workers);
  });
  afterAll(async () => {
    srv?.proc.kill('SIGTERM');
    await new Promise((r) => srv?.proc.once('exit', r));
  });

  it('switches to the new version with zero failed requests; none after the switch is old', async () => {
    const old = versions.at(-1)!;
    const next = publish(rename(`Beta Centre ${workers}`));
    expect(next).not.toBe(old);
    const oldEtag = (await fetch(`${srv.base}/v1/buildings?campus=alpha`)).headers.get('etag')!;
    const load = drive(srv.base, next, workers === 1);
    await until(() => load.count() >= 100);
    const before = load.count();
    const reloaded = srv.nextReload();
    srv.proc.kill('SIGHUP');
    const outcome = await reloaded;
    load.markSwitched();
    const atSwitch = load.count();
    await until(() => load.count() >= atSwitch + 100);
    const samples = await load.stop();

    console.log(`reload WORKERS=${workers}: ${samples.length} requests (${before} before SIGHUP, ${samples.length - atSwitch} after the reload answer), ` +
      `${samples.filter((s) => s.failure).length} failed, ${samples.filter((s) => s.version === old).length} old / ${samples.filter((s) => s.version === next).length} new`);
    expect(outcome).toMatchObject({ status: 'reloaded', to: next });
    expect(samples.filter((s) => s.failure).map((s) => s.failure)).toEqual([]);
    expect(new Set(samples.map((s) => s.version))).toEqual(new Set([old, next]));
    expect(samples.filter((s) => s.afterSwitch && s.version !== next)).toEqual([]);
    const root = await (await fetch(`${srv.base}/v1`)).json();
    expect(root.data.dataVersion).toBe(next);
    // ETags follow the data version: the old one no longer revalidates.
    const revalidated = await fetch(`${srv.base}/v1/buildings?campus=alpha`, { headers: { 'if-none-match': oldEtag } });
    expect(revalidated.status).toBe(200);
    expect(revalidated.headers.get('etag')).not.toBe(oldEtag);
    const building = await (await fetch(`${srv.base}/v1/buildings/BBB?campus=alpha`)).json();
    expect(building.data.name).toBe(`Beta Centre ${workers}`);
    // The new version is in service and downloadable; the old one is still held.
    const held = (await (await fetch(`${srv.base}/v1/datasets`)).json()).data;
    expect(held.filter((v: any) => v.inService).map((v: any) => v.dataVersion)).toEqual([next]);
    expect(held.map((v: any) => v.dataVersion)).toContain(old);
    versions.push(next);
  });

  it('refuses a corrupted version, logs why, and keeps serving the old one with zero failed requests', async () => {
    const serving = versions.at(-1)!;
    const bad = publish(rename(`Broken ${workers}`));
    const matrix = join(dist, bad, 'routes', 'alpha.bin');
    const bytes = readFileSync(matrix);
    bytes[bytes.length - 1] ^= 0xff;
    writeFileSync(matrix, bytes);

    const load = drive(srv.base, bad, false);
    await until(() => load.count() >= 50);
    const reloaded = srv.nextReload();
    srv.proc.kill('SIGHUP');
    const outcome = await reloaded;
    const atAnswer = load.count();
    await until(() => load.count() >= atAnswer + 50);
    const samples = await load.stop();

    console.log(`refused reload WORKERS=${workers}: ${samples.length} requests, ${samples.filter((s) => s.failure).length} failed, ` +
      `${samples.filter((s) => s.version === serving).length} on ${serving}`);
    expect(outcome.status).toBe('refused');
    expect(outcome.reason).toMatch(/routes\/alpha\.bin: sha256 differs from the manifest/);
    expect(samples.filter((s) => s.failure).map((s) => s.failure)).toEqual([]);
    expect(samples.every((s) => s.version === serving)).toBe(true);
    await until(() => srv.output().includes('"data reload refused"'));
    expect(srv.output()).toContain(bad);
    if (workers === 1) return;

    // A worker that replaces a crashed one starts on the version in service, not the refused one current.json names.
    const listening = () => srv.output().split('\n').slice(0, -1).filter((l) => l.includes('"msg":"listening"') && l.includes('"dataVersion"')).map((l) => JSON.parse(l));
    const before = listening().length;
    process.kill(listening()[0].pid, 'SIGKILL');
    await until(() => listening().length > before);
    expect(listening().at(-1).dataVersion).toBe(serving);
    const load2 = drive(srv.base, bad, false);
    await until(() => load2.count() >= 50);
    const after = await load2.stop();
    expect(after.filter((x) => x.failure).map((x) => x.failure)).toEqual([]);
    expect(after.every((x) => x.version === serving)).toBe(true);
  });
});
