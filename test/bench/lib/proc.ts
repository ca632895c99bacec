/** Child processes for harnesses: forked (TypeScript via tsx, or the bundled server), IPC for readiness, RSS from /proc. */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface Child<M = Record<string, unknown>> {
  proc: ChildProcess;
  pid: number;
  ready: M;
  spawnedAt: number;
}

interface ForkOptions {
  env?: NodeJS.ProcessEnv;
  args?: string[];
  /** Where the child's stdout goes (a number: an open file descriptor, e.g. a log file). */
  stdout?: 'ignore' | 'pipe' | 'inherit' | number;
  timeoutMs?: number;
}

/** Make dist/ current (data artifacts and the server bundle), as `npm start` and `npm test` do; what it prints goes to stderr when `quietStdout`. */
export function ensureBuilt(quietStdout = false): void {
  execFileSync(process.execPath, ['--import', 'tsx', 'build/tools/ensure.ts'], { cwd: ROOT, stdio: ['ignore', quietStdout ? 2 : 'inherit', 'inherit'] });
}

/**
 * The API as production runs it (`npm start` → node dist/server.mjs, built by build/tools/ensure), on
 * 127.0.0.1; PORT defaults to an ephemeral one. Ready when it reports {type:'listening', url}.
 */
export function startApiProcess(env: NodeJS.ProcessEnv = {}, stdout?: ForkOptions['stdout']): Promise<Child<{ url: string }>> {
  return forkScript('dist/server.mjs', [], { env: { PORT: '0', HOST: '127.0.0.1', ...env }, stdout });
}

/** Fork a TypeScript script (run with tsx) and wait for its first IPC message. */
export function forkTs<M = Record<string, unknown>>(script: string, opts: ForkOptions = {}): Promise<Child<M>> {
  return forkScript(script, ['--import', 'tsx'], opts);
}

/** Fork a JavaScript file with plain node and wait for its first IPC message. */
export function forkScript<M = Record<string, unknown>>(script: string, execArgv: string[], opts: ForkOptions): Promise<Child<M>> {
  const spawnedAt = performance.now();
  const proc = fork(path.resolve(ROOT, script), opts.args ?? [], {
    cwd: ROOT,
    execArgv,
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', opts.stdout ?? 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`${script} did not become ready`));
    }, opts.timeoutMs ?? 60_000);
    proc.once('message', (m) => {
      clearTimeout(timer);
      resolve({ proc, pid: proc.pid!, ready: m as M, spawnedAt });
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code} before ready`));
    });
  });
}

export function stopChild(c: { proc: ChildProcess }, signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 5000): Promise<number | null> {
  return new Promise((resolve) => {
    if (c.proc.exitCode !== null || c.proc.signalCode !== null) return resolve(c.proc.exitCode);
    const t = setTimeout(() => c.proc.kill('SIGKILL'), timeoutMs);
    c.proc.once('exit', (code) => {
      clearTimeout(t);
      resolve(code);
    });
    c.proc.kill(signal);
  });
}

/** Resident set size of a process in MB (Linux). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const m = /VmRSS:\s+(\d+)\s+kB/.exec(status);
  return m ? Number(m[1]) / 1024 : NaN;
}

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ; 100 on Linux unless configured otherwise). */
let clockTicks: number | undefined;
function ticksPerSecond(): number {
  if (clockTicks === undefined) {
    try {
      clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

/** CPU time (user + system) a process has used so far, in microseconds (Linux, 10 ms resolution). */
export function cpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after "(comm)": state is field 3, utime 14, stime 15 (1-based) → indexes 11 and 12 here.
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1e6) / ticksPerSecond();
}

/**
 * Cross-CPU wake-ups so far, summed over CPUs: the function-call and rescheduling interrupts of
 * /proc/interrupts (Linux; NaN elsewhere). On loopback a response whose reader is asleep wakes it on the
 * other CPU with one; how many a request costs tells which scheduling regime a round ran in (docs/performance.md).
 */
export function wakeupInterrupts(): number {
  try {
    let total = 0;
    for (const line of readFileSync('/proc/interrupts', 'utf8').split('\n')) {
      const m = /^\s*(?:CAL|RES):((?:\s+\d+)+)/.exec(line);
      if (m) for (const v of m[1]!.trim().split(/\s+/)) total += Number(v);
    }
    return total;
  } catch {
    return NaN;
  }
}

/** A process and its direct children (cluster primary + workers, varnishd manager + cache child). */
export function processTree(pid: number): number[] {
  try {
    return [pid, ...readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)];
  } catch {
    return [pid];
  }
}

/** Sum of RSS of a process and its direct children (cluster primary + workers). */
export function treeRssMb(pid: number): number {
  let total = rssMb(pid);
  try {
    const kids = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    for (const k of kids) total += rssMb(Number(k));
  } catch {
    /* no children file */
  }
  return total;
}
