/** The sentences under the campus picker and the map legend: what the campus has and what the map draws. */
import type { Drawn } from './map.ts';
import type { Campus } from './types.ts';

export function campusSummary(c: Campus, buildings: number, places: number): string {
  return `${buildings} buildings, ${places} places${c.walkingGraph ? ', mapped walking graph' : ', no mapped walking graph (routes are estimates)'}.`;
}

export function mapSummary(drawn: Drawn, buildings: number): string {
  return `Drawn: ${drawn.buildings} building points, ${drawn.entrances} entrances, ${drawn.edges} walking-path segments`
    + (drawn.footprints ? `, ${drawn.footprints} building footprints.` : '.')
    + (drawn.undrawnEdges ? ` ${drawn.undrawnEdges} walking-graph segments have no published coordinates and are not drawn.` : '')
    + (buildings > drawn.buildings ? ` ${buildings - drawn.buildings} buildings have no known location.` : '');
}
