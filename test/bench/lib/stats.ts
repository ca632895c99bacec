export function median(xs: number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}
/** The q-quantile of ascending values (nearest rank). */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}
export const min = (xs: number[]): number => Math.min(...xs);
export const max = (xs: number[]): number => Math.max(...xs);
export function fmt(n: number, digits = 0): string {
  return Number.isFinite(n) ? n.toFixed(digits) : '—';
}
/** Render rows as a Markdown table. */
export function table(head: string[], rows: string[][]): string {
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => '| ' + cells.map((c, i) => c.padEnd(w[i]!)).join(' | ') + ' |';
  return [line(head), '|' + w.map((n) => '-'.repeat(n + 2)).join('|') + '|', ...rows.map(line)].join('\n');
}
