/**
 * Integrity of a data version against its manifest: every listed file present with its size and sha256,
 * and every listed name a plain relative path (so a name taken from a manifest can never leave the
 * version directory). Pure over a file getter; used by the reload check, the downloads and the release tool, and by encodeManifest
 * (artifacts.ts) for the sha256 it writes.
 */
import { createHash } from 'node:crypto';

export interface ManifestFiles {
  files: Record<string, { sha256: string; bytes: number }>;
}

/** `a/b.json`-style names: segments of [A-Za-z0-9._-] not starting with a dot, without `..`. */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
export function isPlainPath(name: string): boolean {
  if (name.length === 0 || name.length > 200) return false;
  return name.split('/').every((s) => SEGMENT.test(s) && s !== '.' && s !== '..' && !s.includes('..'));
}

export function sha256Hex(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** What is wrong with the files of a version (empty when every listed file matches). */
export function manifestProblems(manifest: ManifestFiles, get: (name: string) => Buffer | undefined): string[] {
  const problems: string[] = [];
  if (!manifest || typeof manifest.files !== 'object' || manifest.files === null) return ['manifest lists no files'];
  for (const [name, entry] of Object.entries(manifest.files).sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!isPlainPath(name)) {
      problems.push(`${JSON.stringify(name)}: not a plain relative path`);
      continue;
    }
    const bytes = get(name);
    if (bytes === undefined) problems.push(`${name}: missing`);
    else if (bytes.length !== entry.bytes) problems.push(`${name}: ${bytes.length} bytes, manifest says ${entry.bytes}`);
    else if (sha256Hex(bytes) !== entry.sha256) problems.push(`${name}: sha256 differs from the manifest`);
  }
  return problems;
}
