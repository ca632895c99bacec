/**
 * The credit for what the map shows, per campus, from the campus map's own foreign members (`attribution`,
 * `license` of GET /v1/campuses/{id}/map): written as text (never as HTML) in the map's attribution control
 * and in the page footer. Without a map, the API's root record's attribution stands in.
 */
import L from 'leaflet';
import type { FeatureCollection } from './types.ts';

/** "Attribution — licence", from the map's members; `fallback` when the map has none. */
export function creditOf(map: Pick<FeatureCollection, 'attribution' | 'license'> | null, fallback: string): string {
  const parts = [map?.attribution, map?.license].map((s) => s?.trim()).filter((s): s is string => !!s);
  return parts.length ? parts.join(' — ') : fallback;
}

/** Leaflet's attribution corner with plain text (its own control takes HTML). */
export class CreditControl extends L.Control {
  private readonly box = L.DomUtil.create('div', 'leaflet-control-attribution');

  constructor() {
    super({ position: 'bottomright' });
  }

  override onAdd(): HTMLElement {
    return this.box;
  }

  set(text: string): void {
    this.box.textContent = text;
  }
}
