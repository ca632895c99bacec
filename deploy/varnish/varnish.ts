/**
 * Runs varnishd (Debian's varnish package) with deploy/varnish/default.vcl in front of an API port:
 * a private work directory (-n) under a temp dir, no privilege separation jail (-j none: works as root
 * and as a normal user), in-memory storage, listening on a loopback port (0 = any free port).
 * Used by `npm run cdn` (deploy/varnish/cdn.ts) and the integration test (test/ops/varnish.test.ts).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEFAULT_VCL = join(dirname(fileURLToPath(import.meta.url)), 'default.vcl');

/** Path of varnishd, or null when it is not installed (Debian installs it in /usr/sbin). */
export function varnishdPath(): string | null {
  for (const dir of (process.env.PATH ?? '').split(':').concat(['/usr/sbin', '/usr/local/sbin'])) {
    if (dir && existsSync(join(dir, 'varnishd'))) return join(dir, 'varnishd');
  }
  return null;
}

export interface VarnishOptions {
  /** Port of the API on 127.0.0.1. */
  backendPort: number;
  /** Listen address (default 127.0.0.1:0, any free port). */
  listen?: string;
  /** VCL appended to default.vcl (same-name subroutines run after the file's own). */
  extraVcl?: string;
  /** Cache storage (default malloc,64m). */
  storage?: string;
}

export interface RunningVarnish {
  url: string;
  port: number;
  proc: ChildProcess;
  workDir: string;
  /** varnishd's own output so far. */
  log(): string;
  stop(): Promise<void>;
}

/** default.vcl with the backend pointed at `port`, plus `extra`. */
export function vclFor(port: number, extra = ''): string {
  const vcl = readFileSync(DEFAULT_VCL, 'utf8');
  const out = vcl.replace(/\.port = "\d+";/, `.port = "${port}";`);
  if (out === vcl && !vcl.includes(`.port = "${port}";`)) throw new Error('default.vcl: backend .port not found');
  return out + (extra ? `\n${extra}\n` : '');
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

export async function startVarnish(opts: VarnishOptions): Promise<RunningVarnish> {
  const varnishd = varnishdPath();
  if (!varnishd) throw new Error('varnishd is not installed (apt-get install varnish)');
  const workDir = mkdtempSync(join(tmpdir(), 'campus-varnish-'));
  const vclFile = join(workDir, 'default.vcl');
  writeFileSync(vclFile, vclFor(opts.backendPort, opts.extraVcl));
  const name = join(workDir, 'n');
  const proc = spawn(varnishd, ['-F', '-j', 'none', '-n', name, '-a', opts.listen ?? '127.0.0.1:0', '-f', vclFile, '-s', opts.storage ?? 'malloc,64m'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout!.on('data', (c: Buffer) => (output += c.toString('utf8')));
  proc.stderr!.on('data', (c: Buffer) => (output += c.toString('utf8')));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const varnishadm = join(dirname(varnishd), '..', 'bin', 'varnishadm');
  const adm = existsSync(varnishadm) ? varnishadm : 'varnishadm';
  const stop = async () => {
    if (proc.exitCode === null && proc.signalCode === null) {
      proc.kill('SIGTERM');
      const t = setTimeout(() => proc.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(t);
    }
    rmSync(workDir, { recursive: true, force: true });
  };
  // Ready once the child listens: the management CLI reports the address ("a0 127.0.0.1 41234").
  for (let i = 0; i < 150; i++) {
    if (proc.exitCode !== null) break;
    try {
      const out = execFileSync(adm, ['-n', name, 'debug.listen_address'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
      const m = /(\S+) (\d+)\s*$/m.exec(out.trim());
      if (m) {
        const port = Number(m[2]);
        return { url: `http://127.0.0.1:${port}`, port, proc, workDir, log: () => output, stop };
      }
    } catch {
      /* not up yet */
    }
    await sleep(100);
  }
  await stop();
  throw new Error(`varnishd did not start:\n${output}`);
}
