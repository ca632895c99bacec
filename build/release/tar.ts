/**
 * A deterministic .tar.gz: POSIX ustar entries with fixed mode, owner (0/0, no names) and mtime, in the
 * order given, then gzip by fflate (pure JavaScript, so the deflate bytes do not depend on the host's zlib
 * build or CPU features) with mtime 0 and a fixed OS byte. `readTarGz` reads such an archive back into
 * memory (regular files only; nothing is ever extracted to disk).
 */
import { gunzipSync, gzipSync } from 'fflate';

const BLOCK = 512;

export interface TarEntry {
  /** posix path inside the archive; a trailing '/' makes a directory entry. */
  path: string;
  bytes?: Buffer;
}

function octal(value: number, width: number): string {
  // width-1 octal digits and a NUL, as ustar numeric fields are written by GNU and BSD tar.
  const text = value.toString(8);
  if (text.length > width - 1) throw new Error(`tar: ${value} does not fit a ${width}-byte field`);
  return text.padStart(width - 1, '0') + '\0';
}

/** ustar splits paths over 100 bytes into prefix (≤ 155) '/' name (≤ 100). */
function splitPath(path: string): [prefix: string, name: string] {
  if (Buffer.byteLength(path) <= 100) return ['', path];
  for (let i = path.lastIndexOf('/', path.length - 2); i > 0; i = path.lastIndexOf('/', i - 1)) {
    const prefix = path.slice(0, i);
    const name = path.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(name) <= 100) return [prefix, name];
  }
  throw new Error(`tar: path too long for ustar: ${path}`);
}

function header(entry: TarEntry, mtime: number): Buffer {
  const dir = entry.path.endsWith('/');
  const [prefix, name] = splitPath(entry.path);
  const h = Buffer.alloc(BLOCK);
  const put = (offset: number, text: string) => h.write(text, offset, 'utf8');
  put(0, name);
  put(100, octal(dir ? 0o755 : 0o644, 8));
  put(108, octal(0, 8)); // uid
  put(116, octal(0, 8)); // gid
  put(124, octal(dir ? 0 : (entry.bytes?.length ?? 0), 12));
  put(136, octal(mtime, 12));
  put(148, '        '); // checksum field counts as spaces while summing
  put(156, dir ? '5' : '0');
  put(257, 'ustar\0');
  put(263, '00');
  put(329, octal(0, 8)); // devmajor
  put(337, octal(0, 8)); // devminor
  put(345, prefix);
  let sum = 0;
  for (const b of h) sum += b;
  put(148, sum.toString(8).padStart(6, '0') + '\0 ');
  return h;
}

/** The uncompressed archive: entries in the order given, each padded to 512 bytes, then two zero blocks. */
export function tarBytes(entries: readonly TarEntry[], mtimeSeconds: number): Buffer {
  const parts: Buffer[] = [];
  for (const e of entries) {
    parts.push(header(e, mtimeSeconds));
    if (e.path.endsWith('/') || !e.bytes) continue;
    parts.push(e.bytes);
    const pad = (BLOCK - (e.bytes.length % BLOCK)) % BLOCK;
    if (pad) parts.push(Buffer.alloc(pad));
  }
  parts.push(Buffer.alloc(2 * BLOCK));
  return Buffer.concat(parts);
}

/** gzip with no file name, mtime 0, OS byte 255 ("unknown"), level 9. */
export function gzipDeterministic(bytes: Buffer): Buffer {
  const out = Buffer.from(gzipSync(bytes, { level: 9, mtime: 0 }));
  out[9] = 255;
  return out;
}

export function tarGz(entries: readonly TarEntry[], mtimeSeconds: number): Buffer {
  return gzipDeterministic(tarBytes(entries, mtimeSeconds));
}

function field(h: Buffer, offset: number, width: number): string {
  const raw = h.subarray(offset, offset + width);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? width : end).toString('utf8');
}

/** Regular files of a .tar.gz (path → bytes). Throws on a malformed archive. */
export function readTarGz(gz: Buffer): Map<string, Buffer> {
  let tar: Buffer;
  try {
    tar = Buffer.from(gunzipSync(gz));
  } catch (e) {
    throw new Error(`not a gzip file (${(e as Error).message})`);
  }
  const files = new Map<string, Buffer>();
  for (let at = 0; at + BLOCK <= tar.length; ) {
    const h = tar.subarray(at, at + BLOCK);
    if (h.every((b) => b === 0)) return files;
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : h[i];
    if (parseInt(field(h, 148, 8).trim(), 8) !== sum) throw new Error(`tar: bad header checksum at byte ${at}`);
    const size = parseInt(field(h, 124, 12).trim() || '0', 8);
    const prefix = field(h, 345, 155);
    const path = (prefix ? `${prefix}/` : '') + field(h, 0, 100);
    const type = field(h, 156, 1);
    const start = at + BLOCK;
    if (start + size > tar.length) throw new Error(`tar: ${path} is truncated`);
    if (type === '0' || type === '') files.set(path, Buffer.from(tar.subarray(start, start + size)));
    at = start + Math.ceil(size / BLOCK) * BLOCK;
  }
  throw new Error('tar: missing end-of-archive blocks');
}
