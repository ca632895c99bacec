/**
 * What each campus-map feature is and how it is drawn. Every style pairs colour with a second cue (fill vs
 * hollow, solid vs dashed, a tooltip in words), described in the page's legend (body.html): a new style
 * (e.g. another route kind) is one entry here and one legend line there.
 */
import type L from 'leaflet';
import type { Feature } from './types.ts';

export type FeatureRole = 'building' | 'entrance' | 'edge' | 'footprint' | 'other';

export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/**
 * What a map feature is: its declared `feature` (building, entrance, path, connector), else recognised by its
 * geometry and properties. Any Polygon or MultiPolygon is drawn as a footprint (e.g. `feature: "footprint"`).
 */
export function roleOf(f: Feature): FeatureRole {
  const p = f.properties ?? {};
  const declared = str(p.feature) ?? str(p.featureType);
  const type = f.geometry?.type;
  if (type === 'Polygon' || type === 'MultiPolygon') return 'footprint';
  if (declared === 'building' || declared === 'entrance') return declared;
  if (declared === 'path' || declared === 'edge' || declared === 'connector') return 'edge';
  if (type === 'LineString') return 'edge';
  if ('accessibility' in p || 'onWalkingGraph' in p) return 'entrance';
  if ('code' in p && 'name' in p) return 'building';
  return 'other';
}

/** Step-free fact of an entrance → style and words. */
export function entranceStyle(accessibility: string | undefined): { opts: L.CircleMarkerOptions; words: string } {
  switch (accessibility) {
    case 'accessible':
      return { opts: { radius: 4.5, color: '#0b5e2a', weight: 2, fillColor: '#1e9e4a', fillOpacity: 1, className: 'entrance-point' }, words: 'step-free (verified)' };
    case 'not_accessible':
      return { opts: { radius: 4.5, color: '#7a2e00', weight: 2.5, fillColor: '#d9661f', fillOpacity: 1, dashArray: '2 2', className: 'entrance-point' }, words: 'not step-free' };
    default:
      return { opts: { radius: 4, color: '#59636e', weight: 2, fillColor: '#ffffff', fillOpacity: 1, className: 'entrance-point' }, words: 'step-free unknown' };
  }
}

/** A walking edge → style: stairs recorded (red, dotted, thicker) first, then verified (solid dark) or not (dashed lighter). */
export function edgeStyle(verification: string | undefined, stairs?: string): L.PolylineOptions {
  if (stairs === 'true') return { color: '#b3261e', weight: 3.5, opacity: 0.95, dashArray: '1 5', lineCap: 'round', interactive: false, className: 'walk-edge walk-edge-stairs' };
  return verification === 'verified' || verification === 'source-backed'
    ? { color: '#3c4650', weight: 2, opacity: 0.8, interactive: false, className: 'walk-edge' }
    : { color: '#8a6d00', weight: 2, opacity: 0.85, dashArray: '5 5', interactive: false, className: 'walk-edge' };
}

export const FOOTPRINT_STYLE: L.PathOptions = { color: '#5b6f84', weight: 1, fillColor: '#c9d6e3', fillOpacity: 0.55, className: 'footprint' };
export const BUILDING_STYLE: L.CircleMarkerOptions = { radius: 7, color: '#12324f', weight: 2, fillColor: '#5b8fc7', fillOpacity: 0.9, className: 'building-point' };
export const CHOSEN_STYLE: L.CircleMarkerOptions = { radius: 12, color: '#12324f', weight: 3, fillColor: '#f2a900', fillOpacity: 1, className: 'chosen-point' };
export const ROUTE_STYLE: L.PolylineOptions = { color: '#0b5cad', weight: 6, opacity: 0.9, className: 'route-line', smoothFactor: 0, noClip: true, interactive: false };
/** From a chosen building's point to the door a drawn path starts or ends at: dotted, thinner. */
function linkStyle(color: string): L.PolylineOptions {
  return { color, weight: 3, opacity: 0.9, dashArray: '2 6', className: 'route-link', smoothFactor: 0, noClip: true, interactive: false };
}
export const ROUTE_LINK_STYLE: L.PolylineOptions = linkStyle('#0b5cad');
/**
 * A step-free candidate (BEHAVIOUR §7): avoids every recorded stair but is NOT a verified step-free route —
 * orange, long dashes, thinner than a route, so it cannot be taken for one (legend: body.html).
 */
export const CANDIDATE_STYLE: L.PolylineOptions = { color: '#b34700', weight: 5, opacity: 0.95, dashArray: '12 8', className: 'candidate-line', smoothFactor: 0, noClip: true, interactive: false };
export const CANDIDATE_LINK_STYLE: L.PolylineOptions = { ...linkStyle('#b34700'), className: 'candidate-link' };
export const CANDIDATE_DOOR_STYLE: L.CircleMarkerOptions = { radius: 6, color: '#b34700', weight: 3, fillColor: '#ffffff', fillOpacity: 1, dashArray: '3 2', className: 'candidate-door' };
/** A door with a power opener (where its source records one): a second ring around its marker. */
export const POWER_DOOR_RING: L.CircleMarkerOptions = { radius: 8, color: '#0b5e2a', weight: 1.5, fill: false, interactive: false, className: 'power-door' };

/** The door a route uses: white with the route's colour. */
export const ROUTE_DOOR_STYLE: L.CircleMarkerOptions = { radius: 6, color: '#0b5cad', weight: 3, fillColor: '#ffffff', fillOpacity: 1, className: 'route-door' };

/** Building markers shrink when zoomed out, so a campus of hundreds of buildings stays readable. */
export const buildingRadius = (zoom: number): number => (zoom >= 17 ? 7 : zoom >= 15.5 ? 5 : 3.5);
