/**
 * JSON of route and gap-plan results — byte-identical to JSON.stringify — with each Building record
 * written from its JSON prepared at start-up (a route holds 2 records, a gap plan 4: most of their bytes).
 * The records are swapped for placeholders, the rest is stringified, and each placeholder is replaced by
 * the prepared JSON. Whenever that does not line up exactly (a record without prepared JSON, placeholders
 * missing, repeated or out of order), the whole value is stringified instead.
 */
import type { GapPlanData } from '../domain/gap-plan.ts';
import type { Route } from '../domain/route-result.ts';
import type { Building } from '../domain/types.ts';

/** Prepared JSON of a Building record (undefined when there is none). */
export type RecordJson = (b: Building) => string | undefined;

const HOLES = ['\u0000B0', '\u0000B1', '\u0000B2', '\u0000B3'] as const;
/**
 * How JSON.stringify writes a placeholder, after its opening quote: `\u0000B`, then a digit and `"`.
 * Searched without the quote: a pattern that starts with a backslash (rare in JSON) is found far faster.
 */
const MARK = '\\u0000B';
const QUOTE = 34;
const DIGIT_0 = 48;

export function routeJson(route: Route, recordJson: RecordJson): string {
  const records = preparedAll([route.from, route.to], recordJson);
  if (records === undefined) return JSON.stringify(route);
  return splice(JSON.stringify({ ...route, from: HOLES[0], to: HOLES[1] }), records) ?? JSON.stringify(route);
}

export function gapPlanJson(plan: GapPlanData, recordJson: RecordJson): string {
  const { gap, route } = plan;
  const records = preparedAll([gap.from, gap.to, route.from, route.to], recordJson);
  if (records === undefined) return JSON.stringify(plan);
  const holed = { ...plan, gap: { ...gap, from: HOLES[0], to: HOLES[1] }, route: { ...route, from: HOLES[2], to: HOLES[3] } };
  return splice(JSON.stringify(holed), records) ?? JSON.stringify(plan);
}

function preparedAll(buildings: Building[], recordJson: RecordJson): string[] | undefined {
  const out: string[] = [];
  for (const b of buildings) {
    const json = recordJson(b);
    if (json === undefined) return undefined;
    out.push(json);
  }
  return out;
}

/** Replaces placeholder i by records[i]; undefined unless each placeholder appears exactly once, in order. */
export function splice(json: string, records: readonly string[]): string | undefined {
  let out = '';
  let from = 0;
  let n = 0;
  for (let at = json.indexOf(MARK); at !== -1; at = json.indexOf(MARK, from)) {
    const open = at - 1;
    const end = at + MARK.length;
    if (json.charCodeAt(open) !== QUOTE || json.charCodeAt(end) - DIGIT_0 !== n || json.charCodeAt(end + 1) !== QUOTE || n >= records.length) {
      return undefined;
    }
    out += json.slice(from, open) + records[n];
    from = end + 2;
    n++;
  }
  return n === records.length ? out + json.slice(from) : undefined;
}
