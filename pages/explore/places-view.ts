/** Renders places with their availability in words: unknown is shown as unknown, never as closed. */
import { h } from './dom.ts';
import type { Place } from './types.ts';

const WORDS: Record<Place['availability'], string> = {
  open: 'Open now',
  closed: 'Closed now',
  unknown: 'Unknown: no usable hours',
};

export function placesView(places: Place[]): HTMLElement {
  if (places.length === 0) return h('p', { class: 'muted' }, 'No places listed for this campus.');
  return h('ul', { class: 'places' }, places.map((p) =>
    h('li', { 'data-availability': p.availability },
      h('span', { class: `badge availability-${p.availability}` }, WORDS[p.availability] ?? p.availability),
      // an inference from a standing published schedule is said to be one (BEHAVIOUR §9)
      p.availabilityVerification === 'inferred' ? h('span', { class: 'muted' }, ' (from the published weekly hours, not a verified fact)') : null,
      ' ',
      h('strong', {}, p.name),
      h('span', { class: 'muted' }, ` · ${p.kind}${p.building ? ` · building ${p.building}` : ''}${p.nextTransition ? ` · changes at ${new Date(p.nextTransition).toLocaleString()}` : ''}`),
    )));
}
