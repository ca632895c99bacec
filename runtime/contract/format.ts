/**
 * The artifact directory's layout and format version, shared by the build (writer) and the runtime
 * (reader). Bump FORMAT_VERSION whenever the shape or meaning of any artifact file changes: a `dist/`
 * written in another format is refused at load, and `build/tools/ensure.ts` rebuilds it.
 */
import { endianness } from 'node:os';

export const FORMAT_VERSION = 4; // 4: Float32 matrices; route paths in families (the route modes, then step-free candidates), 16-bit steps, reversed ranges shared; 3: candidates, outlines, extent, lazy-loading catalog

/** `dist/current.json`: `{ "dataVersion" }` of the published version directory. */
export const CURRENT_FILE = 'current.json';
/** Relative to `dist/<dataVersion>/`. */
export const MANIFEST_FILE = 'manifest.json';
export const CATALOG_FILE = 'catalog.json';
export const campusFile = (campus: string): string => `campuses/${campus}.json`;
export const routesFile = (campus: string): string => `routes/${campus}.bin`;
export const pathsFile = (campus: string): string => `paths/${campus}.bin`;
export const mapFile = (campus: string): string => `maps/${campus}.geojson`;
/** The same map gzip-compressed (what the server sends to clients that accept gzip; the others get mapFile). */
export const mapGzipFile = (campus: string): string => `${mapFile(campus)}.gz`;
export const candidatesFile = (campus: string): string => `candidates/${campus}.bin`;

const LITTLE_ENDIAN = endianness() === 'LE';

/**
 * The `count` little-endian values of type `Ctor` at `byteOffset` of a binary artifact, host-endian and
 * aligned: a view over the file's own bytes where they are aligned (a file read whole is) on a
 * little-endian host, else a copy (byte-swapped on a big-endian host). The caller checks the bounds.
 */
export function leArray<A>(
  buf: Buffer, byteOffset: number, count: number,
  Ctor: { new (buffer: ArrayBufferLike, byteOffset: number, length: number): A; readonly BYTES_PER_ELEMENT: number },
): A {
  const size = Ctor.BYTES_PER_ELEMENT;
  const at = buf.byteOffset + byteOffset;
  if (LITTLE_ENDIAN && at % size === 0) return new Ctor(buf.buffer, at, count);
  const copy = new Uint8Array(buf.buffer.slice(at, at + count * size));
  if (!LITTLE_ENDIAN) for (let k = 0; k < copy.length; k += size) copy.subarray(k, k + size).reverse();
  return new Ctor(copy.buffer, 0, count);
}

/** A `dist/` that this code cannot read (missing, malformed or another format version). */
export class ArtifactFormatError extends Error {
  override name = 'ArtifactFormatError';
}

/** Throws unless `found` is this code's format version; `where` names the directory in the message. */
export function checkFormatVersion(found: unknown, where: string): void {
  if (found === FORMAT_VERSION) return;
  throw new ArtifactFormatError(
    `${where} was written in artifact format ${found === undefined ? '(none)' : JSON.stringify(found)}, ` +
      `but this code reads format ${FORMAT_VERSION}: rebuild it with \`npm run build\` (\`npm start\` rebuilds automatically)`,
  );
}
