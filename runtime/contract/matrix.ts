/**
 * `routes/<campus>.bin`: the precomputed route matrix of one campus (BEHAVIOUR §7), a little-endian
 * Float32 array of modes.length × n × n × ROUTE_FIELD_COUNT values laid out [mode][from][to][field],
 * from/to being indexes into the campus artifact's `buildings` (ordered by code). Null numbers are NaN.
 * Encode and decode live here side by side; nothing else knows the offsets.
 */
import { leArray } from './format.ts';
import { OUTCOME, ROUTE_VERIFICATION, type RouteMode, type RouteStatus, type RouteVerification } from '../domain/types.ts';

/** Fields of one matrix cell, in storage order. */
export const ROUTE_FIELDS = [
  'outcome', // index into OUTCOME
  'totalMeters',
  'indoorMeters',
  'outdoorMeters',
  'delaySeconds', // fixed delays: exits/entries, crossings, floors by stairs
  'floorChanges',
  'verification', // index into ROUTE_VERIFICATION
  'flags', // ROUTE_FLAG bits
] as const;
export const ROUTE_FIELD_COUNT = ROUTE_FIELDS.length;

/** Description of the matrix file in the campus artifact. */
export interface RouteMatrixInfo {
  file: string;
  n: number;
  modes: RouteMode[];
  fields: readonly string[];
}

/** One cell as stored: outcome and verification are indexes, absent numbers are NaN. */
export interface RouteCell {
  outcome: number;
  totalMeters: number;
  indoorMeters: number;
  outdoorMeters: number;
  delaySeconds: number;
  floorChanges: number;
  verification: number;
  flags: number;
}

/** A cell as the build computes it (outcome and verification by name). */
export interface RouteFacts extends Omit<RouteCell, 'outcome' | 'verification'> {
  outcome: RouteStatus;
  verification: RouteVerification;
}

function cellOffset(n: number, modeIndex: number, from: number, to: number): number {
  return ((modeIndex * n + from) * n + to) * ROUTE_FIELD_COUNT;
}

/** An empty matrix for `modeCount` modes and `n` buildings. */
export function newMatrix(modeCount: number, n: number): Float64Array {
  return new Float64Array(modeCount * n * n * ROUTE_FIELD_COUNT);
}

export function writeRouteCell(values: MatrixValues, n: number, modeIndex: number, from: number, to: number, c: RouteFacts): void {
  const o = cellOffset(n, modeIndex, from, to);
  values[o] = OUTCOME.indexOf(c.outcome);
  values[o + 1] = c.totalMeters;
  values[o + 2] = c.indoorMeters;
  values[o + 3] = c.outdoorMeters;
  values[o + 4] = c.delaySeconds;
  values[o + 5] = c.floorChanges;
  values[o + 6] = ROUTE_VERIFICATION.indexOf(c.verification);
  values[o + 7] = c.flags;
}

/** Reads the cell [mode][from][to] of a campus matrix. */
export function readRouteCell(values: MatrixValues, n: number, modeIndex: number, from: number, to: number): RouteCell {
  const o = cellOffset(n, modeIndex, from, to);
  return {
    outcome: values[o],
    totalMeters: values[o + 1],
    indoorMeters: values[o + 2],
    outdoorMeters: values[o + 3],
    delaySeconds: values[o + 4],
    floorChanges: values[o + 5],
    verification: values[o + 6],
    flags: values[o + 7],
  };
}

/**
 * Matrix values as the build computes them (Float64) or as the runtime reads them from a file (Float32: every
 * stored value is a small integer code, a count, or metres to 0.1 — exact to well under 0.05 m in 32 bits, so
 * the tenths the API reports are the computed ones).
 */
export type MatrixValues = Float64Array | Float32Array;

/** Bytes per stored matrix value (little-endian Float32). */
export const MATRIX_VALUE_BYTES = 4;

/** Matrix values as little-endian Float32 bytes (the route matrix, the step-free candidates). */
export function encodeMatrix(values: MatrixValues): Buffer {
  const buf = Buffer.alloc(values.length * MATRIX_VALUE_BYTES);
  for (let k = 0; k < values.length; k++) buf.writeFloatLE(values[k], k * MATRIX_VALUE_BYTES);
  return buf;
}

/** The `count` Float32 values of little-endian bytes (`what` names the file in errors), host-endian and aligned. */
export function float32Values(buf: Buffer, count: number, what: string): Float32Array {
  if (buf.byteLength !== count * MATRIX_VALUE_BYTES) {
    throw new Error(`${what}: ${buf.byteLength} bytes, expected ${count} values (${count * MATRIX_VALUE_BYTES} bytes)`);
  }
  return leArray(buf, 0, count, Float32Array);
}

/** The matrix file's values, checked against its description. */
export function decodeMatrix(buf: Buffer, info: RouteMatrixInfo, campus: string): Float32Array {
  if (info.fields.length !== ROUTE_FIELD_COUNT || info.fields.some((f, i) => f !== ROUTE_FIELDS[i])) {
    throw new Error(`route matrix of ${campus}: fields ${info.fields.join(',')} differ from ${ROUTE_FIELDS.join(',')}`);
  }
  return float32Values(buf, info.modes.length * info.n * info.n * ROUTE_FIELD_COUNT, `route matrix of ${campus}`);
}
