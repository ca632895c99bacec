/**
 * An independent, deliberately plain router for the tests: parses the graph TSV files itself and runs
 * a textbook Dijkstra (a sorted-array-free binary heap of [distance, node id] with lazy deletion). It
 * follows BEHAVIOUR §6, §7 (entrance attachment, ≤ 50 m snap, a building without an entrance on the main
 * component linked from its location point, mode costs; step-free: no stairs edge, no edge at a node
 * the source calls stairs, only doors recorded step-free and verified) without sharing any code with build/.
 */
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

type Row = Record<string, string>;
const tsv = (path: string): Row[] => {
  const [head, ...lines] = readFileSync(path, 'utf8').split('\n').filter((l) => l.length > 0);
  const cols = head.split('\t');
  return lines.map((l) => Object.fromEntries(l.split('\t').map((v, i) => [cols[i], v])));
};

const R = 6371008.8;
export function greatCircle(a: number[], b: number[]): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((b[1] - a[1]) * rad) / 2) ** 2 + Math.cos(a[1] * rad) * Math.cos(b[1] * rad) * Math.sin(((b[0] - a[0]) * rad) / 2) ** 2;
  return 2 * R * Math.asin(Math.sqrt(h));
}

interface Arc { to: string; meters: number; row: Row }
interface Start { node: string; connector: number | null }

export class ReferenceRouter {
  private arcs = new Map<string, Arc[]>();
  private coords = new Map<string, number[]>();
  private main = new Set<string>();
  private entrances: any[];
  private points = new Map<string, number[] | null>();
  /** Nodes the source calls stairs (nodes.tsv `kind`). */
  private stairsNodes = new Set<string>();
  /** Nodes with at least one edge → their undirected neighbours. */
  private undirected: Map<string, string[]>;

  constructor(sourcesDir: string, campus: string) {
    const dir = join(sourcesDir, 'graphs', campus);
    const edges = tsv(join(dir, 'edges.tsv'));
    if (existsSync(join(dir, 'nodes.tsv'))) {
      for (const n of tsv(join(dir, 'nodes.tsv'))) {
        this.coords.set(n.id, [Number(n.lon), Number(n.lat)]);
        if (n.kind === 'stairs') this.stairsNodes.add(n.id);
      }
    }
    const undirected = new Map<string, string[]>();
    const link = (a: string, b: string) => undirected.set(a, [...(undirected.get(a) ?? []), b]);
    for (const e of edges) {
      const m = Number(e.meters);
      this.addArc(e.from, { to: e.to, meters: m, row: e });
      if (e.bidirectional === 'true') this.addArc(e.to, { to: e.from, meters: m, row: e });
      link(e.from, e.to);
      link(e.to, e.from);
    }
    // largest undirected component by BFS
    const seen = new Set<string>();
    for (const start of undirected.keys()) {
      if (seen.has(start)) continue;
      const comp = new Set([start]);
      const queue = [start];
      seen.add(start);
      while (queue.length) for (const w of undirected.get(queue.pop()!) ?? []) if (!seen.has(w)) { seen.add(w); comp.add(w); queue.push(w); }
      if (comp.size > this.main.size) this.main = comp;
    }
    const file = JSON.parse(readFileSync(join(sourcesDir, 'campuses', `${campus}.json`), 'utf8'));
    this.entrances = file.entrances;
    for (const b of file.buildings) this.points.set(b.code, b.point);
    this.undirected = undirected;
  }

  private addArc(from: string, arc: Arc): void {
    this.arcs.set(from, [...(this.arcs.get(from) ?? []), arc]);
  }

  /** Where each entrance of a building joins the graph in a mode (connector metres when snapped). */
  starts(building: string, mode: string): Start[] {
    const out: Start[] = [];
    for (const e of this.entrances.filter((x) => x.building === building)) {
      if (mode === 'step-free' && !(e.kind === 'entrance' && e.stepFree === 'accessible' && e.verification === 'verified')) continue;
      if (e.graphNode && this.undirected.has(e.graphNode)) {
        out.push({ node: e.graphNode, connector: null });
        continue;
      }
      if (mode === 'step-free') continue; // an inferred connector is never step-free
      const snap = this.nearestMain(e.point);
      if (snap) out.push(snap);
    }
    const point = this.points.get(building);
    if (mode !== 'step-free' && point && !out.some((s) => this.main.has(s.node))) {
      const link = this.nearestMain(point);
      if (link) out.push(link);
    }
    return out;
  }

  /** The nearest located node of the main component ≤ 50 m from `p`, as a start with its connector. */
  private nearestMain(p: number[]): Start | null {
    let best: string | null = null;
    let bestD = Infinity;
    for (const v of this.main) {
      const c = this.coords.get(v);
      if (!c) continue;
      const d = greatCircle(p, c);
      if (d < bestD) { bestD = d; best = v; }
    }
    return best !== null && bestD <= 50 ? { node: best, connector: bestD } : null;
  }

  private cost(arc: Arc, mode: string): number {
    const r = arc.row;
    if (mode === 'step-free') {
      const stairs = r.stairs !== 'false' || this.stairsNodes.has(r.from) || this.stairsNodes.has(r.to);
      return !stairs && r.accessibility === 'accessible' && r.verification === 'verified' ? arc.meters : Infinity;
    }
    if (mode === 'prefer-indoor') return r.environment === 'indoor' ? arc.meters : arc.meters * 1.75;
    return arc.meters;
  }

  private connectorCost(metres: number | null, mode: string): number {
    if (metres === null) return 0;
    return mode === 'prefer-indoor' ? metres * 1.75 : metres;
  }

  /** Whether the graph records stairs anywhere (an edge's stairs, or a stairs node). */
  recordsStairs(): boolean {
    if (this.stairsNodes.size > 0) return true;
    for (const arcs of this.arcs.values()) if (arcs.some((a) => a.row.stairs === 'true')) return true;
    return false;
  }

  /**
   * Doors a step-free candidate may use (BEHAVIOUR §7): real entrances (not approach points) not recorded as
   * not-step-free, joining the graph; `stepFreeOnly` keeps those recorded step-free.
   */
  doorStarts(building: string, stepFreeOnly: boolean): Start[] {
    const out: Start[] = [];
    for (const e of this.entrances.filter((x) => x.building === building && x.kind === 'entrance' && x.stepFree !== 'not_accessible')) {
      if (stepFreeOnly && !(e.stepFree === 'accessible' && e.verification === 'verified')) continue;
      if (e.graphNode && this.undirected.has(e.graphNode)) out.push({ node: e.graphNode, connector: null });
      else {
        const snap = this.nearestMain(e.point);
        if (snap) out.push(snap);
      }
    }
    return out;
  }

  /** Shortest walk avoiding every recorded stair (stairs edges, edges at a stairs node) between two buildings' doors (Infinity = none). */
  stairFreeDistances(from: string, fromStepFreeOnly: boolean): (to: string, toStepFreeOnly: boolean) => number {
    const cost = (arc: Arc) => (arc.row.stairs === 'true' || this.stairsNodes.has(arc.row.from) || this.stairsNodes.has(arc.row.to) ? Infinity : arc.meters);
    const dist = this.search(this.doorStarts(from, fromStepFreeOnly).map((s) => ({ node: s.node, cost: s.connector ?? 0 })), cost);
    return (to, toStepFreeOnly) => {
      let best = Infinity;
      for (const t of this.doorStarts(to, toStepFreeOnly)) best = Math.min(best, (dist.get(t.node) ?? Infinity) + (t.connector ?? 0));
      return best;
    };
  }

  /** Minimum mode cost from any entrance of `from` to any entrance of `to` (Infinity = no path). */
  distances(from: string, mode: string): (to: string) => number {
    const dist = this.search(this.starts(from, mode).map((s) => ({ node: s.node, cost: this.connectorCost(s.connector, mode) })), (arc) => this.cost(arc, mode));
    return (to: string) => {
      let best = Infinity;
      for (const t of this.starts(to, mode)) best = Math.min(best, (dist.get(t.node) ?? Infinity) + this.connectorCost(t.connector, mode));
      return best;
    };
  }

  /** Dijkstra with a plain binary heap from starts (each at its own cost) over an arc cost. */
  private search(starts: { node: string; cost: number }[], cost: (arc: Arc) => number): Map<string, number> {
    const dist = new Map<string, number>();
    const heap: [number, string][] = [];
    const push = (d: number, v: string) => {
      heap.push([d, v]);
      for (let i = heap.length - 1; i > 0 && heap[(i - 1) >> 1][0] > heap[i][0]; i = (i - 1) >> 1) [heap[i], heap[(i - 1) >> 1]] = [heap[(i - 1) >> 1], heap[i]];
    };
    const pop = (): [number, string] => {
      const top = heap[0];
      const last = heap.pop()!;
      if (heap.length > 0) {
        heap[0] = last;
        for (let i = 0; ; ) {
          const l = 2 * i + 1;
          const m = l + 1 < heap.length && heap[l + 1][0] < heap[l][0] ? l + 1 : l;
          if (l >= heap.length || heap[m][0] >= heap[i][0]) break;
          [heap[i], heap[m]] = [heap[m], heap[i]];
          i = m;
        }
      }
      return top;
    };
    for (const s of starts) {
      const d = Math.min(dist.get(s.node) ?? Infinity, s.cost);
      dist.set(s.node, d);
      push(d, s.node);
    }
    const done = new Set<string>();
    while (heap.length > 0) {
      const [d0, v] = pop();
      if (done.has(v) || d0 > dist.get(v)!) continue;
      done.add(v);
      for (const arc of this.arcs.get(v) ?? []) {
        const d = d0 + cost(arc);
        if (d < (dist.get(arc.to) ?? Infinity)) {
          dist.set(arc.to, d);
          push(d, arc.to);
        }
      }
    }
    return dist;
  }
}
