/**
 * `candidates/<campus>.bin`: the step-free candidate of every ordered building pair of a campus whose
 * walking graph records stairs (BEHAVIOUR §7 "Step-free candidate", issue 24): the shortest path that uses
 * no segment recorded as having stairs, between doors not recorded as not-step-free. A little-endian
 * Float32 array of n × n × CANDIDATE_FIELD_COUNT values laid out [from][to][field] (building indexes of
 * the campus artifact). `found` is 0 where no such path exists (and on the diagonal); the other fields
 * are then NaN. The walked paths are in the campus's route paths (paths.ts), family CANDIDATE_FAMILY.
 * Encode and decode live here side by side; nothing else knows the offsets.
 */
import { float32Values, type MatrixValues } from './matrix.ts';

/** Fields of one candidate cell, in storage order. */
export const CANDIDATE_FIELDS = [
  'found', // 1 = a candidate exists, 0 = none
  'totalMeters',
  'delaySeconds', // fixed delays: exits/entries, crossings
  'segments', // edges walked
  'segmentsWithoutStepFreeFact', // edges with no recorded step-free fact
  'stairsAvoided', // recorded-stairs segments on the fastest route of the same pair
  'fromEntrance', // index into the from-building's entrances (artifact order)
  'toEntrance', // index into the to-building's entrances
  'flags', // ROUTE_FLAG bits of the candidate's path (inferred connectors, crossings, one-way…)
] as const;
export const CANDIDATE_FIELD_COUNT = CANDIDATE_FIELDS.length;

/** Description of a campus's candidates in its artifact; null there when the campus's graph records no stairs. */
export interface StepFreeCandidatesInfo {
  file: string;
  n: number;
  fields: readonly string[];
}

/** The name of the candidates' family in the campus's route paths (after the route modes). */
export const CANDIDATE_FAMILY = 'step-free-candidate';

/** One candidate as the build computes it (indexes resolved by the runtime). */
export interface CandidateCell {
  totalMeters: number;
  delaySeconds: number;
  segments: number;
  segmentsWithoutStepFreeFact: number;
  stairsAvoided: number;
  fromEntrance: number;
  toEntrance: number;
  flags: number;
}

const offset = (n: number, from: number, to: number) => (from * n + to) * CANDIDATE_FIELD_COUNT;

/** An empty table (no candidate anywhere) for `n` buildings. */
export function newCandidates(n: number): Float64Array {
  const values = new Float64Array(n * n * CANDIDATE_FIELD_COUNT).fill(NaN);
  for (let k = 0; k < n * n; k++) values[k * CANDIDATE_FIELD_COUNT] = 0;
  return values;
}

export function writeCandidate(values: MatrixValues, n: number, from: number, to: number, c: CandidateCell): void {
  const o = offset(n, from, to);
  values[o] = 1;
  values[o + 1] = c.totalMeters;
  values[o + 2] = c.delaySeconds;
  values[o + 3] = c.segments;
  values[o + 4] = c.segmentsWithoutStepFreeFact;
  values[o + 5] = c.stairsAvoided;
  values[o + 6] = c.fromEntrance;
  values[o + 7] = c.toEntrance;
  values[o + 8] = c.flags;
}

/** The candidate of [from][to], or null when none exists. */
export function readCandidate(values: MatrixValues, n: number, from: number, to: number): CandidateCell | null {
  const o = offset(n, from, to);
  if (values[o] !== 1) return null;
  return {
    totalMeters: values[o + 1],
    delaySeconds: values[o + 2],
    segments: values[o + 3],
    segmentsWithoutStepFreeFact: values[o + 4],
    stairsAvoided: values[o + 5],
    fromEntrance: values[o + 6],
    toEntrance: values[o + 7],
    flags: values[o + 8],
  };
}

/** The candidates file's values, checked against its description (bytes: encodeMatrix). */
export function decodeCandidates(buf: Buffer, info: StepFreeCandidatesInfo, campus: string): Float32Array {
  if (info.fields.length !== CANDIDATE_FIELD_COUNT || info.fields.some((f, i) => f !== CANDIDATE_FIELDS[i])) {
    throw new Error(`step-free candidates of ${campus}: fields ${info.fields.join(',')} differ from ${CANDIDATE_FIELDS.join(',')}`);
  }
  return float32Values(buf, info.n * info.n * CANDIDATE_FIELD_COUNT, `step-free candidates of ${campus}`);
}
