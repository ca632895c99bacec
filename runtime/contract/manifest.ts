/**
 * Integrity of a data version against its manifest: every listed file present with its size and sha256,
 * and every listed name a plain relative path (so a name taken from a manifest can never leave the
 * version directory). Pure over a file getter; used by the downloads and the release tool, and by the build's
 * writer (build/write/artifacts.ts) for the sha256 it writes; fileProblemAsync checks one file for the runtime
 * (lazy campus reads, reload check).
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

/** What is wrong with one listed file, given its bytes (undefined when missing) and a way to hash them. */
function fileProblem(name: string, entry: { sha256: string; bytes: number }, bytes: Buffer | undefined, sha256: string | undefined): string | undefined {
  if (bytes === undefined) return `${name}: missing`;
  if (bytes.length !== entry.bytes) return `${name}: ${bytes.length} bytes, manifest says ${entry.bytes}`;
  if (sha256 !== entry.sha256) return `${name}: sha256 differs from the manifest`;
  return undefined;
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
    const problem = fileProblem(name, entry, bytes, bytes !== undefined && bytes.length === entry.bytes ? sha256Hex(bytes) : undefined);
    if (problem !== undefined) problems.push(problem);
  }
  return problems;
}

/** Bytes hashed per event-loop turn by fileProblemAsync (~1 ms each on the development VM). */
const SLICE = 1 << 20;

/**
 * The same check for one file, hashed a slice per event-loop turn: a server reading a campus on first use, or
 * checking a version before a reload, keeps answering meanwhile (no copy of the bytes, unlike WebCrypto's digest).
 */
export async function fileProblemAsync(name: string, entry: { sha256: string; bytes: number } | undefined, bytes: Buffer | undefined): Promise<string | undefined> {
  if (entry === undefined) return `${name}: not listed in the manifest`;
  let sha256: string | undefined;
  if (bytes !== undefined && bytes.length === entry.bytes) {
    const hash = createHash('sha256');
    for (let at = 0; at < bytes.length; at += SLICE) {
      if (at > 0) await new Promise((resolve) => setImmediate(resolve));
      hash.update(bytes.subarray(at, at + SLICE));
    }
    sha256 = hash.digest('hex');
  }
  return fileProblem(name, entry, bytes, sha256);
}
