/**
 * A routed result on the map: the walked path as published (one vertex per geometry position), the doors it
 * starts and ends at, and a dashed link from each chosen building's point to its door, so the line visibly
 * reaches the From and To markers without the path itself being changed or extended.
 */
import L from 'leaflet';
import { CANDIDATE_DOOR_STYLE, CANDIDATE_LINK_STYLE, CANDIDATE_STYLE, ROUTE_DOOR_STYLE, ROUTE_LINK_STYLE, ROUTE_STYLE } from './map-styles.ts';
import type { LineString } from './types.ts';

/** How a drawn path looks and what its doors' tooltips call it: a route, or a step-free candidate (never verified). */
export interface PathKind {
  line: L.PolylineOptions;
  link: L.PolylineOptions;
  door: L.CircleMarkerOptions;
  name: string;
}
export const ROUTE_PATH: PathKind = { line: ROUTE_STYLE, link: ROUTE_LINK_STYLE, door: ROUTE_DOOR_STYLE, name: 'the walked path' };
export const CANDIDATE_PATH: PathKind = {
  line: CANDIDATE_STYLE, link: CANDIDATE_LINK_STYLE, door: CANDIDATE_DOOR_STYLE,
  name: 'the step-free candidate (not a verified step-free route)',
};

/** What is drawn for one path; `bounds` covers the path, its doors and the chosen buildings. */
export function routeLayers(
  geometry: LineString, from: L.LatLng | undefined, to: L.LatLng | undefined, kind: PathKind = ROUTE_PATH,
): { layers: L.Layer[]; bounds: L.LatLngBounds } {
  const path = geometry.coordinates.map(([lon, lat]) => L.latLng(lat!, lon!));
  const start = path[0]!;
  const end = path[path.length - 1]!;
  const layers: L.Layer[] = [L.polyline(path, kind.line)];
  const bounds = L.latLngBounds(path);
  for (const [building, door, label] of [[from, start, 'From'], [to, end, 'To']] as const) {
    if (building && !building.equals(door)) {
      layers.push(L.polyline([building, door], kind.link));
      bounds.extend(building);
    }
    layers.push(L.circleMarker(door, kind.door).bindTooltip(`${label}: the door ${kind.name} ${label === 'From' ? 'starts' : 'ends'} at`));
  }
  return { layers, bounds };
}
