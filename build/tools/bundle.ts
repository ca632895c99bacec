/**
 * Bundles the runtime (entry runtime/main.ts) into dist/server.mjs with esbuild, so the serving process
 * is plain Node: no TypeScript loader thread, no per-function name wrappers, and a start-up that only
 * parses one file. Deterministic for the same inputs. Dependencies are bundled too (polka, ajv…), and the
 * request-body validators come compiled (body-validators.ts).
 */
import { build } from 'esbuild';
import { join } from 'node:path';
import { precompiledBodyValidators } from './body-validators.ts';

export const BUNDLE = 'server.mjs';

export async function bundleServer(root: string): Promise<string> {
  const outfile = join(root, 'dist', BUNDLE);
  await build({
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
    plugins: [precompiledBodyValidators(root)],
  });
  return outfile;
}
