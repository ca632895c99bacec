/**
 * Route geometry (issue 10): the walked path of a precomputed route as a GeoJSON LineString, read from
 * the campus's stored paths (runtime/contract/paths.ts). Pure over the loaded dataset; shared by
 * POST /v1/routes and the GET form.
 */
import { readPath } from '../contract/paths.ts';
import { readRouteCell } from '../contract/matrix.ts';
import { OUTCOME, type RouteMode } from '../domain/types.ts';
import type { CampusRoutes } from './load.ts';

export interface LineString {
  type: 'LineString';
  /** [lon, lat]: the from-entrance, every graph node in order, the to-entrance. */
  coordinates: [number, number][];
}

/**
 * The path of the route [mode][from][to] (building indexes of the campus), or null unless the route is
 * `routed` and its path is stored (never a straight line drawn as if it were a path; UTM publishes no
 * node coordinates). A path of one node (both buildings join the graph at the same node) is that
 * position twice.
 */
export function routeGeometry(routes: CampusRoutes, mode: RouteMode, from: number, to: number): LineString | null {
  const m = routes.modes.indexOf(mode);
  if (m < 0 || routes.paths === null) return null;
  if (OUTCOME[readRouteCell(routes.matrix, routes.n, m, from, to).outcome] !== 'routed') return null;
  const coordinates = readPath(routes.paths, routes.n, m, from, to);
  if (coordinates === null) return null;
  return { type: 'LineString', coordinates: coordinates.length === 1 ? [coordinates[0], coordinates[0]] : coordinates };
}
