/**
 * The served OpenAPI document passes an independent linter: `redocly lint` with its recommended rules
 * reports no error and no warning (e.g. every operation of a templated path declares its path parameter).
 * Runs the CLI installed as a devDependency (a bundled package: nothing is downloaded at run time).
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

describe('OpenAPI document lint', () => {
  const t = useServer();

  it('redocly lint (recommended rules): 0 errors, 0 warnings', async () => {
    const doc = (await call(t.base, '/v1/openapi.json')).text;
    const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, doc);
      const cli = join(ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
      const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
      // Exit code 1 when problems are found: read the report either way.
      const out = await run(process.execPath, [cli, 'lint', file, '--extends', 'recommended', '--format', 'json'], { env, cwd: dir, maxBuffer: 64 << 20 })
        .catch((e: { stdout?: string; stderr?: string }) => ({ stdout: e.stdout ?? '', stderr: e.stderr ?? '' }));
      const report = JSON.parse(out.stdout) as { totals: { errors: number; warnings: number }; problems: Problem[] };
      const problems = report.problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`);
      expect(problems).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
