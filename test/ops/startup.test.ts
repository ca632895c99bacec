/**
 * A server that cannot start exits non-zero with one JSON line naming the setting to fix — never a
 * stack trace, never exit 0. Runs the shipped bundle (node dist/server.mjs) as `npm start` does.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../bench/lib/proc.ts';

function run(env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [path.join(ROOT, 'dist/server.mjs')], {
      cwd: ROOT,
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_REQUESTS: '1', WORKERS: '', DIST_DIR: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    p.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    p.stderr.on('data', (c: Buffer) => (out += c.toString('utf8')));
    const t = setTimeout(() => p.kill('SIGKILL'), 15_000);
    p.on('exit', (code) => {
      clearTimeout(t);
      resolve({ code, out });
    });
  });
}

const tmp = mkdtempSync(path.join(tmpdir(), 'campus-startup-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function busyPort(): Promise<{ port: number; close: () => void }> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return { port: (s.address() as net.AddressInfo).port, close: () => s.close() };
}

describe('start-up failures', () => {
  const cases: [string, () => Promise<NodeJS.ProcessEnv>, string][] = [
    ['PORT=abc', async () => ({ PORT: 'abc' }), 'PORT'],
    ['PORT=70000', async () => ({ PORT: '70000' }), 'PORT'],
    ['a bad HOST', async () => ({ HOST: 'no-such-host.invalid' }), 'HOST'],
    ['a HOST that is not on this machine', async () => ({ HOST: '192.0.2.1' }), 'HOST'],
    ['a missing DIST_DIR', async () => ({ DIST_DIR: path.join(tmp, 'missing') }), 'DIST_DIR'],
    ['a corrupt DIST_DIR', async () => {
      writeFileSync(path.join(tmp, 'current.json'), '{"dataVersion": tru');
      return { DIST_DIR: tmp };
    }, 'DIST_DIR'],
    ['WORKERS=0', async () => ({ WORKERS: '0' }), 'WORKERS'],
    ['CAMPUS_CACHE_MB=0', async () => ({ CAMPUS_CACHE_MB: '0' }), 'CAMPUS_CACHE_MB'],
    ['PORT=abc under WORKERS=2', async () => ({ PORT: 'abc', WORKERS: '2' }), 'PORT'],
  ];
  for (const [name, env, setting] of cases) {
    it(`${name} → exit non-zero, one JSON line naming ${setting}, no stack trace`, async () => {
      const { code, out } = await run(await env());
      expect(code).not.toBe(0);
      expect(code).not.toBeNull();
      const lines = out.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'error', msg: 'cannot start', setting });
      expect(out).not.toMatch(/\n\s+at |stack/);
    });
  }

  it('a PORT already in use → exit non-zero naming PORT', async () => {
    const busy = await busyPort();
    try {
      const { code, out } = await run({ PORT: String(busy.port) });
      expect(code).not.toBe(0);
      const lines = out.trim().split('\n');
      expect(lines).toHaveLength(1);
      const line = JSON.parse(lines[0]!) as { setting: string; reason: string };
      expect(line).toMatchObject({ setting: 'PORT', msg: 'cannot start' });
      expect(line.reason).toContain('in use');
      expect(out).not.toMatch(/\n\s+at |stack/);
    } finally {
      busy.close();
    }
  });
});
