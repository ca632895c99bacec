/**
 * Deterministic multi-source Dijkstra: binary heap ordered by (distance, node index);
 * a node's predecessor changes only on a strictly shorter distance.
 */
import type { CampusGraph } from './graph.ts';

export interface ShortestPaths {
  dist: Float64Array;
  /** Edge used to reach each node (-1 for sources and unreached nodes). */
  predEdge: Int32Array;
  /** Node the edge came from (-1 for sources and unreached nodes). */
  predNode: Int32Array;
}

/** Min-heap of (key, node) pairs, ties broken by the smaller node index. */
class Heap {
  private keys: number[] = [];
  private nodes: number[] = [];
  get size(): number {
    return this.keys.length;
  }
  private less(i: number, j: number): boolean {
    return this.keys[i] < this.keys[j] || (this.keys[i] === this.keys[j] && this.nodes[i] < this.nodes[j]);
  }
  private swap(i: number, j: number): void {
    const key = this.keys[i];
    this.keys[i] = this.keys[j];
    this.keys[j] = key;
    const node = this.nodes[i];
    this.nodes[i] = this.nodes[j];
    this.nodes[j] = node;
  }
  push(key: number, node: number): void {
    this.keys.push(key);
    this.nodes.push(node);
    let i = this.keys.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(i, p)) break;
      this.swap(i, p);
      i = p;
    }
  }
  /** Removes and returns the minimum (key, node). */
  pop(): { key: number; node: number } {
    const top = { key: this.keys[0], node: this.nodes[0] };
    const lastKey = this.keys.pop()!;
    const lastNode = this.nodes.pop()!;
    if (this.keys.length > 0) {
      this.keys[0] = lastKey;
      this.nodes[0] = lastNode;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < this.keys.length && this.less(l, m)) m = l;
        if (r < this.keys.length && this.less(r, m)) m = r;
        if (m === i) break;
        this.swap(i, m);
        i = m;
      }
    }
    return top;
  }
}

/**
 * Shortest paths from all `sources` (cost 0) over edges with finite `edgeCost`
 * (Infinity = edge not usable in this mode).
 */
export function dijkstra(graph: CampusGraph, sources: readonly number[], edgeCost: Float64Array): ShortestPaths {
  const n = graph.nodeIds.length;
  const dist = new Float64Array(n).fill(Infinity);
  const predEdge = new Int32Array(n).fill(-1);
  const predNode = new Int32Array(n).fill(-1);
  const done = new Uint8Array(n);
  const heap = new Heap();
  for (const s of [...sources].sort((a, b) => a - b)) {
    if (dist[s] === 0) continue;
    dist[s] = 0;
    heap.push(0, s);
  }
  while (heap.size > 0) {
    const { key, node: v } = heap.pop();
    if (done[v] || key > dist[v]) continue;
    done[v] = 1;
    for (let a = graph.arcStart[v]; a < graph.arcStart[v + 1]; a++) {
      const e = graph.arcEdge[a];
      const cost = edgeCost[e];
      if (cost === Infinity) continue;
      const w = graph.arcTo[a];
      const d = key + cost;
      if (d < dist[w]) {
        dist[w] = d;
        predEdge[w] = e;
        predNode[w] = v;
        heap.push(d, w);
      }
    }
  }
  return { dist, predEdge, predNode };
}

/** Edges of the shortest path ending at `target`, from its source to the target. */
export function pathEdges(paths: ShortestPaths, target: number): number[] {
  const out: number[] = [];
  for (let v = target; paths.predEdge[v] >= 0; v = paths.predNode[v]) out.push(paths.predEdge[v]);
  return out.reverse();
}

/** Nodes of the shortest path ending at `target`, from its source to the target. */
export function pathNodes(paths: ShortestPaths, target: number): number[] {
  const out: number[] = [target];
  for (let v = target; paths.predNode[v] >= 0; v = paths.predNode[v]) out.push(paths.predNode[v]);
  return out.reverse();
}
