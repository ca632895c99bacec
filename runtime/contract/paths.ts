/**
 * `paths/<campus>.bin`: the walked path of every routed matrix cell, to draw route geometry at request
 * time (issue 10). Little-endian Int32 values in three blocks:
 *   1. `nodes` × [lon, lat] in 1e-7 degrees (WGS 84, 7 decimals) — only the nodes some path uses;
 *   2. per cell [mode][from][to] (same order as the route matrix): [start, length] into block 3
 *      (length 0 = no path stored: not routed, or the graph lacks node coordinates);
 *   3. `steps` node indexes into block 1; the paths, each from the from-building's access node to the
 *      to-building's, no position repeating the one before (a walk of 0 m is one position). Identical
 *      paths of several modes share one range.
 */
import { endianness } from 'node:os';

export interface RoutePathsInfo {
  file: string;
  nodes: number;
  steps: number;
}

/** What the build collects: node coordinates, per-cell ranges and the node sequences. */
export interface RoutePathsData {
  /** [lon, lat] per node, 7 decimals. */
  coords: readonly (readonly [number, number])[];
  /** 2 values (start, length) per cell. */
  cells: Int32Array;
  steps: readonly number[];
}

/** The decoded file: views over one Int32Array. */
export interface RoutePaths {
  coordsE7: Int32Array;
  cells: Int32Array;
  steps: Int32Array;
}

const E7 = 1e7;

export function encodePaths(data: RoutePathsData): Buffer {
  const values = new Int32Array(data.coords.length * 2 + data.cells.length + data.steps.length);
  data.coords.forEach(([lon, lat], i) => {
    values[2 * i] = Math.round(lon * E7);
    values[2 * i + 1] = Math.round(lat * E7);
  });
  values.set(data.cells, data.coords.length * 2);
  values.set(data.steps, data.coords.length * 2 + data.cells.length);
  const buf = Buffer.alloc(values.length * 4);
  for (let k = 0; k < values.length; k++) buf.writeInt32LE(values[k], k * 4);
  return buf;
}

export function decodePaths(buf: Buffer, info: RoutePathsInfo, cellCount: number, campus: string): RoutePaths {
  const count = info.nodes * 2 + cellCount * 2 + info.steps;
  if (buf.byteLength !== count * 4) throw new Error(`route paths of ${campus}: ${buf.byteLength} bytes, expected ${count * 4}`);
  let values: Int32Array;
  if (endianness() !== 'LE') values = Int32Array.from({ length: count }, (_, k) => buf.readInt32LE(k * 4));
  else if (buf.byteOffset % 4 === 0) values = new Int32Array(buf.buffer, buf.byteOffset, count); // a view: no copy
  else values = new Int32Array(new Uint8Array(buf).buffer); // aligned copy
  const a = info.nodes * 2;
  const b = a + cellCount * 2;
  return { coordsE7: values.subarray(0, a), cells: values.subarray(a, b), steps: values.subarray(b) };
}

/**
 * Positions ([lon, lat]) of the path stored for cell [mode][from][to] of an n-building campus,
 * or null when none is stored.
 */
export function readPath(paths: RoutePaths, n: number, modeIndex: number, from: number, to: number): [number, number][] | null {
  const c = ((modeIndex * n + from) * n + to) * 2;
  const start = paths.cells[c];
  const length = paths.cells[c + 1];
  if (!(length > 0)) return null;
  const out: [number, number][] = new Array(length);
  for (let k = 0; k < length; k++) {
    const v = paths.steps[start + k] * 2;
    out[k] = [paths.coordsE7[v] / E7, paths.coordsE7[v + 1] / E7];
  }
  return out;
}
