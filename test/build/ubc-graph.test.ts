/**
 * UBC's committed walking graph (sources/graphs/ubc-vancouver/) carries the facts its source states, per
 * segment, and the build's in-memory graph keeps them: stairs only where recorded (never "false" from a
 * missing record), crossings exactly on the crossing road types, the road type and the native record of
 * each segment, indoor only for the building-inside type; UBC's entrances join it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSources } from '../../build/load/load-sources.ts';
import { validateSources } from '../../build/check/validate.ts';
import { buildCampusGraph } from '../../build/compile/routes/graph.ts';
import { REAL_SOURCES } from './helpers.ts';

const sources = validateSources(loadSources(REAL_SOURCES));
const graph = sources.graphs.get('ubc-vancouver')!;
const campus = sources.campuses.find((c) => c.campus === 'ubc-vancouver')!;

describe('UBC walking graph: the source\'s facts per segment', () => {
  it('meta: UBC\'s 2022-04-01 network, its own source record, walkers both ways', () => {
    expect(graph.meta).toMatchObject({ sourceId: 'ubc-geodata-routes-2022-04', lastVerified: '2022-04-01', retrievedAt: null, direction: 'assumed-bidirectional' });
    expect(campus.sources.find((s) => s.id === graph.meta.sourceId)).toMatchObject({ attribution: 'University of British Columbia', license: expect.stringMatching(/PDDL/) });
  });

  it('every segment names its record; the facts of one record are the same on all its segments', () => {
    const byRecord = new Map<string, string>();
    const wrong: string[] = []; // collected: one assertion over 24,606 rows
    for (const e of graph.edges) {
      if (!/^routes-2022-04-01\.geojson#\d+$/.test(e.sourceRef ?? '') || e.osm !== '-') wrong.push(`${e.id}: sourceRef ${e.sourceRef}, osm ${e.osm}`);
      const facts = [e.stairs, e.crossing, e.pathType, e.environment, e.bidirectional, e.accessibility, e.verification].join('|');
      if ((byRecord.get(e.sourceRef!) ?? facts) !== facts) wrong.push(`${e.id}: ${facts} differs from its record's other segments`);
      byRecord.set(e.sourceRef!, facts);
    }
    expect(wrong).toEqual([]);
    expect(byRecord.size).toBe(4735);
  });

  it('stairs: recorded on 244 segments, "false" only where STAIRS = N (3 segments of 2 records), unknown elsewhere', () => {
    const count = (v: string) => graph.edges.filter((e) => e.stairs === v).length;
    expect([count('true'), count('false'), count('unknown')]).toEqual([244, 3, graph.edges.length - 247]);
    expect(new Set(graph.edges.filter((e) => e.stairs === 'false').map((e) => e.sourceRef)).size).toBe(2);
  });

  it('crossings exactly on Crosswalk / Street_Crossing; unknown without a road type; indoor only inside buildings', () => {
    const wrong = graph.edges.filter((e) => {
      const crossingType = e.pathType === 'Crosswalk' || e.pathType === 'Street_Crossing';
      return e.crossing !== (e.pathType === '-' ? 'unknown' : crossingType ? 'true' : 'false') || (e.environment === 'indoor') !== (e.pathType === 'Bldg_Inside');
    });
    expect(wrong.map((e) => `${e.id} ${e.pathType} ${e.crossing} ${e.environment}`)).toEqual([]);
    expect(graph.edges.filter((e) => e.crossing === 'true').length).toBe(981);
  });

  it('the in-memory graph keeps them, and UBC\'s entrances join it (7 at their own node, the rest within 50 m)', () => {
    const g = buildCampusGraph(graph, campus.entrances, []);
    const source = g.edges.slice(0, g.sourceEdgeCount);
    expect(source.filter((e) => e.stairs === 'true').length).toBe(244);
    expect(source.filter((e) => e.crossing === 'true').every((e) => e.pathType === 'Crosswalk' || e.pathType === 'Street_Crossing')).toBe(true);
    expect(source.every((e) => e.verified && !e.accessible && !e.oneWay && e.sourceRef !== null)).toBe(true);
    expect(campus.entrances.filter((e) => e.graphNode !== null)).toHaveLength(7);
    expect(g.attachment.size).toBe(903);
    expect(g.snappedEntrances).toBe(896);
  });

  it('nodes.tsv: every node once, ids derived from the coordinates (7 decimals)', () => {
    const nodes = readFileSync(join(REAL_SOURCES, 'graphs', 'ubc-vancouver', 'nodes.tsv'), 'utf8').trim().split('\n').slice(1);
    const ids = new Set<string>();
    const wrong: string[] = [];
    for (const row of nodes) {
      const [id, lon, lat] = row.split('\t');
      if (ids.has(id) || !id.startsWith(`ubc-${Number(lon).toFixed(7)},${Number(lat).toFixed(7)}`)) wrong.push(row);
      ids.add(id);
    }
    expect(wrong).toEqual([]);
    expect(ids.size).toBe(graph.nodes!.length);
  });
});
