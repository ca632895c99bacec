/**
 * The explorer's map: Leaflet with no tile layer at all: only the campus's own GeoJSON from
 * GET /v1/campuses/{id}/map is drawn (footprints, walking edges by verification and stairs, buildings, entrances by
 * step-free fact, grouped when zoomed out, building codes when zoomed in) and the walked path of a routed
 * result with the doors it uses. Styles: map-styles.ts; each layer's own logic: map-*.ts.
 */
import L from 'leaflet';
import { CreditControl } from './attribution.ts';
import { fitClear } from './map-fit.ts';
import { DoorGroups, type Door } from './map-groups.ts';
import { CodeLabels } from './map-labels.ts';
import { ROUTE_PATH, routeLayers, type PathKind } from './map-route.ts';
import { BUILDING_STYLE, buildingRadius, CHOSEN_STYLE, edgeStyle, entranceStyle, FOOTPRINT_STYLE, POWER_DOOR_RING, roleOf, str } from './map-styles.ts';
import type { Area, Building, Campus, Feature, FeatureCollection, LineString } from './types.ts';

export interface Drawn {
  buildings: number;
  entrances: number;
  edges: number;
  undrawnEdges: number;
  footprints: number;
}

const pointOf = (f: Feature): L.LatLng | null =>
  f.geometry?.type === 'Point' ? L.latLng(f.geometry.coordinates[1]!, f.geometry.coordinates[0]!) : null;

export class CampusMap {
  readonly map: L.Map;
  private readonly credit = new CreditControl();
  private readonly campusLayer = L.layerGroup();
  private readonly chosenLayer = L.layerGroup();
  private readonly routeLayer = L.layerGroup();
  private readonly doors: DoorGroups;
  private readonly labels: CodeLabels;
  private buildingMarkers: L.CircleMarker[] = [];
  /** Everything drawn for the campus (the map fits it whole). */
  private extent = L.latLngBounds([]);
  /** Building code → its point (from the map's building features, else the building's location). */
  private points = new Map<string, L.LatLng>();

  constructor(container: HTMLElement) {
    this.map = L.map(container, { zoomSnap: 0.25, attributionControl: false, preferCanvas: false });
    this.credit.addTo(this.map);
    L.control.scale({ imperial: false }).addTo(this.map);
    this.doors = new DoorGroups(this.map);
    this.labels = new CodeLabels(this.map);
    for (const layer of [this.campusLayer, this.doors.layer, this.chosenLayer, this.routeLayer, this.labels.layer]) layer.addTo(this.map);
    this.map.on('zoomend', () => this.buildingMarkers.forEach((m) => m.setRadius(buildingRadius(this.map.getZoom()))));
    this.map.setView([43.55, -79.66], 15);
    // The map's box changes with the panel and legend around it; Leaflet only watches the window.
    new ResizeObserver(() => this.map.invalidateSize({ pan: false })).observe(container);
  }

  /** The credit line for what is drawn (attribution and licence of the campus's map). */
  setCredit(text: string): void {
    this.credit.set(text);
  }

  /** Draws a campus: its map features when given, else the buildings' own locations (fitCampus shows the campus's extent). */
  showCampus(campus: Campus, buildings: Building[], map: FeatureCollection | null): Drawn {
    for (const layer of [this.campusLayer, this.routeLayer, this.chosenLayer]) layer.clearLayers();
    this.points = new Map();
    this.buildingMarkers = [];
    const counts: Drawn = { buildings: 0, entrances: 0, edges: 0, undrawnEdges: 0, footprints: 0 };
    const areas: L.Layer[] = [];
    const edges: L.Layer[] = [];
    const doors: Door[] = [];
    for (const f of map?.features ?? []) {
      const p = f.properties ?? {};
      const role = roleOf(f);
      if (role === 'footprint') {
        const code = str(p.building) ?? str(p.code); // the building's code (campus maps write it as `building`)
        const area = L.geoJSON(f.geometry as Area, { style: FOOTPRINT_STYLE, interactive: !!code });
        if (code) area.bindTooltip(`Footprint of ${code}${str(p.name) ? `: ${str(p.name)}` : ''}`);
        areas.push(area);
        counts.footprints++;
      } else if (role === 'edge' && f.geometry?.type === 'LineString') {
        // Features without geometry (e.g. UTM's graph edges: its graph publishes no node coordinates) are not drawn.
        const line = L.polyline(f.geometry.coordinates.map(([lon, lat]) => L.latLng(lat!, lon!)), edgeStyle(str(p.verification) ?? str(p.verificationStatus), str(p.stairs)));
        edges.push(line);
        counts.edges++;
      } else if (role === 'edge') {
        counts.undrawnEdges++;
      } else if (role === 'entrance') {
        const at = pointOf(f);
        if (!at) continue;
        const { opts, words } = entranceStyle(str(p.accessibility));
        const name = [str(p.building), str(p.id)].filter(Boolean).join(' ');
        const power = p.powerDoor === true ? ' · power door' : p.powerDoor === false ? ' · no power door' : '';
        const tooltip = `Entrance ${name}: ${words}${power}${p.verificationStatus ? ` · ${String(p.verificationStatus)}` : ''}`;
        const door = L.circleMarker(at, opts);
        const marker = (p.powerDoor === true ? L.featureGroup([L.circleMarker(at, POWER_DOOR_RING), door]) : door).bindTooltip(tooltip);
        doors.push({ at, marker, words });
        counts.entrances++;
      } else if (role === 'building') {
        const at = pointOf(f);
        const code = str(p.code);
        if (!at || !code) continue;
        this.addBuilding(at, code, str(p.name) ?? code, str(p.locationKind) ?? str(p.kind));
        counts.buildings++;
      }
    }
    for (const b of buildings) {
      if (this.points.has(b.code) || !b.location) continue;
      const at = L.latLng(b.location.lat, b.location.lon);
      this.addBuilding(at, b.code, b.name, b.location.kind);
      counts.buildings++;
    }
    for (const layer of [...areas, ...edges, ...this.buildingMarkers]) this.campusLayer.addLayer(layer);
    // The box of everything the map draws, as the build computed it (the campus's bounds when it has no map).
    const box = (map?.extent ?? campus.extent ?? campus.bounds) as [[number, number], [number, number]] | null | undefined;
    this.extent = box ? L.latLngBounds([box[0][1], box[0][0]], [box[1][1], box[1][0]]) : L.latLngBounds([]);
    this.doors.set(doors); // regrouped on each zoom change
    this.labels.set(this.points);
    return counts;
  }

  private addBuilding(at: L.LatLng, code: string, name: string, kind: string | undefined): void {
    this.points.set(code, at);
    const marker = L.circleMarker(at, { ...BUILDING_STYLE, radius: buildingRadius(this.map.getZoom()) })
      .bindTooltip(`${code}: ${name}${kind ? ` (point: ${kind})` : ''}`);
    this.buildingMarkers.push(marker);
  }

  /** Marks the chosen buildings (from, to) with a larger, differently filled marker and a label. */
  markChosen(from: string | undefined, to: string | undefined): void {
    this.chosenLayer.clearLayers();
    const chosen = [from, to].filter((c): c is string => !!c);
    for (const [code, label] of [[from, 'From'], [to, 'To']] as const) {
      const at = code ? this.points.get(code) : undefined;
      if (at) this.chosenLayer.addLayer(L.circleMarker(at, CHOSEN_STYLE).bindTooltip(`${label}: ${code}`, { permanent: true, direction: 'top', offset: [0, -10] }));
    }
    this.labels.set(this.points, chosen);
  }

  /**
   * Draws a routed path (or, in its own style, a step-free candidate) with the doors it uses and the links to
   * the chosen buildings; null clears it.
   */
  showRoute(geometry: LineString | null | undefined, from?: string, to?: string, kind: PathKind = ROUTE_PATH): void {
    this.routeLayer.clearLayers();
    this.map.invalidateSize({ pan: false });
    if (!geometry || geometry.coordinates.length < 2) return;
    const { layers, bounds } = routeLayers(geometry, from ? this.points.get(from) : undefined, to ? this.points.get(to) : undefined, kind);
    for (const layer of layers) this.routeLayer.addLayer(layer);
    fitClear(this.map, bounds, 18);
  }

  /** Fits everything drawn for the campus, network included, once the page around the map has its final layout. */
  fitCampus(): void {
    this.map.invalidateSize({ pan: false });
    fitClear(this.map, this.extent);
  }

  focus(code: string): void {
    const at = this.points.get(code);
    if (at) this.map.panTo(at);
  }
}
