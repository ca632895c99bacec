/**
 * A step-free candidate in words (BEHAVIOUR §7): what it is (a stair-avoiding path, NOT a verified step-free
 * route), its evidence (segments without a step-free fact, the doors used) and every warning it carries.
 * Shown only beside an `unavailable` step-free route, which stays the answer.
 */
import { duration, h } from './dom.ts';
import type { Route } from './types.ts';

type Candidate = NonNullable<Route['stepFreeCandidate']>;

const doorWords = (d: Candidate['fromEntrance']) => `${d.id} (${d.stepFree ? 'recorded step-free' : 'step-free access unknown'})`;

/** The candidate section, or null when the route has none to show (not step-free mode, or not unavailable). */
export function candidateView(r: Route): HTMLElement | null {
  if (!('stepFreeCandidate' in r)) return null;
  const c = r.stepFreeCandidate;
  if (!c) {
    return h('div', { class: 'candidate', 'data-field': 'candidate' },
      h('h4', {}, 'No stair-free alternative'),
      h('p', {}, 'No path that avoids every stair the sources record joins usable doors of these two buildings.'));
  }
  return h('div', { class: 'candidate', 'data-field': 'candidate' },
    h('h4', {}, 'Step-free candidate — not a verified step-free route'),
    h('ul', { class: 'warnings', 'data-field': 'candidate-warnings' }, c.warnings.map((w) => h('li', {}, w))),
    h('dl', { class: 'facts' },
      h('dt', {}, 'Walk'), h('dd', {}, `${Math.round(c.totalDistanceMeters)} m, about ${duration(c.estimatedSeconds)} at ${r.preferences.walkingSpeedMps} m/s`),
      h('dt', {}, 'Evidence'), h('dd', {}, `${c.segmentsWithoutStepFreeFact} of ${c.segments} segments have no step-free fact; ${c.stairsAvoided} segment${c.stairsAvoided === 1 ? '' : 's'} with recorded stairs on the fastest route avoided`),
      h('dt', {}, 'From door'), h('dd', {}, doorWords(c.fromEntrance)),
      h('dt', {}, 'To door'), h('dd', {}, doorWords(c.toEntrance)),
      h('dt', {}, 'On the map'), h('dd', {}, c.geometry ? 'Drawn in orange with long dashes (not the blue of a route).' : 'Not drawn: this path has no published coordinates.'),
    ));
}
