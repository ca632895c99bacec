/**
 * `paths/<campus>.bin`: the walked path of every routed matrix cell (and, where the campus has them, of every
 * step-free candidate), to draw geometry at request time (issues 10, 24). Three little-endian blocks:
 *   1. Int32 `nodes` × [lon, lat] in 1e-7 degrees (WGS 84, 7 decimals) — only the nodes some path uses;
 *   2. Int32 per cell [family][from][to] (`families` in the campus artifact: the route modes in matrix order,
 *      then `step-free-candidate` where the campus has candidates): [start, length] into block 3. Length 0 =
 *      no path stored (not routed, or the graph lacks node coordinates); a negative length −k = the k steps
 *      from `start` read backwards (the path of the opposite direction walked the other way);
 *   3. `steps`, each an index into block 1, of `stepBytes` bytes (2 when the nodes fit in 16 bits, else 4):
 *      the paths, each from the from-building's access node to the to-building's, no position repeating the
 *      one before (a walk of 0 m is one position). Identical paths of one pair in several families, and a
 *      pair's path that is the reverse of the opposite pair's, share one range.
 */
import { leArray } from './format.ts';

export interface RoutePathsInfo {
  file: string;
  /** The path families in storage order. */
  families: string[];
  nodes: number;
  steps: number;
  stepBytes: 2 | 4;
}

/** What the build collects: node coordinates, per-cell ranges and the node sequences. */
export interface RoutePathsData {
  /** [lon, lat] per node, 7 decimals. */
  coords: readonly (readonly [number, number])[];
  /** 2 values (start, signed length) per cell. */
  cells: Int32Array;
  steps: readonly number[];
}

/** The decoded file. */
export interface RoutePaths {
  families: readonly string[];
  coordsE7: Int32Array;
  cells: Int32Array;
  steps: Uint16Array | Int32Array;
}

const E7 = 1e7;

/** Bytes per step for a paths file of `nodes` nodes: 2 when every index fits in 16 bits. */
export const stepBytesFor = (nodes: number): 2 | 4 => (nodes <= 0x10000 ? 2 : 4);

export function encodePaths(data: RoutePathsData): Buffer {
  const stepBytes = stepBytesFor(data.coords.length);
  const head = data.coords.length * 2 + data.cells.length;
  const buf = Buffer.alloc(head * 4 + data.steps.length * stepBytes);
  data.coords.forEach(([lon, lat], i) => {
    buf.writeInt32LE(Math.round(lon * E7), 8 * i);
    buf.writeInt32LE(Math.round(lat * E7), 8 * i + 4);
  });
  let at = data.coords.length * 8;
  for (const v of data.cells) at = buf.writeInt32LE(v, at);
  for (const v of data.steps) at = stepBytes === 2 ? buf.writeUInt16LE(v, at) : buf.writeInt32LE(v, at);
  return buf;
}

/** The file's blocks, host-endian and aligned, checked against its description (`n` buildings). */
export function decodePaths(buf: Buffer, info: RoutePathsInfo, n: number, campus: string): RoutePaths {
  const cellValues = info.families.length * n * n * 2;
  const head = info.nodes * 2 + cellValues;
  const expected = head * 4 + info.steps * info.stepBytes;
  if (buf.byteLength !== expected) throw new Error(`route paths of ${campus}: ${buf.byteLength} bytes, expected ${expected}`);
  if (info.stepBytes !== stepBytesFor(info.nodes)) throw new Error(`route paths of ${campus}: ${info.stepBytes}-byte steps for ${info.nodes} nodes`);
  const values = leArray(buf, 0, head, Int32Array);
  const steps = info.stepBytes === 4 ? leArray(buf, head * 4, info.steps, Int32Array) : leArray(buf, head * 4, info.steps, Uint16Array);
  const a = info.nodes * 2;
  return { families: info.families, coordsE7: values.subarray(0, a), cells: values.subarray(a), steps };
}

/**
 * Positions ([lon, lat]) of the path stored for cell [family][from][to] of an n-building campus, or null
 * when none is stored.
 */
export function readPath(paths: RoutePaths, n: number, family: number, from: number, to: number): [number, number][] | null {
  const c = ((family * n + from) * n + to) * 2;
  const start = paths.cells[c];
  const signed = paths.cells[c + 1];
  if (signed === 0) return null;
  const length = Math.abs(signed);
  const out: [number, number][] = new Array(length);
  for (let k = 0; k < length; k++) {
    const v = paths.steps[signed > 0 ? start + k : start + length - 1 - k] * 2;
    out[k] = [paths.coordsE7[v] / E7, paths.coordsE7[v + 1] / E7];
  }
  return out;
}
