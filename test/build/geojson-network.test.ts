/**
 * The general GeoJSON line-network importer (build/tools/geojson-network.ts) on a small fixture network,
 * with UBC's mapping (build/tools/ubc-geodata.ts): noding at shared end points and at an end point on
 * another line's interior vertex, never at a vertex two lines merely share, PEDESTRIAN_ACCESS = N left
 * out, broken records reported as `file#feature: reason`, deterministic rows.
 */
import { describe, expect, it } from 'vitest';
import { importLineNetwork, readLines, tsvText, NETWORK_EDGE_COLUMNS } from '../../build/tools/geojson-network.ts';
import { UBC_ROUTES } from '../../build/tools/ubc-geodata.ts';

const line = (coordinates: number[][], props: Record<string, unknown> = {}) => ({
  type: 'Feature',
  properties: { ROAD_TYPE: 'Sidewalk', STAIRS: null, PEDESTRIAN_ACCESS: 'Y', ...props },
  geometry: { type: 'LineString', coordinates },
});

// 0.0001° ≈ 7–11 m. A: a straight path with interior vertex (1,0); B ends on A's interior vertex (1,0);
// C shares A's end point (2,0); D and E cross at (5,5), an interior vertex of both (an overpass: not joined);
// F is a road closed to walkers; G has no geometry; H has one position; I is stairs, J a crosswalk.
const P = (x: number, y: number) => [-123.25 + x * 1e-4, 49.26 + y * 1e-4];
const FIXTURE = {
  type: 'FeatureCollection',
  features: [
    line([P(0, 0), P(1, 0), P(2, 0)]), // 0: A
    line([P(1, 3), P(1, 0)]), // 1: B
    line([P(2, 0), P(3, 0)]), // 2: C
    line([P(4, 5), P(5, 5), P(6, 5)]), // 3: D
    line([P(5, 4), P(5, 5), P(5, 6)]), // 4: E
    line([P(3, 0), P(3, 3)], { PEDESTRIAN_ACCESS: 'N', ROAD_TYPE: 'Local' }), // 5: F
    { type: 'Feature', properties: { PEDESTRIAN_ACCESS: 'Y' }, geometry: null }, // 6: G
    line([P(7, 7), P(7, 7)]), // 7: H
    line([P(3, 0), P(3, 1)], { STAIRS: 'Y' }), // 8: I
    line([P(0, 0), P(0, 1)], { ROAD_TYPE: 'Crosswalk', STAIRS: 'N' }), // 9: J
    line([P(0, 1), P(0, 2)], { STAIRS: 'Maybe' }), // 10: unreadable attribute
    { type: 'Feature', properties: { PEDESTRIAN_ACCESS: null, ROAD_TYPE: 'Bldg_Inside' }, geometry: { type: 'MultiLineString', coordinates: [[P(3, 3), P(4, 3)], [P(4, 3), P(4, 4)]] } }, // 11
  ],
};
const id = (x: number, y: number) => `ubc-${P(x, y)[0].toFixed(7)},${P(x, y)[1].toFixed(7)}`;

describe('GeoJSON line-network importer', () => {
  const result = importLineNetwork(FIXTURE, UBC_ROUTES);
  const edgesOf = (record: number) => result.edges.filter((e) => e.sourceRef === `routes-2022-04-01.geojson#${record}`);

  it('nodes lines at shared end points and where an end point lies on another line\'s vertex', () => {
    const a = edgesOf(0);
    expect(a.map((e) => [e.from, e.to])).toEqual([[id(0, 0), id(1, 0)], [id(1, 0), id(2, 0)]]);
    expect(edgesOf(1).map((e) => [e.from, e.to])).toEqual([[id(1, 3), id(1, 0)]]); // B joins A at its vertex
    expect(edgesOf(2)[0].from).toBe(id(2, 0)); // C continues A
    expect(result.stats).toMatchObject({ features: 12, imported: 8, splitAtEndPoints: 1, unjoinedSharedVertices: 1 });
  });

  it('does not join two lines that only share an interior vertex (an overpass is not an intersection)', () => {
    const [d, e] = [edgesOf(3), edgesOf(4)];
    expect(d[0].to).toBe(`${id(5, 5)}~3.0.1`);
    expect(e[0].to).toBe(`${id(5, 5)}~4.0.1`);
    expect(new Set([...d, ...e].flatMap((x) => [x.from, x.to])).size).toBe(6);
  });

  it('leaves out what is closed to walkers and reports what cannot be read as file#feature: reason', () => {
    expect(result.excluded).toEqual({ 'PEDESTRIAN_ACCESS = N (closed to walkers)': 1 });
    expect(edgesOf(5)).toEqual([]);
    expect(result.problems).toEqual([
      'routes-2022-04-01.geojson#6: no geometry',
      'routes-2022-04-01.geojson#7: fewer than 2 distinct positions',
      'routes-2022-04-01.geojson#10: STAIRS "Maybe" is not Y, Steep, N or null',
    ]);
    expect([6, 7, 10].flatMap(edgesOf)).toEqual([]); // left out whole, never half-imported
  });

  it('carries the source\'s facts: stairs (never "false" from a missing record), crossings, path type, indoor, provenance', () => {
    expect(edgesOf(8)[0]).toMatchObject({ stairs: 'true', crossing: 'false', pathType: 'Sidewalk' });
    expect(edgesOf(9)[0]).toMatchObject({ stairs: 'false', crossing: 'true', pathType: 'Crosswalk' });
    expect(edgesOf(0).every((e) => e.stairs === 'unknown')).toBe(true);
    expect(edgesOf(11).map((e) => [e.id, e.environment, e.from, e.to])).toEqual([
      ['ubc-route-11.0', 'indoor', id(3, 3), id(4, 3)],
      ['ubc-route-11.1', 'indoor', id(4, 3), id(4, 4)],
    ]);
    for (const e of result.edges) {
      expect(e).toMatchObject({ bidirectional: 'true', accessibility: 'unknown', verification: 'verified', osm: '-' });
      expect(e.meters).toBeGreaterThan(0);
    }
    expect(edgesOf(1)[0].meters).toBeCloseTo(33.36, 1); // 0.0003° of latitude
  });

  it('every edge endpoint is a node with its coordinates; the same input gives the same bytes', () => {
    const nodes = new Map(result.nodes.map((n) => [n.id, n]));
    for (const e of result.edges) expect(nodes.has(e.from) && nodes.has(e.to)).toBe(true);
    expect(nodes.get(id(1, 0))).toEqual({ id: id(1, 0), lon: P(1, 0)[0], lat: P(1, 0)[1], osm: '-' });
    const again = importLineNetwork(JSON.parse(JSON.stringify(FIXTURE)), UBC_ROUTES);
    expect(tsvText(NETWORK_EDGE_COLUMNS, again.edges)).toBe(tsvText(NETWORK_EDGE_COLUMNS, result.edges));
    expect(again.nodes).toEqual(result.nodes);
  });

  it('a file that is not a FeatureCollection is one problem, not a crash', () => {
    for (const bad of [null, 42, { type: 'Feature' }, { type: 'FeatureCollection', features: {} }]) {
      expect(importLineNetwork(bad, UBC_ROUTES)).toMatchObject({ edges: [], nodes: [], problems: ['routes-2022-04-01.geojson: not a GeoJSON FeatureCollection with a features array'] });
    }
  });

  it('geometry errors are named', () => {
    expect(readLines({ type: 'Point', coordinates: [0, 0] })).toBe('geometry type "Point" is not a LineString or MultiLineString');
    expect(readLines({ type: 'LineString', coordinates: [[0, 0], ['x', 1]] })).toBe('position 1 is not [lon, lat] in numbers');
    expect(readLines({ type: 'LineString', coordinates: [[0, 0], [200, 1]] })).toBe('position 1 [200, 1] is outside WGS 84 lon/lat');
    expect(readLines({ type: 'MultiLineString', coordinates: [[[0, 0], [1, 1]], 'x'] })).toBe('line 1: coordinates are not an array of positions');
    expect(readLines({ type: 'LineString', coordinates: [[0, 0], [0.00000001, 0]] })).toBe('fewer than 2 distinct positions');
  });
});
