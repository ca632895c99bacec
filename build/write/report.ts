/** The printed build report: per campus what was compiled, and a routing table of the walking-graph campuses. */
import { OUTCOME } from '../../runtime/domain/types.ts';
import type { CampusStats } from '../compile/campus/campus.ts';
import type { OutcomeCounts } from '../compile/routes/route-matrix.ts';

export interface BuildReport {
  dataVersion: string;
  campuses: CampusStats[];
  /** Campuses copied from an earlier build (inputs unchanged) rather than compiled. */
  reused: number;
  milliseconds: number;
}

/** Routed share of the ordered pairs of distinct buildings. */
function routedShare(c: OutcomeCounts): string {
  const pairs = c.routed + c.approximate + c.unavailable;
  return pairs === 0 ? '-' : `${((100 * c.routed) / pairs).toFixed(1)} %`;
}

function routingTable(campuses: readonly CampusStats[]): string[] {
  const head = ['campus', 'buildings', 'by entrance', 'by point', 'routed', 'approximate', 'unavailable', 'routed share before → after ≤ 50 m point rule'];
  const rows = campuses
    .filter((c) => c.countsWithoutPointLinks !== null)
    .map((c) => {
      const f = c.counts.fastest;
      return [
        c.campus, String(c.buildings), String(c.connectedBuildings), String(c.pointLinkedBuildings),
        String(f.routed), String(f.approximate), String(f.unavailable),
        `${routedShare(c.countsWithoutPointLinks!)} → ${routedShare(f)}`,
      ];
    });
  const widths = head.map((h, k) => Math.max(h.length, ...rows.map((r) => r[k].length)));
  const line = (cells: string[]) => cells.map((x, k) => (k === 0 ? x.padEnd(widths[k]) : x.padStart(widths[k]))).join('  ');
  return ['walking-graph campuses, fastest mode (buildings linked to the graph; ordered pairs):', line(head), ...rows.map(line)];
}

export function formatReport(r: BuildReport): string {
  const lines = [`dataVersion ${r.dataVersion}`];
  for (const c of r.campuses) {
    let head = `${c.campus}: ${c.buildings} buildings, ${c.entrances} entrances, ${c.places} places`;
    if (c.connectedBuildings !== null) {
      head +=
        `; walking graph: ${c.connectedBuildings}/${c.buildings} buildings by an entrance (${c.snappedEntrances} entrances by ≤ 50 m inferred connectors), ` +
        `${c.pointLinkedBuildings} by their location point; route paths ${((c.pathValues * 4) / 1024).toFixed(0)} KiB`;
    } else head += '; no walking graph';
    lines.push(head);
    for (const [mode, counts] of Object.entries(c.counts)) {
      lines.push(`  ${mode.padEnd(14)}` + OUTCOME.map((o) => `${o} ${String(counts[o]).padStart(6)}`).join('  '));
    }
    lines.push(`  shared keys (409): ${c.sharedKeys.length ? c.sharedKeys.map((k) => JSON.stringify(k)).join(', ') : 'none'}`);
  }
  lines.push(...routingTable(r.campuses));
  const reused = r.reused ? ` (${r.campuses.length - r.reused} compiled, ${r.reused} unchanged since an earlier build)` : '';
  lines.push(`built ${r.campuses.length} campuses in ${(r.milliseconds / 1000).toFixed(2)} s${reused}`);
  return lines.join('\n');
}
