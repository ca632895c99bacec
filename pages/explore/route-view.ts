/** Renders a route result: status, accuracy, verification, time, distances, warnings (the reason when unavailable). */
import { duration, h } from './dom.ts';
import type { Route } from './types.ts';
import { candidateView } from './candidate-view.ts';

const STATUS_WORDS: Record<string, string> = {
  'same-building': 'Same building',
  routed: 'Routed on the campus walking graph',
  approximate: 'Approximate estimate (no mapped path)',
  unavailable: 'No route can be given: see the reason below',
};

const metres = (m: number | null) => (m === null ? 'unknown' : `${Math.round(m)} m`);

function row(term: string, value: Node | string, id?: string): Node[] {
  return [h('dt', {}, term), h('dd', id ? { 'data-field': id } : {}, value)];
}

export function routeView(r: Route): HTMLElement {
  const drawn = r.geometry
    ? `Drawn on the map: ${r.geometry.coordinates.length} points (entrance, walking-graph nodes, entrance); a dotted line joins each building's point to the door used.`
    : r.status === 'routed'
      ? r.totalDistanceMeters === 0
        ? 'Not drawn: both buildings join the walking paths at the same point (a walk of 0 m), so there is no line to draw.'
        : 'Not drawn: this walking graph publishes no coordinates for its path.'
      : 'Not drawn: only a routed result has a walked path, and no straight line is drawn as if it were one.';
  const list = h('dl', { class: 'facts' },
    row('Status', h('span', { class: `badge status-${r.status}` }, r.status), 'status'),
    h('dd', { class: 'hint' }, STATUS_WORDS[r.status] ?? ''),
    row('Accuracy', r.accuracy, 'accuracy'),
    row('Verification', h('span', { class: `badge verification-${r.routeVerification}` }, r.routeVerification), 'verification'),
    row('Walking time', r.estimatedSeconds === null ? 'unknown' : `${duration(r.estimatedSeconds)} at ${r.preferences.walkingSpeedMps} m/s`, 'time'),
    row('Distance', r.totalDistanceMeters === null ? 'unknown' : `${metres(r.totalDistanceMeters)} (outdoor ${metres(r.outdoorDistanceMeters)}, indoor ${metres(r.indoorDistanceMeters)})`, 'distance'),
    row('Floor changes', r.floorChanges === null ? 'unknown' : String(r.floorChanges)),
    row('Mode', r.preferences.mode, 'mode'),
    row('Path', drawn, 'path'),
  );
  const heading = r.status === 'unavailable' ? 'Reason' : 'Warnings';
  const warnings = r.warnings.length === 0
    ? h('p', { class: 'muted' }, 'No warnings.')
    : h('div', {}, h('h4', {}, heading), h('ul', { class: 'warnings', 'data-field': 'warnings' }, r.warnings.map((w) => h('li', {}, w))));
  return h('div', { class: 'route' }, h('h3', {}, `${r.from.code} → ${r.to.code}`), list, warnings, candidateView(r));
}
