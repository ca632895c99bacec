/**
 * The explorer's map: Leaflet with no tile layer at all: only the campus's own GeoJSON from
 * GET /v1/campuses/{id}/map is drawn (building footprints where a source publishes them, building points,
 * entrances by step-free fact, walking edges by verification, stairs apart) and the walked path of a routed result. Every style pairs colour with a second cue
 * (fill vs hollow, solid vs dashed, a tooltip in words), described in the page's legend.
 */
import L from 'leaflet';
import type { Building, Campus, Feature, FeatureCollection, LineString } from './types.ts';

export type FeatureRole = 'building' | 'footprint' | 'entrance' | 'edge' | 'other';

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** What a map feature is: its declared `feature` (building, entrance, path), else recognised by its properties. */
export function roleOf(f: Feature): FeatureRole {
  const p = f.properties ?? {};
  const declared = str(p.feature) ?? str(p.featureType);
  if (declared === 'building' || declared === 'entrance' || declared === 'footprint') return declared;
  if (declared === 'path' || declared === 'edge') return 'edge';
  if (f.geometry?.type === 'LineString') return 'edge';
  if (f.geometry?.type === 'Polygon' || f.geometry?.type === 'MultiPolygon') return 'footprint';
  if ('accessibility' in p || 'onWalkingGraph' in p) return 'entrance';
  if ('code' in p && 'name' in p) return 'building';
  return 'other';
}

/** Step-free fact of an entrance → style and words. */
export function entranceStyle(accessibility: string | undefined): { opts: L.CircleMarkerOptions; words: string } {
  switch (accessibility) {
    case 'accessible':
      return { opts: { radius: 4.5, color: '#0b5e2a', weight: 2, fillColor: '#1e9e4a', fillOpacity: 1 }, words: 'step-free (verified)' };
    case 'not_accessible':
      return { opts: { radius: 4.5, color: '#7a2e00', weight: 2.5, fillColor: '#d9661f', fillOpacity: 1, dashArray: '2 2' }, words: 'not step-free' };
    default:
      return { opts: { radius: 4, color: '#59636e', weight: 2, fillColor: '#ffffff', fillOpacity: 1 }, words: 'step-free unknown' };
  }
}

/** A walking edge → style: stairs recorded (red, dotted, thicker) first, then verified (solid dark) or not (dashed lighter). */
export function edgeStyle(verification: string | undefined, stairs?: string): L.PolylineOptions {
  if (stairs === 'true') return { color: '#b3261e', weight: 3.5, opacity: 0.95, dashArray: '1 5', lineCap: 'round' };
  return verification === 'verified' || verification === 'source-backed'
    ? { color: '#3c4650', weight: 2, opacity: 0.8 }
    : { color: '#8a6d00', weight: 2, opacity: 0.85, dashArray: '5 5' };
}

const FOOTPRINT_STYLE: L.PolylineOptions = { color: '#12324f', weight: 1, opacity: 0.6, fillColor: '#5b8fc7', fillOpacity: 0.18, interactive: false };
const BUILDING_STYLE: L.CircleMarkerOptions = { radius: 9, color: '#12324f', weight: 2, fillColor: '#5b8fc7', fillOpacity: 0.9 };
const CHOSEN_STYLE: L.CircleMarkerOptions = { radius: 12, color: '#12324f', weight: 3, fillColor: '#f2a900', fillOpacity: 1 };
const ROUTE_STYLE: L.PolylineOptions = { color: '#0b5cad', weight: 6, opacity: 0.9, className: 'route-line', smoothFactor: 0, noClip: true, interactive: false };

const pointOf = (f: Feature): L.LatLng | null =>
  f.geometry?.type === 'Point' ? L.latLng(f.geometry.coordinates[1], f.geometry.coordinates[0]) : null;

export class CampusMap {
  readonly map: L.Map;
  private readonly campusLayer = L.layerGroup();
  private readonly routeLayer = L.layerGroup();
  private readonly chosenLayer = L.layerGroup();
  /** Building code → its point (from the map's building features, else the building's location). */
  private points = new Map<string, L.LatLng>();

  constructor(container: HTMLElement, attribution: string) {
    this.map = L.map(container, { zoomSnap: 0.25, attributionControl: false, preferCanvas: false });
    L.control.attribution({ prefix: false }).addAttribution(attribution).addTo(this.map);
    L.control.scale({ imperial: false }).addTo(this.map);
    this.campusLayer.addTo(this.map);
    this.chosenLayer.addTo(this.map);
    this.routeLayer.addTo(this.map);
    this.map.setView([43.55, -79.66], 15);
  }

  /** Draws a campus: its map features when given, else the buildings' own locations. */
  showCampus(campus: Campus, buildings: Building[], map: FeatureCollection | null): { buildings: number; entrances: number; edges: number; undrawnEdges: number } {
    this.campusLayer.clearLayers();
    this.routeLayer.clearLayers();
    this.chosenLayer.clearLayers();
    this.points = new Map();
    const counts = { buildings: 0, entrances: 0, edges: 0, undrawnEdges: 0 };
    const footprints: L.Layer[] = [];
    const edges: L.Layer[] = [];
    const entrances: L.Layer[] = [];
    const marks: L.Layer[] = [];
    for (const f of map?.features ?? []) {
      const p = f.properties ?? {};
      const role = roleOf(f);
      // Features without geometry (e.g. UTM's graph edges: its graph publishes no node coordinates) are not drawn.
      if (role === 'edge' && f.geometry?.type === 'LineString') {
        const verification = str(p.verification) ?? str(p.verificationStatus);
        const line = L.polyline(f.geometry.coordinates.map(([lon, lat]) => L.latLng(lat, lon)), { ...edgeStyle(verification, str(p.stairs)), interactive: false });
        edges.push(line);
        counts.edges++;
      } else if (role === 'edge') {
        counts.undrawnEdges++;
      } else if (role === 'footprint' && (f.geometry?.type === 'Polygon' || f.geometry?.type === 'MultiPolygon')) {
        const ring = (r: number[][]) => r.map(([lon, lat]) => L.latLng(lat, lon));
        const shape = f.geometry.type === 'Polygon' ? f.geometry.coordinates.map(ring) : f.geometry.coordinates.map((poly) => poly.map(ring));
        footprints.push(L.polygon(shape, FOOTPRINT_STYLE));
      } else if (role === 'entrance') {
        const at = pointOf(f);
        if (!at) continue;
        const { opts, words } = entranceStyle(str(p.accessibility));
        const name = [str(p.building), str(p.id)].filter(Boolean).join(' ');
        entrances.push(L.circleMarker(at, opts).bindTooltip(`Entrance ${name}: ${words}${p.verificationStatus ? ` · ${String(p.verificationStatus)}` : ''}`));
        counts.entrances++;
      } else if (role === 'building') {
        const at = pointOf(f);
        const code = str(p.code);
        if (!at || !code) continue;
        this.points.set(code, at);
        marks.push(this.buildingMarker(at, code, str(p.name) ?? code, str(p.locationKind) ?? str(p.kind)));
        counts.buildings++;
      }
    }
    for (const b of buildings) {
      if (this.points.has(b.code) || !b.location) continue;
      const at = L.latLng(b.location.lat, b.location.lon);
      this.points.set(b.code, at);
      marks.push(this.buildingMarker(at, b.code, b.name, b.location.kind));
      counts.buildings++;
    }
    for (const layer of [...footprints, ...edges, ...marks, ...entrances]) this.campusLayer.addLayer(layer);
    this.fitCampus(campus);
    return counts;
  }

  private buildingMarker(at: L.LatLng, code: string, name: string, kind: string | undefined): L.Layer {
    return L.circleMarker(at, BUILDING_STYLE).bindTooltip(`${code}: ${name}${kind ? ` (point: ${kind})` : ''}`);
  }

  private fitCampus(campus: Campus): void {
    const pts = [...this.points.values()];
    if (pts.length > 1) this.map.fitBounds(L.latLngBounds(pts), { padding: [24, 24] });
    else if (campus.bounds) {
      const [[w, s], [e, n]] = campus.bounds;
      this.map.fitBounds([[s, w], [n, e]]);
    }
  }

  /** Marks the chosen buildings (from, to) with a larger, differently filled marker and a label. */
  markChosen(from: string | undefined, to: string | undefined): void {
    this.chosenLayer.clearLayers();
    for (const [code, label] of [[from, 'From'], [to, 'To']] as const) {
      const at = code ? this.points.get(code) : undefined;
      if (at) this.chosenLayer.addLayer(L.circleMarker(at, CHOSEN_STYLE).bindTooltip(`${label}: ${code}`, { permanent: true, direction: 'top' }));
    }
  }

  /** Draws a routed path (GeoJSON [lon, lat] positions, one vertex each); null clears it. */
  showRoute(geometry: LineString | null | undefined): void {
    this.routeLayer.clearLayers();
    if (!geometry || geometry.coordinates.length < 2) return;
    const line = L.polyline(geometry.coordinates.map(([lon, lat]) => L.latLng(lat, lon)), ROUTE_STYLE);
    this.routeLayer.addLayer(line);
    this.map.fitBounds(line.getBounds(), { padding: [40, 40], maxZoom: 18 });
  }

  focus(code: string): void {
    const at = this.points.get(code);
    if (at) this.map.panTo(at);
  }
}
