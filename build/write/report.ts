/** The printed build report. */
import { OUTCOME } from '../../runtime/domain/types.ts';
import type { CampusStats } from '../compile/campus/campus.ts';

export interface BuildReport {
  dataVersion: string;
  campuses: CampusStats[];
  milliseconds: number;
}

export function formatReport(r: BuildReport): string {
  const lines = [`dataVersion ${r.dataVersion}`];
  for (const c of r.campuses) {
    let head = `${c.campus}: ${c.buildings} buildings, ${c.entrances} entrances, ${c.places} places`;
    if (c.connectedBuildings !== null) {
      head += `; walking graph: ${c.connectedBuildings}/${c.buildings} buildings connected (${c.snappedEntrances} entrances linked by ≤ 50 m inferred connectors)`;
    } else head += '; no walking graph';
    lines.push(head);
    for (const [mode, counts] of Object.entries(c.counts)) {
      lines.push(`  ${mode.padEnd(14)}` + OUTCOME.map((o) => `${o} ${String(counts[o]).padStart(6)}`).join('  '));
    }
    lines.push(`  shared keys (409): ${c.sharedKeys.length ? c.sharedKeys.map((k) => JSON.stringify(k)).join(', ') : 'none'}`);
  }
  lines.push(`built ${r.campuses.length} campuses in ${(r.milliseconds / 1000).toFixed(2)} s`);
  return lines.join('\n');
}
