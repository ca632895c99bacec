/**
 * A routed result on the map: the walked path as published (one vertex per geometry position), the doors it
 * starts and ends at, and a dashed link from each chosen building's point to its door, so the line visibly
 * reaches the From and To markers without the path itself being changed or extended.
 */
import L from 'leaflet';
import { ROUTE_DOOR_STYLE, ROUTE_LINK_STYLE, ROUTE_STYLE } from './map-styles.ts';
import type { LineString } from './types.ts';

/** What is drawn for one route; `bounds` covers the path, its doors and the chosen buildings. */
export function routeLayers(geometry: LineString, from: L.LatLng | undefined, to: L.LatLng | undefined): { layers: L.Layer[]; bounds: L.LatLngBounds } {
  const path = geometry.coordinates.map(([lon, lat]) => L.latLng(lat!, lon!));
  const start = path[0]!;
  const end = path[path.length - 1]!;
  const layers: L.Layer[] = [L.polyline(path, ROUTE_STYLE)];
  const bounds = L.latLngBounds(path);
  for (const [building, door, label] of [[from, start, 'From'], [to, end, 'To']] as const) {
    if (building && !building.equals(door)) {
      layers.push(L.polyline([building, door], ROUTE_LINK_STYLE));
      bounds.extend(building);
    }
    layers.push(L.circleMarker(door, ROUTE_DOOR_STYLE).bindTooltip(`${label}: the door the walked path ${label === 'From' ? 'starts' : 'ends'} at`));
  }
  return { layers, bounds };
}
