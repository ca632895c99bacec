/** Starts the ops fixture server in a child process and collects its output. */
import { fork, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from '../bench/lib/proc.ts';

export interface Fixture {
  proc: ChildProcess;
  url: string;
  port: number;
  /** stdout and stderr, interleaved (stdout to a file: the file, then stderr). */
  out: () => string;
  /** stderr alone. */
  err: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>;
  kill: (signal?: NodeJS.Signals) => void;
}

/** Where the server's stdout goes: a pipe read by the test, or a file (as `npm start > file`; the logger writes files synchronously). */
export type StdoutKind = 'pipe' | 'file';
export const STDOUT_KINDS: readonly StdoutKind[] = ['pipe', 'file'];

export async function startFixture(env: NodeJS.ProcessEnv = {}, stdout: StdoutKind = 'pipe'): Promise<Fixture> {
  let output = '';
  let errors = '';
  const file = stdout === 'file' ? path.join(mkdtempSync(path.join(tmpdir(), 'campus-ops-')), 'stdout.log') : null;
  const fd = file === null ? null : openSync(file, 'a');
  const proc = fork(path.join(ROOT, 'test/ops/fixtures/server.ts'), [], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, PORT: '0', ...env },
    stdio: ['ignore', fd ?? 'pipe', 'pipe', 'ipc'],
  });
  if (fd !== null) closeSync(fd);
  proc.stdout?.on('data', (c: Buffer) => (output += c.toString('utf8')));
  proc.stderr!.on('data', (c: Buffer) => {
    output += c.toString('utf8');
    errors += c.toString('utf8');
  });
  let killedAt = 0;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal, ms: killedAt ? performance.now() - killedAt : NaN })),
  );
  const ready = await new Promise<{ url: string }>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('fixture not ready:\n' + output)), 30_000);
    proc.once('message', (m) => {
      clearTimeout(t);
      resolve(m as { url: string });
    });
    proc.once('exit', (code) => {
      clearTimeout(t);
      reject(new Error(`fixture exited ${code}:\n${output}`));
    });
  });
  const port = Number(new URL(ready.url).port);
  return {
    proc,
    url: ready.url,
    port,
    out: () => (file === null ? output : readFileSync(file, 'utf8') + errors),
    err: () => errors,
    exited,
    kill: (signal: NodeJS.Signals = 'SIGTERM') => {
      killedAt = performance.now();
      proc.kill(signal);
    },
  };
}

export async function stopFixture(f: Fixture | undefined): Promise<void> {
  if (!f || f.proc.exitCode !== null || f.proc.signalCode !== null) return;
  const t = setTimeout(() => f.proc.kill('SIGKILL'), 5000);
  f.kill('SIGTERM');
  await f.exited;
  clearTimeout(t);
}

/** Opens a socket and resolves once connected. */
export function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const s = net.connect({ host: '127.0.0.1', port }, () => resolve(s));
    s.once('error', reject);
  });
}

/** Reads from a socket until it closes or `ms` pass; returns what arrived and whether it closed. */
export function readUntilClose(s: net.Socket, ms: number): Promise<{ data: string; closed: boolean }> {
  return new Promise((resolve) => {
    let data = '';
    const t = setTimeout(() => resolve({ data, closed: false }), ms);
    s.on('data', (c: Buffer) => (data += c.toString('utf8')));
    s.once('close', () => {
      clearTimeout(t);
      resolve({ data, closed: true });
    });
    s.on('error', () => undefined);
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

