/** Runs Python from the SDK tests (python3, standard library only) with sdk/python on the import path. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../http/helpers.ts';

export const PY_DIR = join(ROOT, 'sdk/python');

export function python(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const proc = spawn('python3', args, {
      cwd: PY_DIR,
      env: { ...process.env, PYTHONPATH: PY_DIR, PYTHONDONTWRITEBYTECODE: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    proc.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    proc.stderr.on('data', (c: Buffer) => (out += c.toString('utf8')));
    proc.once('error', reject);
    proc.once('close', (code) => resolve({ code, out }));
  });
}
