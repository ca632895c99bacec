/**
 * Collects the node sequence of every stored path for `paths/<campus>.bin` (runtime/contract/paths.ts),
 * family by family (the route modes, then the step-free candidates): nodes are renumbered to those some path
 * uses; consecutive nodes at one position are stored once (no repeated vertex); a path whose nodes lack
 * coordinates is not stored, so its geometry is never drawn. A path identical to one of the same pair in an
 * earlier family, or the reverse of one stored for the opposite pair, shares that range.
 */
import type { RoutePathsData } from '../../../runtime/contract/paths.ts';
import type { CampusGraph } from './graph.ts';
import { round7 } from '../geo.ts';

export type RoutePaths = RoutePathsData;


export class PathCollector {
  private readonly cells: Int32Array;
  private readonly steps: number[] = [];
  private readonly renumber = new Map<number, number>();
  private readonly coords: [number, number][] = [];

  constructor(
    readonly families: number,
    private readonly n: number,
    private readonly graph: CampusGraph | null,
  ) {
    this.cells = new Int32Array(families * n * n * 2);
  }

  private cell(family: number, from: number, to: number): number {
    return ((family * this.n + from) * this.n + to) * 2;
  }

  /** Whether the stored range of cell offset `o` holds `seq` (forwards, or `reversed`: backwards). */
  private holds(o: number, seq: readonly number[], reversed: boolean): boolean {
    const start = this.cells[o];
    const signed = this.cells[o + 1];
    const length = Math.abs(signed);
    if (length !== seq.length || signed === 0) return false;
    const backwards = (signed < 0) !== reversed;
    for (let k = 0; k < length; k++) if (this.steps[backwards ? start + length - 1 - k : start + k] !== seq[k]) return false;
    return true;
  }

  add(family: number, from: number, to: number, nodes: readonly number[]): void {
    const { graph } = this;
    if (!graph || nodes.some((v) => graph.coords[v] === null)) return;
    const seq: number[] = [];
    for (const v of nodes) {
      let k = this.renumber.get(v);
      if (k === undefined) {
        k = this.coords.length;
        this.renumber.set(v, k);
        const [lon, lat] = graph.coords[v]!;
        this.coords.push([round7(lon), round7(lat)]);
      }
      // two nodes at one position (a zero-length link) are one vertex of the drawn line
      const prev = seq.length ? this.coords[seq[seq.length - 1]] : null;
      if (prev && prev[0] === this.coords[k][0] && prev[1] === this.coords[k][1]) continue;
      seq.push(k);
    }
    const c = this.cell(family, from, to);
    for (let f = 0; f <= this.families - 1; f++) {
      // the same pair in an earlier family, then the opposite pair in this family or an earlier one
      for (const [o, reversed] of [[f < family ? this.cell(f, from, to) : -1, false], [f <= family ? this.cell(f, to, from) : -1, true]] as const) {
        if (o < 0 || !this.holds(o, seq, reversed)) continue;
        this.cells[c] = this.cells[o];
        this.cells[c + 1] = (this.cells[o + 1] < 0) !== reversed ? -seq.length : seq.length;
        return;
      }
    }
    this.cells[c] = this.steps.length;
    this.cells[c + 1] = seq.length;
    for (const v of seq) this.steps.push(v);
  }

  result(): RoutePaths {
    return { coords: this.coords, cells: this.cells, steps: this.steps };
  }
}
