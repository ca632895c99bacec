/**
 * The served OpenAPI document passes two independent linters, each run as the CLI installed as a devDependency
 * (nothing is downloaded at run time): `redocly lint` with its recommended rules reports no error and no warning
 * (e.g. every operation of a templated path declares its path parameter); Stoplight Spectral's `spectral:oas`
 * ruleset reports no error (it also checks every example against its schema) and, as its only warning,
 * `info-contact`: the project publishes no contact address, and the document does not invent one.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { call, ROOT, useServer } from './helpers.ts';

const run = promisify(execFile);

interface Problem {
  ruleId: string;
  severity: string;
  message: string;
  location: { pointer: string }[];
}

interface SpectralResult {
  code: string;
  severity: number; // 0 error, 1 warning, 2 information, 3 hint
  message: string;
  path: string[];
}

/** Writes the served document to a fresh directory, runs `lint` on it there, removes the directory. */
async function withDocument<T>(base: string, lint: (dir: string, file: string) => Promise<T>): Promise<T> {
  const doc = (await call(base, '/v1/openapi.json')).text;
  const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
  try {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, doc);
    return await lint(dir, file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Exit code 1 when problems are found: read the report either way. */
const stdoutOf = (p: Promise<{ stdout: string }>) => p.then((r) => r.stdout, (e: { stdout?: string; stderr?: string }) => e.stdout || `${e.stderr}`);

describe('OpenAPI document lint', () => {
  const t = useServer();

  it('Spectral (spectral:oas): 0 errors; the one warning is info-contact', async () => {
    const results = await withDocument(t.base, async (dir, file) => {
      writeFileSync(join(dir, '.spectral.yaml'), 'extends: ["spectral:oas"]\n');
      const cli = join(ROOT, 'node_modules', '@stoplight', 'spectral-cli', 'dist', 'index.js');
      const env = { ...process.env, NO_COLOR: '1', SCARF_ANALYTICS: 'false' };
      const out = await stdoutOf(run(process.execPath, [cli, 'lint', file, '--ruleset', join(dir, '.spectral.yaml'), '--format', 'json', '--quiet'], { env, cwd: dir, maxBuffer: 64 << 20 }));
      return JSON.parse(out) as SpectralResult[];
    });
    const shown = (r: SpectralResult) => `${r.code}: ${r.message} (${r.path.join('.')})`;
    expect(results.filter((r) => r.severity === 0).map(shown)).toEqual([]);
    expect(results.filter((r) => r.severity === 1).map(shown)).toEqual(['info-contact: Info object must have "contact" object. (info)']);
  });

  it('redocly lint (recommended rules): 0 errors, 0 warnings', async () => {
    const report = await withDocument(t.base, async (dir, file) => {
      const cli = join(ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
      const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
      const out = await stdoutOf(run(process.execPath, [cli, 'lint', file, '--extends', 'recommended', '--format', 'json'], { env, cwd: dir, maxBuffer: 64 << 20 }));
      return JSON.parse(out) as { totals: { errors: number; warnings: number }; problems: Problem[] };
    });
    const problems = report.problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });
});
