/**
 * Bundles the runtime (entry runtime/main.ts) into dist/server.mjs with esbuild, so the serving process
 * is plain Node: no TypeScript loader thread, no per-function name wrappers, and a start-up that only
 * parses one file. Deterministic for the same inputs. Dependencies are bundled too (polka, ajv…).
 */
import { buildSync } from 'esbuild';
import { join } from 'node:path';

export const BUNDLE = 'server.mjs';

export function bundleServer(root: string): string {
  const outfile = join(root, 'dist', BUNDLE);
  buildSync({
    entryPoints: [join(root, 'runtime', 'main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    // CommonJS dependencies (ajv) call require(); give the ESM bundle one.
    banner: { js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);" },
  });
  return outfile;
}
