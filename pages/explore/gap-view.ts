/** Renders a gap plan: the primary recommendation with its timeline as a bar, the alternatives, the times. */
import { clock, h } from './dom.ts';
import type { GapPlan, Recommendation, TimelineSegment } from './types.ts';

/** A proportional bar with the label in words on every segment, and the same as a list for screen readers. */
export function timelineBar(segments: TimelineSegment[], total: number): HTMLElement {
  const bar = h('div', { class: 'timeline-bar', 'aria-hidden': 'true' });
  const width = (minutes: number) => `${(100 * minutes) / Math.max(total, 1)}%`; // CSSOM: allowed by the CSP
  for (const s of segments) {
    if (s.minutes <= 0) continue;
    const seg = h('div', { class: `seg seg-${s.kind}`, title: `${s.label}: ${s.minutes} min` }, h('span', {}, `${s.label} ${s.minutes}′`));
    seg.style.width = width(s.minutes);
    bar.append(seg);
  }
  const rest = total - segments.reduce((n, s) => n + s.minutes, 0);
  if (rest > 0) {
    const seg = h('div', { class: 'seg seg-rest', title: `Not planned: ${rest} min` });
    seg.style.width = width(rest);
    bar.append(seg);
  }
  const list = h('ol', { class: 'timeline-list' }, segments.map((s) => h('li', {}, h('span', { class: `swatch seg-${s.kind}`, 'aria-hidden': 'true' }), `${s.label} (${s.kind}): ${s.minutes} min`)));
  return h('div', { class: 'timeline' }, bar, list);
}

function recommendation(r: Recommendation, total: number, primary: boolean): HTMLElement {
  return h('article', { class: primary ? 'rec primary' : 'rec', 'data-action': r.action, ...(primary ? { 'data-testid': 'gap-primary' } : {}) },
    h(primary ? 'h3' : 'h4', {}, `${primary ? 'Suggested: ' : ''}${r.title}`),
    h('p', {}, r.summary),
    h('p', { class: 'muted' }, `Action ${r.action} · score ${r.score}${r.tags.length ? ` · ${r.tags.join(', ')}` : ''}`),
    timelineBar(r.timeline, total),
    primary && r.reasons.length ? h('ul', { class: 'reasons' }, r.reasons.map((x) => h('li', {}, x))) : null,
  );
}

export function gapView(plan: GapPlan): HTMLElement {
  const a = plan.assessment;
  const total = plan.gap.durationMinutes;
  return h('div', { class: 'gap' },
    h('p', {}, `${clock(plan.gap.startTime)}–${clock(plan.gap.endTime)} (${total} min). `,
      a.travelMinutes === null || a.arrivalMinutes === null
        ? `Walking time unknown (route ${plan.route.status}); ${a.bufferMinutes} min buffer kept. `
        : `Leave by ${clock(a.leaveByMinutes)}, arrive ${clock(a.arrivalMinutes)} (${a.travelMinutes} min walk, ${a.bufferMinutes} min buffer). `,
      `Confidence ${a.confidenceLabel} (${a.confidence}).`),
    recommendation(a.primary, total, true),
    a.alternatives.length ? h('h4', {}, 'Alternatives') : null,
    a.alternatives.map((r) => recommendation(r, total, false)),
    a.warnings.length ? h('div', {}, h('h4', {}, 'Warnings'), h('ul', { class: 'warnings' }, a.warnings.map((w) => h('li', {}, w)))) : null,
  );
}
