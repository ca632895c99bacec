/**
 * The JS SDK as published: builds with its own tsconfig (ES2022 + DOM libs, no Node types: browser-safe),
 * emits ESM + .d.ts into sdk/js/dist, package.json `exports`/`types` point at the emitted files, and the built
 * module works against a live server. Versions stay in step with their single declarations.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROOT, useServer } from '../http/helpers.ts';

const t = useServer();
const JS = join(ROOT, 'sdk/js');
const pkg = JSON.parse(readFileSync(join(JS, 'package.json'), 'utf8'));

describe('JS SDK package', () => {
  it('builds into sdk/js/dist; exports and types resolve; the built client talks to the server', async () => {
    execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(JS, 'tsconfig.json')], { stdio: 'pipe' });
    const entry = pkg.exports['.'];
    for (const file of [entry.import, entry.types, pkg.types]) expect(existsSync(join(JS, file)), file).toBe(true);
    const sdk = await import(pathToFileURL(join(JS, entry.import)).href);
    const client = new sdk.CampusClient({ baseUrl: t.base });
    expect((await client.building('DV')).code).toBe('DV');
    expect(readFileSync(join(JS, entry.types), 'utf8')).toContain('CampusClient');
    expect(sdk.SDK_VERSION).toBe(pkg.version);
  }, 120_000);

  it('has zero runtime dependencies and its own version; the Python SDK declares its version once per file format', () => {
    expect(pkg.dependencies ?? {}).toEqual({});
    expect(pkg.type).toBe('module');
    const pyproject = readFileSync(join(ROOT, 'sdk/python/pyproject.toml'), 'utf8');
    const pyVersion = /^version = "([^"]+)"/m.exec(pyproject)?.[1];
    expect(readFileSync(join(ROOT, 'sdk/python/campus_data/_version.py'), 'utf8')).toContain(`__version__ = "${pyVersion}"`);
  });
});
