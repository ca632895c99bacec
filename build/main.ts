/**
 * CLI: `tsx build/main.ts [--sources DIR] [--out DIR] [--quiet] [--full]` (defaults: sources/, dist/).
 * Campuses whose inputs did not change since an earlier build into the same DIR are copied, not compiled
 * (byte-identical either way); --full compiles every campus.
 * Exit 1 with `file pointer: reason` lines when the sources are invalid.
 */
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { buildAll } from './build-all.ts';
import { formatReport } from './write/report.ts';
import { SourceError } from './load/errors.ts';

export { buildAll } from './build-all.ts';

export interface CliOptions {
  sourcesDir: string;
  outDir: string;
  quiet: boolean;
  full: boolean;
}

export function parseArgs(argv: readonly string[]): CliOptions {
  const opts: CliOptions = { sourcesDir: 'sources', outDir: 'dist', quiet: false, full: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--quiet') opts.quiet = true;
    else if (a === '--full') opts.full = true;
    else if ((a === '--sources' || a === '--out') && argv[i + 1] !== undefined) {
      if (a === '--sources') opts.sourcesDir = argv[++i];
      else opts.outDir = argv[++i];
    } else throw new Error(`unknown or incomplete argument "${a}" (usage: build/main.ts [--sources DIR] [--out DIR] [--quiet] [--full])`);
  }
  return opts;
}

/** Runs the build; returns the process exit code. */
export function runCli(argv: readonly string[]): number {
  try {
    const opts = parseArgs(argv);
    const result = buildAll({ sourcesDir: resolve(opts.sourcesDir), outDir: resolve(opts.outDir), full: opts.full });
    if (!opts.quiet) console.log(formatReport(result.report));
    return 0;
  } catch (e) {
    if (e instanceof SourceError) console.error(`build failed: ${e.message}`);
    else console.error(`build failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = runCli(process.argv.slice(2));
}
