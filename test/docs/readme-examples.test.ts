/**
 * The README's Examples are run as written against a started server, so they cannot go stale: the first `sh`
 * block under "## Examples" is split into commands (continuation lines joined, comment lines skipped, the
 * `B=…` line replaced by the server's address), and the commands run in order in one bash (`pipefail`), so a
 * variable one of them sets (the data version, an ETag) serves the next. `curl` is wrapped to report each
 * HTTP status on stderr. Every command must exit 0 and answer as its comment says: the status it names
 * ("# 409 …", "# 304 …"), the JSON it shows ("# {"status":"ok"}"), else 2xx only. Needs bash, curl and jq
 * (.ci/run installs them); without them the test is skipped locally and fails when CI=true.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ROOT, useServer } from '../http/helpers.ts';

const run = promisify(execFile);

export interface Example {
  /** 1-based line of the README where the command starts. */
  line: number;
  command: string;
  /** The trailing comment, if any ("409 ambiguous_building, …"). */
  comment: string;
}

/** The commands of the first `sh` block after "## Examples". */
export function readmeExamples(markdown: string): Example[] {
  const section = markdown.indexOf('\n## Examples');
  const open = markdown.indexOf('```sh\n', section);
  const close = markdown.indexOf('\n```', open + 5);
  if (section === -1 || open === -1 || close === -1) throw new Error('README: no ```sh block under "## Examples"');
  const first = markdown.slice(0, open).split('\n').length + 1;
  const lines = markdown.slice(open + 6, close).split('\n');
  const out: Example[] = [];
  for (let i = 0; i < lines.length; i++) {
    const start = i;
    let text = lines[i]!;
    while (text.endsWith('\\') && i + 1 < lines.length) text = `${text.slice(0, -1)} ${lines[++i]!.trim()}`;
    if (text.trim() === '' || text.trim().startsWith('#') || /^B=/.test(text)) continue;
    const m = /^(.*?)\s{2,}#\s+(.*)$/.exec(text);
    out.push({ line: first + start, command: (m ? m[1]! : text).trim(), comment: m ? m[2]!.trim() : '' });
  }
  return out;
}

const tools = ['bash', 'curl', 'jq'].filter((t) => {
  try {
    execFileSync('sh', ['-c', `command -v ${t}`], { stdio: 'ignore' });
    return false;
  } catch {
    return true;
  }
});

const suite = tools.length === 0 || process.env.CI === 'true' ? describe : describe.skip;

suite(`README examples against a started server${tools.length ? ` (missing: ${tools.join(', ')})` : ''}`, () => {
  const t = useServer();
  const examples = readmeExamples(readFileSync(join(ROOT, 'README.md'), 'utf8'));

  it('never writes down a data version (it changes with the data)', () => {
    expect(examples.length).toBeGreaterThan(30);
    for (const e of examples) expect(e.command, `README line ${e.line}`).not.toMatch(/\d{4}-\d{2}-\d{2}\.[0-9a-f]{8}/);
  });

  it('every command answers as its comment says', async () => {
    expect(tools).toEqual([]);
    const dir = mkdtempSync(join(tmpdir(), 'readme-examples-'));
    try {
      const script = [
        'set -o pipefail',
        `curl() { command curl -w '%{stderr}@@HTTP %{http_code}\\n' "$@"; }`,
        ...examples.map((e, i) => `echo "@@CMD ${i}" >&2; { ${e.command} ; } > ${join(dir, `out.${i}`)}; echo "@@EXIT $?" >&2`),
      ].join('\n');
      const { stderr } = await run('bash', ['-c', script], { cwd: dir, env: { ...process.env, B: t.base }, maxBuffer: 64 << 20, timeout: 120_000 });
      const seen = examples.map(() => ({ statuses: [] as number[], exit: -1 }));
      let current = -1;
      for (const l of stderr.split('\n')) {
        const m = /^@@(CMD|HTTP|EXIT) (\d+)$/.exec(l);
        if (!m) continue;
        if (m[1] === 'CMD') current = Number(m[2]);
        else if (m[1] === 'HTTP') seen[current]!.statuses.push(Number(m[2]));
        else seen[current]!.exit = Number(m[2]);
      }
      examples.forEach((e, i) => {
        const where = `README line ${e.line}: ${e.command}`;
        const { statuses, exit } = seen[i]!;
        expect(exit, where).toBe(0);
        expect(statuses.length, where).toBeGreaterThan(0);
        const named = /^(\d{3})\b/.exec(e.comment)?.[1];
        if (named) expect(statuses.at(-1), where).toBe(Number(named));
        else expect(statuses.filter((s) => s < 200 || s >= 300), where).toEqual([]);
        if (e.comment.startsWith('{')) expect(JSON.parse(readFileSync(join(dir, `out.${i}`), 'utf8')), where).toEqual(JSON.parse(e.comment));
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
