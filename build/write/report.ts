/**
 * The printed build report: per campus what was compiled, the coverage table of every campus
 * (buildings located / on the walking graph / routed share) and the routed pairs flagged as detours.
 */
import { OUTCOME } from '../../runtime/domain/types.ts';
import type { CampusStats } from '../compile/campus/campus.ts';
import { DETOUR_WARNING_RATIO } from '../../runtime/domain/route-result.ts';

export interface BuildReport {
  dataVersion: string;
  campuses: CampusStats[];
  /** Campuses copied from an earlier build (inputs unchanged) rather than compiled. */
  reused: number;
  milliseconds: number;
}

const percent = (share: number) => `${(100 * share).toFixed(1)} %`;

function table(head: string[], rows: string[][]): string[] {
  const widths = head.map((h, k) => rows.reduce((w, r) => Math.max(w, r[k].length), h.length));
  const line = (cells: string[]) => cells.map((x, k) => (k === 0 ? x.padEnd(widths[k]) : x.padStart(widths[k]))).join('  ');
  return [line(head), ...rows.map(line)];
}

/** Per campus: buildings, located, without a location, with an outline, on the walking graph (and how), pair shares, detours. */
export function coverageTable(campuses: readonly CampusStats[]): string[] {
  const head = ['campus', 'buildings', 'located', 'no location', 'outlined', 'on graph', 'door/inferred door/approach/point', 'routed', 'approximate', 'unavailable', 'detours'];
  const rows = campuses.map((c) => {
    const v = c.coverage;
    const j = c.joinedBy;
    return [
      c.campus, String(v.buildings), String(v.buildingsWithLocation), String(v.buildings - v.buildingsWithLocation), String(v.buildingsWithFootprint),
      j ? String(v.buildingsOnWalkingGraph) : 'no graph', j ? `${j.door}/${j['snapped-door']}/${j.approach}/${j.point}` : '-',
      percent(v.pairs.routed), percent(v.pairs.approximate), percent(v.pairs.unavailable), String(c.detours.length),
    ];
  });
  return ['campus coverage (fastest mode, shares of ordered pairs of distinct buildings):', ...table(head, rows)];
}

/**
 * Detours per campus: the buildings in most of them, then every pair as `A↔B walked/straight m` (both
 * directions alike) or `A→B` (one direction only).
 */
export function detourLines(campuses: readonly CampusStats[]): string[] {
  const total = campuses.reduce((n, c) => n + c.detours.length, 0);
  const lines = [`detours (fastest mode, walk > ${DETOUR_WARNING_RATIO} × the straight line between the buildings' nearest points): ${total} ordered pairs`];
  for (const c of campuses) {
    if (c.detours.length === 0) continue;
    const key = (a: string, b: string) => `${a}\0${b}`;
    const byPair = new Map(c.detours.map((d) => [key(d.from, d.to), d]));
    const perBuilding = new Map<string, number>();
    for (const d of c.detours) for (const code of [d.from, d.to]) perBuilding.set(code, (perBuilding.get(code) ?? 0) + 1);
    const most = [...perBuilding].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 8);
    lines.push(`  ${c.campus}: ${c.detours.length} pairs; most in: ${most.map(([code, k]) => `${code} ${k}`).join(', ')}`);
    const items: string[] = [];
    for (const d of c.detours) {
      const back = byPair.get(key(d.to, d.from));
      const both = back !== undefined && back.walkMeters === d.walkMeters;
      if (both && d.to < d.from) continue;
      items.push(`${d.from}${both ? '↔' : '→'}${d.to} ${Math.round(d.walkMeters)}/${Math.round(d.straightMeters)}`);
    }
    for (let k = 0; k < items.length; k += 8) lines.push(`    ${items.slice(k, k + 8).join(', ')}`);
  }
  return lines;
}

export function formatReport(r: BuildReport): string {
  const lines = [`dataVersion ${r.dataVersion}`];
  for (const c of r.campuses) {
    let head = `${c.campus}: ${c.buildings} buildings, ${c.entrances} entrances, ${c.approachPoints} approach points, ${c.places} places`;
    if (c.joinedBy !== null) {
      head += `; walking graph: ${c.coverage.walkingGraphEdges} edges, ${c.snappedEntrances} entrances linked by ≤ 50 m inference; route paths ${((c.pathValues * 4) / 1024).toFixed(0)} KiB`;
    } else head += '; no walking graph';
    lines.push(head);
    for (const [mode, counts] of Object.entries(c.counts)) {
      lines.push(`  ${mode.padEnd(14)}` + OUTCOME.map((o) => `${o} ${String(counts[o]).padStart(6)}`).join('  '));
    }
    if (c.stepFreeCandidates) {
      const { unavailablePairs, withCandidate, medianExtraMeters } = c.stepFreeCandidates;
      lines.push(
        `  step-free candidates: ${withCandidate} of the ${unavailablePairs} pairs with no verified step-free route (the graph records stairs); ` +
          `median extra walk over the fastest route ${medianExtraMeters === null ? '-' : `${medianExtraMeters} m`}`,
      );
    }
    lines.push(`  shared keys (409): ${c.sharedKeys.length ? c.sharedKeys.map((k) => JSON.stringify(k)).join(', ') : 'none'}`);
    const h = c.hoursText;
    if (h.published > 0) {
      lines.push(`  hours published as text: ${h.published}, read into opening hours ${h.parsed}, refused ${h.refused.length} (availability unknown):`);
      for (const r of h.refused) lines.push(`    ${r.place}: ${r.reason} — ${JSON.stringify(r.text)}`);
    }
  }
  // one push per line, not push(...list): at thousands of campuses a list outgrows a call's argument limit
  for (const l of [...coverageTable(r.campuses), ...detourLines(r.campuses)]) lines.push(l);
  const reused = r.reused ? ` (${r.campuses.length - r.reused} compiled, ${r.reused} unchanged since an earlier build)` : '';
  lines.push(`built ${r.campuses.length} campuses in ${(r.milliseconds / 1000).toFixed(2)} s${reused}`);
  return lines.join('\n');
}
