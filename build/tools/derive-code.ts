import { matchKey } from '../../runtime/domain/match-key.ts';

/**
 * Deterministic canonical code for a building without an official one (BEHAVIOUR §6):
 * the initials of the name's words when that gives 2+ characters and is free; otherwise the
 * name's letters and digits (up to 12); a numeric suffix settles any remaining clash.
 */
export function codeFromName(name: string, taken: ReadonlySet<string>): string {
  const words = matchKey(name)
    .toUpperCase()
    .split(' ')
    .map((w) => w.replace(/[^A-Z0-9]/g, ''))
    .filter(Boolean);
  const initials = words.map((w) => w[0]).join('').slice(0, 12);
  if (initials.length >= 2 && !taken.has(initials)) return initials;
  const full = words.join('').slice(0, 12) || 'B';
  if (!taken.has(full)) return full;
  for (let i = 2; ; i++) {
    const c = full.slice(0, 12 - String(i).length) + i;
    if (!taken.has(c)) return c;
  }
}
