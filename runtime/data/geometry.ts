/**
 * Route geometry (issue 10): the walked path of a precomputed route as a GeoJSON LineString, read from
 * the campus's stored paths (runtime/contract/paths.ts). Pure over the loaded dataset; shared by
 * POST /v1/routes and the GET form.
 */
import { readPath } from '../contract/paths.ts';
import { readRouteCell } from '../contract/matrix.ts';
import { OUTCOME, type LineString, type RouteMode } from '../domain/types.ts';
import type { CampusRoutes } from './load.ts';

export type { LineString };

/**
 * The path of the route [mode][from][to] (building indexes of the campus), or null unless the route is
 * `routed` and its path is stored (never a straight line drawn as if it were a path). A walk of 0 m (both
 * buildings join the graph at one position, e.g. a door they share) has no line to draw: null, never a
 * zero-length LineString.
 */
export function routeGeometry(routes: CampusRoutes, mode: RouteMode, from: number, to: number): LineString | null {
  const m = routes.modes.indexOf(mode);
  if (m < 0 || routes.paths === null) return null;
  if (OUTCOME[readRouteCell(routes.matrix, routes.n, m, from, to).outcome] !== 'routed') return null;
  const coordinates = readPath(routes.paths, routes.n, m, from, to);
  return coordinates !== null && coordinates.length >= 2 ? { type: 'LineString', coordinates } : null;
}

/**
 * The walked path of the step-free candidate [from][to], or null when there is none or it has fewer than
 * two positions (both doors at one node: nothing to draw).
 */
export function candidateGeometry(routes: CampusRoutes, from: number, to: number): LineString | null {
  if (routes.candidates === null) return null;
  const coordinates = routes.paths && readPath(routes.paths, routes.n, routes.candidates.family, from, to);
  return coordinates && coordinates.length >= 2 ? { type: 'LineString', coordinates } : null;
}
