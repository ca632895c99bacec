/**
 * Runs the Python SDK's unittest suite (`python3 -m unittest`, standard library only) against a live server
 * started here; its URL goes in CAMPUS_API_URL. A Python failure, error or skipped test fails `npm test`.
 */
import { describe, expect, it } from 'vitest';
import { useServer } from '../http/helpers.ts';
import { python } from './python.ts';

const t = useServer();

describe('Python SDK', () => {
  it('python3 -m unittest passes against the live server, nothing skipped', async () => {
    const r = await python(['-m', 'unittest', 'discover', '-v', '-s', 'tests', '-t', '.'], { CAMPUS_API_URL: t.base });
    const ran = /^Ran (\d+) tests? in [\d.]+s/m.exec(r.out);
    console.log(`python3 -m unittest: ${ran?.[0] ?? 'no summary'}`);
    expect(r.code, r.out).toBe(0);
    expect(r.out, r.out).toMatch(/^OK$/m); // "OK (skipped=N)" would mean the live tests did not run
    expect(Number(ran?.[1])).toBeGreaterThan(20);
  }, 120_000);

  it('every .py file parses with the Python 3.9 grammar (the minimum supported version)', async () => {
    const r = await python([
      '-c',
      'import ast, pathlib\n' +
        'for p in sorted(pathlib.Path(".").rglob("*.py")):\n' +
        '    ast.parse(p.read_text(encoding="utf-8"), str(p), feature_version=(3, 9))\n' +
        '    print(p)',
    ]);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain('campus_data/client.py');
  });
});
