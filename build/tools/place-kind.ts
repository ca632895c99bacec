/** The one-off importer's rule for places named by a building (import-reference.ts). */

/** Kind of place stated by an official building name; null when the name states none. */
export function placeKindFromName(name: string): string | null {
  const n = name.toLowerCase();
  if (/\blibrary\b/.test(n)) return 'library';
  if (/\bdining\b|\bcafeteria\b|\bfood court\b/.test(n)) return 'dining';
  if (/\brecreation\b|\bathletic|\bfitness\b|\bgym(nasium)?\b|\barena\b|\baquatic (centre|center)\b|\bsports?\b|\bstadium\b|\bfield ?house\b/.test(n)) return 'recreation';
  if (/\bstudents?'? (campus )?(centre|center|union|life centre|commons)\b|\bcampus centre\b|\buniversity centre\b/.test(n)) return 'amenity';
  if (/\blearning commons\b|\bstudy (hall|centre)\b/.test(n)) return 'study';
  return null;
}
