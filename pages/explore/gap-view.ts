/**
 * Renders a gap plan in plain words: when to leave and arrive, the suggestion and its reasons, the alternatives,
 * and each timeline as a proportional bar whose words are in the legend beneath it (each step with its clock
 * times), never squeezed into the bar. Machine fields (action ids, scores, tags) are not shown.
 */
import { clock, h } from './dom.ts';
import type { GapPlan, Recommendation, TimelineSegment } from './types.ts';

const KIND_WORDS: Record<string, string> = { setup: 'getting ready', activity: 'activity', flex: 'free time', travel: 'walking', buffer: 'buffer' };

/** A proportional bar (colours by kind, no text inside) and its legend: one line per step, with its times. */
export function timelineBar(segments: TimelineSegment[], start: number, total: number): HTMLElement {
  const bar = h('div', { class: 'timeline-bar', 'aria-hidden': 'true' });
  const width = (minutes: number) => `${(100 * minutes) / Math.max(total, 1)}%`; // CSSOM: allowed by the CSP
  const legend = h('ol', { class: 'timeline-list' });
  let at = start;
  for (const s of segments) {
    if (s.minutes <= 0) continue;
    const seg = h('div', { class: `seg seg-${s.kind}`, title: `${s.label}: ${s.minutes} min` });
    seg.style.width = width(s.minutes);
    bar.append(seg);
    legend.append(h('li', {},
      h('span', { class: `swatch seg-${s.kind}`, 'aria-hidden': 'true' }),
      h('span', { class: 'times' }, `${clock(at)}–${clock(at + s.minutes)}`), ' ',
      `${s.label} (${s.minutes} min, ${KIND_WORDS[s.kind] ?? s.kind})`));
    at += s.minutes;
  }
  const rest = total - segments.reduce((n, s) => n + s.minutes, 0);
  if (rest > 0) {
    const seg = h('div', { class: 'seg seg-rest', title: `Not planned: ${rest} min` });
    seg.style.width = width(rest);
    bar.append(seg);
    legend.append(h('li', {}, h('span', { class: 'swatch seg-rest', 'aria-hidden': 'true' }), h('span', { class: 'times' }, `${clock(at)}–${clock(start + total)}`), ` Not planned (${rest} min)`));
  }
  const ends = h('div', { class: 'timeline-ends', 'aria-hidden': 'true' }, h('span', {}, clock(start)), h('span', {}, clock(start + total)));
  return h('div', { class: 'timeline' }, bar, ends, legend);
}

function recommendation(r: Recommendation, plan: GapPlan, primary: boolean): HTMLElement {
  const timeline = timelineBar(r.timeline, plan.gap.startTime, plan.gap.durationMinutes);
  // data-action is for scripts and tests only; the page shows the title and summary in words.
  return h('article', { class: primary ? 'rec primary' : 'rec', 'data-action': r.action, ...(primary ? { 'data-testid': 'gap-primary' } : {}) },
    h(primary ? 'h3' : 'h4', {}, `${primary ? 'Suggested: ' : ''}${r.title}`),
    h('p', {}, r.summary),
    primary ? timeline : h('details', {}, h('summary', {}, 'Timeline'), timeline),
    primary && r.reasons.length ? h('ul', { class: 'reasons' }, r.reasons.map((x) => h('li', {}, x))) : null,
  );
}

export function gapView(plan: GapPlan): HTMLElement {
  const a = plan.assessment;
  const total = plan.gap.durationMinutes;
  return h('div', { class: 'gap' },
    h('p', {}, `Free ${clock(plan.gap.startTime)}–${clock(plan.gap.endTime)} (${total} min). `,
      a.travelMinutes === null || a.arrivalMinutes === null
        ? `Walking time unknown (no route: ${plan.route.status}); ${a.bufferMinutes} min of buffer kept before the next class. `
        : `Leave by ${clock(a.leaveByMinutes)} to arrive at ${clock(a.arrivalMinutes)} (${a.travelMinutes} min walk, ${a.bufferMinutes} min to spare). `,
      `Confidence in this plan: ${a.confidenceLabel}.`),
    recommendation(a.primary, plan, true),
    a.alternatives.length ? h('h4', {}, 'Alternatives') : null,
    a.alternatives.map((r) => recommendation(r, plan, false)),
    a.warnings.length ? h('div', {}, h('h4', {}, 'Warnings'), h('ul', { class: 'warnings' }, a.warnings.map((w) => h('li', {}, w)))) : null,
  );
}
