/**
 * Collects the node sequence of every routed cell for `paths/<campus>.bin` (runtime/contract/paths.ts):
 * nodes are renumbered to those some path uses; consecutive nodes at one position are stored once (no
 * repeated vertex); a path whose nodes lack coordinates is not stored, so its geometry is never drawn;
 * identical paths of one pair share a range.
 */
import type { RoutePathsData } from '../../../runtime/contract/paths.ts';
import type { CampusGraph } from './graph.ts';

export type RoutePaths = RoutePathsData;

const round7 = (x: number) => Math.round(x * 1e7) / 1e7;

export class PathCollector {
  private readonly cells: Int32Array;
  private readonly steps: number[] = [];
  private readonly renumber = new Map<number, number>();
  private readonly coords: [number, number][] = [];

  constructor(
    private readonly modeCount: number,
    private readonly n: number,
    private readonly graph: CampusGraph | null,
  ) {
    this.cells = new Int32Array(modeCount * n * n * 2);
  }

  add(mode: number, from: number, to: number, nodes: readonly number[]): void {
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
    const c = ((mode * this.n + from) * this.n + to) * 2;
    for (let m = 0; m < mode; m++) {
      const o = ((m * this.n + from) * this.n + to) * 2;
      const [start, length] = [this.cells[o], this.cells[o + 1]];
      if (length === seq.length && seq.every((v, k) => this.steps[start + k] === v)) {
        this.cells[c] = start;
        this.cells[c + 1] = length;
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
