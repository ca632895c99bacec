/**
 * Match key of any text (BEHAVIOUR §6): Unicode NFKC → strip combining marks (after NFKD) →
 * lower-case → every run of characters that are not letters or digits becomes one space → trim.
 */
const COMBINING = /\p{M}+/gu;
const NON_ALNUM = /[^\p{L}\p{N}]+/gu;

export function matchKey(text: string): string {
  return text
    .normalize('NFKC')
    .normalize('NFKD')
    .replace(COMBINING, '')
    .toLowerCase()
    .replace(NON_ALNUM, ' ')
    .trim();
}
