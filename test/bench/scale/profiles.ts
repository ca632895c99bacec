/**
 * The size distribution the synthetic campuses are drawn from: one profile per real campus of `sources/`
 * (read and validated with the build's own loader), i.e. the empirical distribution of the real data.
 */
import { loadSources } from '../../../build/load/load-sources.ts';
import { validateSources } from '../../../build/check/validate.ts';

export interface CampusProfile {
  /** The real campus the sizes come from (for the report only; nothing else of it is copied). */
  like: string;
  buildings: number;
  /** Share of the buildings that have a location point. */
  located: number;
  entrances: number;
  /** Share of the entrances that stand on a walking-graph node (0 without a graph). */
  onGraph: number;
  places: number;
  /** Walking graph size, or null when the campus has none. */
  graph: { nodes: number; edges: number } | null;
  /** Whether the graph publishes node coordinates (nodes.tsv). */
  nodeCoordinates: boolean;
}

export function realProfiles(sourcesDir: string): CampusProfile[] {
  const sources = validateSources(loadSources(sourcesDir));
  return sources.registry.campuses.map((reg, i) => {
    const file = sources.campuses[i]!;
    const graph = sources.graphs.get(reg.id);
    const nodeIds = new Set<string>();
    for (const e of graph?.edges ?? []) nodeIds.add(e.from).add(e.to);
    const share = (n: number, of: number) => (of === 0 ? 0 : n / of);
    return {
      like: reg.id,
      buildings: file.buildings.length,
      located: share(file.buildings.filter((b) => b.point !== null).length, file.buildings.length),
      entrances: file.entrances.length,
      onGraph: share(file.entrances.filter((e) => e.graphNode !== null).length, file.entrances.length),
      places: file.places.length,
      graph: graph ? { nodes: nodeIds.size, edges: graph.edges.length } : null,
      nodeCoordinates: graph?.nodes != null,
    };
  });
}
