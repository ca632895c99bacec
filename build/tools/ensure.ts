/**
 * `tsx build/tools/ensure.ts` (used by `npm test` and `npm start`): builds the data artifacts only when they
 * are missing, written in another artifact format (runtime/contract) or older than sources/, build/ or the
 * runtime/domain and runtime/contract modules the build imports,
 * bundles the server (dist/server.mjs) only when it is missing or older than runtime/, its bundling code or the lockfile,
 * and builds the pages (dist/pages/) only when they are missing or older than pages/ or the lockfile;
 * otherwise prints nothing and exits 0.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runCli } from '../main.ts';
import { BUNDLE, bundleServer } from './bundle.ts';
import { FORMAT_VERSION, MANIFEST_FILE } from '../../runtime/contract/format.ts';
import { buildPages } from './pages.ts';
import { PAGES_DIR } from '../../runtime/pages/manifest.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Latest modification time (ms) of any file below `dir` (0 when empty or missing). */
export function newestMtime(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const st = statSync(path);
    newest = Math.max(newest, st.isDirectory() ? newestMtime(path) : st.mtimeMs);
  }
  return newest;
}

/** Why a build is needed, or null when dist/ is up to date. */
export function staleReason(root: string): string | null {
  const current = join(root, 'dist', 'current.json');
  if (!existsSync(current)) return 'dist/current.json is missing';
  let version: unknown;
  try {
    version = JSON.parse(readFileSync(current, 'utf8')).dataVersion;
  } catch {
    return 'dist/current.json is unreadable';
  }
  const manifest = join(root, 'dist', String(version), MANIFEST_FILE);
  if (typeof version !== 'string' || !existsSync(manifest)) return `dist/${String(version)} is missing`;
  let format: unknown;
  try {
    format = JSON.parse(readFileSync(manifest, 'utf8')).formatVersion;
  } catch {
    return `dist/${version}/${MANIFEST_FILE} is unreadable`;
  }
  if (format !== FORMAT_VERSION) return `artifact format changed (dist/ has ${String(format ?? 'none')}, the code writes ${FORMAT_VERSION})`;
  const builtAt = statSync(current).mtimeMs;
  if (newestMtime(join(root, 'sources')) > builtAt) return 'sources/ changed';
  if (newestMtime(join(root, 'build')) > builtAt) return 'build/ changed';
  if (newestMtime(join(root, 'runtime', 'domain')) > builtAt) return 'runtime/domain/ changed';
  if (newestMtime(join(root, 'runtime', 'contract')) > builtAt) return 'runtime/contract/ changed';
  return null;
}

/** `<file> changed` for the first of `files` (relative to root) modified after `builtAt`, else null. */
function changedSince(root: string, files: readonly string[], builtAt: number): string | null {
  for (const file of files) {
    const path = join(root, file);
    if (existsSync(path) && statSync(path).mtimeMs > builtAt) return `${file} changed`;
  }
  return null;
}

/** Why the server bundle must be rebuilt, or null when dist/server.mjs is up to date. */
export function bundleStaleReason(root: string): string | null {
  const bundle = join(root, 'dist', BUNDLE);
  if (!existsSync(bundle)) return `dist/${BUNDLE} is missing`;
  const builtAt = statSync(bundle).mtimeMs;
  if (newestMtime(join(root, 'runtime')) > builtAt) return 'runtime/ changed';
  return changedSince(root, ['build/tools/bundle.ts', 'build/tools/body-validators.ts', 'package-lock.json'], builtAt);
}

/** Why the pages (dist/pages/: /docs, /explore and their assets) must be rebuilt, or null when current. */
export function pagesStaleReason(root: string): string | null {
  const manifest = join(root, 'dist', PAGES_DIR, 'manifest.json');
  if (!existsSync(manifest)) return `dist/${PAGES_DIR}/manifest.json is missing`;
  const builtAt = statSync(manifest).mtimeMs;
  if (newestMtime(join(root, 'pages')) > builtAt) return 'pages/ changed';
  return changedSince(root, ['build/tools/pages.ts', 'runtime/pages/manifest.ts', 'package-lock.json'], builtAt);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const reason = staleReason(ROOT);
  if (reason !== null) {
    console.log(`building campus data (${reason})`);
    process.exitCode = runCli(['--sources', join(ROOT, 'sources'), '--out', join(ROOT, 'dist')]);
  }
  const bundleReason = process.exitCode ? null : bundleStaleReason(ROOT);
  if (bundleReason !== null) {
    console.log(`bundling the server (${bundleReason})`);
    await bundleServer(ROOT);
  }
  const pagesReason = process.exitCode ? null : pagesStaleReason(ROOT);
  if (pagesReason !== null) {
    console.log(`building the pages (${pagesReason})`);
    await buildPages(ROOT);
  }
}
