/**
 * Start-up reads the catalog and the manifest only (runtime/data/load.ts): the shipped server
 * (node dist/server.mjs, as `npm start` runs it) on a DIST_DIR whose route matrices and paths cannot be read
 * at all starts, serves buildings and places, answers routes 503 campus_unavailable with Retry-After, and
 * logs why once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAll } from '../../build/build-all.ts';
import { cleanupTempDirs, copySources, tempDir } from '../build/helpers.ts';
import { ROOT } from '../bench/lib/proc.ts';

let proc: ChildProcess | undefined;
let out = '';
let base = '';

beforeAll(async () => {
  const dist = path.join(tempDir('campus-lazy-start-'), 'dist');
  const { versionDir } = buildAll({ sourcesDir: copySources(), outDir: dist });
  for (const dir of ['routes', 'paths']) {
    for (const f of readdirSync(path.join(versionDir, dir))) {
      rmSync(path.join(versionDir, dir, f));
      mkdirSync(path.join(versionDir, dir, f)); // a directory where the file was: every read fails (EISDIR), even as root
    }
  }
  proc = spawn(process.execPath, [path.join(ROOT, 'dist/server.mjs')], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_REQUESTS: '0', WORKERS: '', DIST_DIR: dist },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout!.on('data', (c: Buffer) => (out += c.toString('utf8')));
  proc.stderr!.on('data', (c: Buffer) => (out += c.toString('utf8')));
  base = await new Promise<string>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`not listening:\n${out}`)), 20_000);
    const check = () => {
      const line = out.split('\n').find((l) => l.includes('"msg":"listening"'));
      if (line) {
        clearTimeout(t);
        resolve(JSON.parse(line).url.replace('0.0.0.0', '127.0.0.1'));
      }
    };
    proc!.stdout!.on('data', check);
    proc!.once('exit', (code) => reject(new Error(`exited ${code}:\n${out}`)));
  });
});
afterAll(() => {
  proc?.kill('SIGTERM');
  cleanupTempDirs();
});

describe('a DIST_DIR whose matrices cannot be read', () => {
  it('starts and serves buildings and places', async () => {
    for (const p of ['/v1/buildings/AAA?campus=alpha', '/v1/buildings?campus=beta', '/v1/places/beta-library', '/v1/campuses/alpha/map']) {
      const r = await fetch(base + p);
      expect(r.status, p).toBe(200);
    }
  });

  it('answers routes on those campuses 503 with Retry-After, and logs why once', async () => {
    for (let i = 0; i < 3; i++) {
      const r = await fetch(`${base}/v1/routes`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ campus: 'alpha', from: 'AAA', to: 'BBB' }),
      });
      expect(r.status).toBe(503);
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect((await r.json()).error.code).toBe('campus_unavailable');
    }
    const lines = out.split('\n').filter((l) => l.includes('"msg":"campus unavailable"')).map((l) => JSON.parse(l));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'error', campus: 'alpha', part: 'routes' });
    expect(lines[0].reason).toMatch(/EISDIR/);
  });
});
