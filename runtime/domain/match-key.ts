/**
 * Match key of any text (BEHAVIOUR §6): Unicode NFKC → strip combining marks (after NFKD) →
 * lower-case → every run of characters that are not letters or digits becomes one space → trim.
 */
const COMBINING = /\p{M}+/gu;
const NON_ALNUM = /[^\p{L}\p{N}]+/gu;

/** ASCII letters and digits only: every step above is the identity but lower-casing (building codes). */
const PLAIN = /^[A-Za-z0-9]+$/;

export function matchKey(text: string): string {
  if (PLAIN.test(text)) return text.toLowerCase();
  return text
    .normalize('NFKC')
    .normalize('NFKD')
    .replace(COMBINING, '')
    .toLowerCase()
    .replace(NON_ALNUM, ' ')
    .trim();
}
