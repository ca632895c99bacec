/**
 * Fitting the map to what it draws while keeping it clear of the map's own controls (zoom buttons, scale,
 * attribution): the padding above and below the fitted area is the height the controls take in the top and
 * bottom corners, plus room for a marker's radius, so no marker ends up under a control.
 */
import type L from 'leaflet';

/** A marker's radius and its outline, in pixels: kept between the fitted area and the map's edges. */
const MARGIN = 16;

export function controlPadding(map: L.Map): { paddingTopLeft: L.PointTuple; paddingBottomRight: L.PointTuple } {
  const box = map.getContainer().getBoundingClientRect();
  let top = 0;
  let bottom = 0;
  for (const control of map.getContainer().querySelectorAll('.leaflet-control')) {
    const r = control.getBoundingClientRect();
    if (r.height === 0) continue;
    if (r.top + r.height / 2 < box.top + box.height / 2) top = Math.max(top, r.bottom - box.top);
    else bottom = Math.max(bottom, box.bottom - r.top);
  }
  return { paddingTopLeft: [MARGIN, top + MARGIN], paddingBottomRight: [MARGIN, bottom + MARGIN] };
}

/** Fits `bounds` inside the area the controls leave free; `maxZoom` caps the zoom for small areas. */
export function fitClear(map: L.Map, bounds: L.LatLngBounds, maxZoom?: number): void {
  if (!bounds.isValid()) return;
  map.fitBounds(bounds, { ...controlPadding(map), ...(maxZoom === undefined ? {} : { maxZoom }) });
}
