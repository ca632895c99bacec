/**
 * Facts of a walked path on hand-made graphs (issue 22): crossings counted once per run of crossing
 * elements, stairs recorded on nodes, how a building joins the graph (door, inferred link, approach
 * point, location point) and what that does to the route's verification; no zero-length connector.
 */
import { describe, expect, it } from 'vitest';
import { buildCampusGraph, type CampusGraph } from '../../build/compile/routes/graph.ts';
import { BUILDING_DELAY, SECONDS_PER_CROSSING, crossingCount, routedFacts } from '../../build/compile/routes/path-facts.ts';
import { edgeCosts } from '../../build/compile/routes/route-matrix.ts';
import type { CampusGraphSource, GraphEdgeRow, GraphNodeRow, SourceEntrance } from '../../build/load/source-types.ts';
import { ROUTE_FLAG as F } from '../../runtime/domain/types.ts';

type NodeSpec = [id: string, lon: number, kind?: GraphNodeRow['kind']];
type EdgeSpec = [from: string, to: string, crossing?: GraphEdgeRow['crossing']];

/** Nodes on a line of longitude steps of 0.0001° (~8 m) at 43° N; edges verified, step-free, 8 m each. */
function line(nodes: NodeSpec[], edges: EdgeSpec[], entrances: SourceEntrance[] = []): CampusGraph {
  const source: CampusGraphSource = {
    campus: 't',
    meta: { campus: 't', sourceId: 'osm', license: 'ODbL', retrievedAt: null, direction: 'per-edge' },
    nodes: nodes.map(([id, lon, kind]) => ({ id, lon, lat: 43, osm: '-', ...(kind ? { kind } : {}) })),
    edges: edges.map(([from, to, crossing], k) => ({
      id: `e${k}`, from, to, meters: 8, environment: 'outdoor', stairs: 'false', bidirectional: 'true', accessibility: 'accessible',
      verification: 'verified', osm: '-', ...(crossing ? { crossing } : {}),
    })),
  };
  return buildCampusGraph(source, entrances, [{ entrances, point: null }]);
}
const idx = (g: CampusGraph, ids: string[]) => ids.map((id) => g.nodeIds.indexOf(id));
/** Edge indexes along consecutive node ids. */
const edgesOf = (g: CampusGraph, ids: string[]) =>
  ids.slice(1).map((id, k) => g.edges.findIndex((e) => [g.nodeIds[e.from], g.nodeIds[e.to]].sort().join() === [ids[k], id].sort().join()));

describe('crossings', () => {
  it('the nodes of one crosswalk are one crossing (15 s); two crosswalks apart are two', () => {
    const g = line(
      [['a', 0], ['c1', 0.0001, 'crosswalk'], ['c2', 0.0002, 'crosswalk'], ['c3', 0.0003, 'crosswalk'], ['p', 0.0004], ['q', 0.0005], ['c4', 0.0006, 'crosswalk'], ['b', 0.0007]],
      [['a', 'c1'], ['c1', 'c2'], ['c2', 'c3'], ['c3', 'p'], ['p', 'q'], ['q', 'c4'], ['c4', 'b']],
    );
    const one = ['a', 'c1', 'c2', 'c3', 'p'];
    expect(crossingCount(g, idx(g, one), edgesOf(g, one))).toBe(1);
    const all = ['a', 'c1', 'c2', 'c3', 'p', 'q', 'c4', 'b'];
    expect(crossingCount(g, idx(g, all), edgesOf(g, all))).toBe(2);
    const facts = routedFacts(g, idx(g, all), edgesOf(g, all), ['door', 'door']);
    expect(facts.delaySeconds).toBe(BUILDING_DELAY + 2 * SECONDS_PER_CROSSING);
    expect(facts.flags & F.CROSSING).toBeTruthy();
    // a crosswalk node with one plain node between is another crossing (two roads)
    const g2 = line([['a', 0], ['c1', 0.0001, 'crosswalk'], ['p', 0.0002], ['c2', 0.0003, 'crosswalk'], ['b', 0.0004]], [['a', 'c1'], ['c1', 'p'], ['p', 'c2'], ['c2', 'b']]);
    const path2 = ['a', 'c1', 'p', 'c2', 'b'];
    expect(crossingCount(g2, idx(g2, path2), edgesOf(g2, path2))).toBe(2);
  });

  it('a crossing split into several edges counts once; a path with no crossing element has no delay', () => {
    const g = line([['a', 0], ['m1', 0.0001], ['m2', 0.0002], ['b', 0.0003]], [['a', 'm1', 'true'], ['m1', 'm2', 'true'], ['m2', 'b', 'false']]);
    const path = ['a', 'm1', 'm2', 'b'];
    expect(crossingCount(g, idx(g, path), edgesOf(g, path))).toBe(1);
    const plain = line([['a', 0], ['b', 0.0001]], [['a', 'b', 'unknown']]);
    const facts = routedFacts(plain, idx(plain, ['a', 'b']), edgesOf(plain, ['a', 'b']), ['door', 'door']);
    expect(facts).toMatchObject({ delaySeconds: BUILDING_DELAY, verification: 'verified', totalMeters: 8 });
    expect(facts.flags & F.CROSSING).toBe(0);
  });
});

describe('stairs recorded on nodes', () => {
  it('a path through a stairs node uses stairs; step-free may not use an edge at one', () => {
    const g = line([['a', 0], ['s', 0.0001, 'stairs'], ['b', 0.0002]], [['a', 's'], ['s', 'b']]);
    const path = ['a', 's', 'b'];
    expect(routedFacts(g, idx(g, path), edgesOf(g, path), ['door', 'door']).flags & F.STAIRS).toBeTruthy();
    expect([...edgeCosts(g, 'step-free')]).toEqual([Infinity, Infinity]);
    expect([...edgeCosts(g, 'fastest')]).toEqual([8, 8]);
  });
});

describe('how a building joins the graph', () => {
  const entrance = (id: string, kind: 'entrance' | 'approach', graphNode: string | null, lon: number): SourceEntrance => ({
    id, building: 'B', kind, point: [lon, 43], access: 'unknown', stepFree: 'unknown', verification: kind === 'approach' ? 'inferred' : 'verified',
    osm: null, graphNode, provenance: [{ sourceId: 'osm', nativeId: null }],
  });

  it('an approach point links its building as inferred: the route is at best mixed, with the access-point flag', () => {
    const g = line([['a', 0], ['b', 0.0001]], [['a', 'b']], [entrance('app', 'approach', 'a', 0)]);
    expect(g.access[0]).toEqual([{ node: g.nodeIds.indexOf('a'), kind: 'approach', entrance: 'app' }]);
    const facts = routedFacts(g, idx(g, ['a', 'b']), edgesOf(g, ['a', 'b']), ['approach', 'door']);
    expect(facts.verification).toBe('mixed');
    expect(facts.flags & F.INFERRED_ACCESS_POINT).toBeTruthy();
    // both ends inferred and no edge at all (they share the node): inferred, 0 m
    expect(routedFacts(g, idx(g, ['a']), [], ['approach', 'point'])).toMatchObject({ verification: 'inferred', totalMeters: 0 });
    expect(routedFacts(g, idx(g, ['a']), [], ['door', 'door'])).toMatchObject({ verification: 'verified', totalMeters: 0, flags: 0 });
  });

  it('a door on an edgeless node at the very position of a graph node joins that node: no zero-length connector', () => {
    const g = line([['a', 0], ['b', 0.0001], ['lone', 0]], [['a', 'b']], [entrance('door', 'entrance', 'lone', 0)]);
    expect(g.edges).toHaveLength(1);
    expect(g.nodeIds).toHaveLength(3);
    expect(g.access[0]).toEqual([{ node: g.nodeIds.indexOf('a'), kind: 'snapped-door', entrance: 'door' }]);
    const facts = routedFacts(g, idx(g, ['a', 'b']), edgesOf(g, ['a', 'b']), ['snapped-door', 'door']);
    expect(facts).toMatchObject({ verification: 'mixed' });
    expect(facts.flags & F.INFERRED_CONNECTOR).toBeTruthy();
    // 3 m from the nearest node (b): a connector of its own, inferred
    const near = line([['a', 0], ['b', 0.0001], ['lone', 0]], [['a', 'b']], [entrance('door', 'entrance', 'lone', 0.00006)]);
    expect(near.edges).toHaveLength(2);
    expect(near.edges[1]).toMatchObject({ inferred: true, verified: false });
    expect(near.edges[1]).toMatchObject({ to: near.nodeIds.indexOf('b') });
    expect(near.edges[1].meters).toBeCloseTo(3.25, 1);
  });
});
