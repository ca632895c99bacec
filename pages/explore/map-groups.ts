/**
 * Entrances grouped when zoomed out: points that fall in one cell of a pixel grid at the current zoom are drawn
 * as one round badge with their count (its tooltip says how many are step-free, not, or unknown; a click zooms
 * to them); from DOORS_ZOOM on, or alone in their cell, each is drawn as itself. The grid is anchored to the
 * projected plane, not the view, so panning never regroups: only a zoom change does.
 */
import L from 'leaflet';

/** Zoom from which every entrance is drawn on its own. */
export const DOORS_ZOOM = 18;
/** Grid cell size in screen pixels. */
export const CELL_PX = 36;

/** Groups items whose projected points share a grid cell; groups and their items keep the input order. */
export function gridGroups<T>(points: readonly { x: number; y: number; item: T }[], cell: number): T[][] {
  const cells = new Map<string, T[]>();
  for (const p of points) {
    const key = `${Math.floor(p.x / cell)},${Math.floor(p.y / cell)}`;
    const group = cells.get(key);
    if (group) group.push(p.item);
    else cells.set(key, [p.item]);
  }
  return [...cells.values()];
}

export interface Door {
  at: L.LatLng;
  /** The entrance drawn on its own. */
  marker: L.Layer;
  /** Its step-free fact in words (entranceStyle). */
  words: string;
}

function summary(doors: Door[]): string {
  const counts = new Map<string, number>();
  for (const d of doors) counts.set(d.words, (counts.get(d.words) ?? 0) + 1);
  return [...counts].map(([words, n]) => `${n} ${words}`).join(', ');
}

function badge(doors: Door[], map: L.Map): L.Marker {
  const bounds = L.latLngBounds(doors.map((d) => d.at));
  const label = document.createElement('span');
  label.textContent = String(doors.length);
  const marker = L.marker(bounds.getCenter(), {
    icon: L.divIcon({ html: label, className: 'door-group', iconSize: [26, 26] }),
    keyboard: false, // the panel lists what the map shows; the map itself stays one tab stop
  });
  marker.bindTooltip(`${doors.length} entrances here (${summary(doors)}). Click or zoom in to see each.`);
  marker.on('click', () => map.fitBounds(bounds.pad(0.5), { maxZoom: DOORS_ZOOM }));
  return marker;
}

/** A layer of entrances, regrouped on every zoom change. */
export class DoorGroups {
  readonly layer = L.layerGroup();
  private doors: Door[] = [];

  constructor(private readonly map: L.Map) {
    map.on('zoomend', () => this.render());
  }

  set(doors: Door[]): void {
    this.doors = doors;
    this.render();
  }

  render(): void {
    this.layer.clearLayers();
    const zoom = this.map.getZoom();
    if (zoom >= DOORS_ZOOM) {
      for (const d of this.doors) this.layer.addLayer(d.marker);
      return;
    }
    const points = this.doors.map((d) => ({ ...this.map.project(d.at, zoom), item: d }));
    for (const group of gridGroups(points, CELL_PX)) {
      this.layer.addLayer(group.length === 1 ? group[0]!.marker : badge(group, this.map));
    }
  }
}
