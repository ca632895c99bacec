/**
 * Building codes as labels when zoomed in (from LABEL_ZOOM on), beside each building's point. A label that
 * would overlap one already placed is left out (code order), so dense campuses stay readable and zooming in
 * shows more of them. The chosen buildings' places are taken first; their From/To marks name them already. Labels are decoration for sighted users: every
 * building is named in its tooltip and listed in the panel.
 */
import L from 'leaflet';

export const LABEL_ZOOM = 16;
/** The labels' font (as in explore.css `.code-label`) and the room around their text: padding, then a gap. */
const FONT = '700 11px system-ui, sans-serif';
const PAD = 3 + 2;
const HALF_HEIGHT = 9;
let measure: CanvasRenderingContext2D | null | undefined;
/** Width of a code in the labels' font, in pixels (estimated when the canvas cannot measure). */
const widths = new Map<string, number>();
function textWidth(code: string): number {
  let w = widths.get(code);
  if (w === undefined) {
    measure ??= document.createElement('canvas').getContext('2d');
    if (measure) measure.font = FONT;
    w = measure ? Math.ceil(measure.measureText(code).width) : 8 * code.length;
    widths.set(code, w);
  }
  return w;
}

/** Box of a label in pixels: right of its point (see iconAnchor below). */
const boxOf = (width: number, x: number, y: number) => ({ x0: x + 8 - PAD, y0: y - HALF_HEIGHT, x1: x + 8 + width + PAD, y1: y + HALF_HEIGHT });
type Box = ReturnType<typeof boxOf>;
const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** Which of the labels fit without overlapping, in priority order (pure: projected points and text widths in, codes out). */
export function placeLabels(items: readonly { code: string; x: number; y: number }[], width: (code: string) => number = textWidth): string[] {
  const placed: Box[] = [];
  const out: string[] = [];
  for (const { code, x, y } of items) {
    const box = boxOf(width(code), x, y);
    if (placed.some((p) => overlaps(p, box))) continue;
    placed.push(box);
    out.push(code);
  }
  return out;
}

export class CodeLabels {
  readonly layer = L.layerGroup();
  private points = new Map<string, L.LatLng>();
  /** Codes in placing order (reserved first, then by code) and the reserved ones: set once per campus or choice. */
  private order: string[] = [];
  private reserved = new Set<string>();

  constructor(private readonly map: L.Map) {
    map.on('zoomend', () => this.render());
  }

  /** Building code → point; `reserved`: codes whose places are taken first but that get no label here. */
  set(points: Map<string, L.LatLng>, reserved: string[] = []): void {
    this.points = points;
    this.reserved = new Set(reserved.filter((c) => points.has(c)));
    this.order = [...this.reserved, ...[...points.keys()].filter((c) => !this.reserved.has(c)).sort()];
    this.render();
  }

  render(): void {
    this.layer.clearLayers();
    const zoom = this.map.getZoom();
    if (zoom < LABEL_ZOOM) return;
    const items = this.order.map((code) => ({ code, ...this.map.project(this.points.get(code)!, zoom) }));
    for (const code of placeLabels(items)) {
      if (this.reserved.has(code)) continue;
      const text = document.createElement('span');
      text.textContent = code;
      this.layer.addLayer(L.marker(this.points.get(code)!, {
        icon: L.divIcon({ html: text, className: 'code-label', iconSize: undefined, iconAnchor: [-8, 7] }),
        interactive: false, keyboard: false,
      }));
    }
  }
}
