/**
 * JSON of route and gap-plan results — byte-identical to JSON.stringify — with each Building record
 * written from its JSON prepared at start-up (a route holds 2 records, a gap plan 4: most of their bytes).
 * The records are swapped for placeholders, the rest is stringified, and the placeholders become the
 * blanks of a template (http/template.ts) filled with the prepared JSON. Whenever that does not line up exactly (a record without prepared JSON, placeholders
 * missing, repeated or out of order), the whole value is stringified instead.
 */
import type { Building, LegacyBuilding } from '../domain/types.ts';
import { Template } from '../http/template.ts';
import type { GapPlanOf, RouteOf } from './compute.ts';

/** Prepared JSON of a Building record (undefined when there is none); B is the records' shape (v1 or legacy). */
export type RecordJson<B extends LegacyBuilding = Building> = (b: B) => string | undefined;

const HOLES = ['\u0000B0', '\u0000B1', '\u0000B2', '\u0000B3'] as const;
/**
 * How JSON.stringify writes a placeholder, after its opening quote: `\u0000B`, then a digit and `"`.
 * Searched without the quote: a pattern that starts with a backslash (rare in JSON) is found far faster.
 */
const MARK = '\\u0000B';
/** The blanks, in placeholder order. */
const ROUTE_BLANKS = ['from', 'to'] as const;
const GAP_PLAN_BLANKS = ['gapFrom', 'gapTo', 'routeFrom', 'routeTo'] as const;
const QUOTE = 34;
const DIGIT_0 = 48;

export function routeJson<B extends LegacyBuilding>(route: RouteOf<B>, recordJson: RecordJson<B>): string {
  const records = preparedAll([route.from, route.to], recordJson);
  if (records === undefined) return JSON.stringify(route);
  const t = markedTemplate(JSON.stringify({ ...route, from: HOLES[0], to: HOLES[1] }), ROUTE_BLANKS);
  return t ? t.text({ from: records[0]!, to: records[1]! }) : JSON.stringify(route);
}

export function gapPlanJson<B extends LegacyBuilding>(plan: GapPlanOf<B>, recordJson: RecordJson<B>): string {
  const { gap, route } = plan;
  const records = preparedAll([gap.from, gap.to, route.from, route.to], recordJson);
  if (records === undefined) return JSON.stringify(plan);
  const holed = { ...plan, gap: { ...gap, from: HOLES[0], to: HOLES[1] }, route: { ...route, from: HOLES[2], to: HOLES[3] } };
  const t = markedTemplate(JSON.stringify(holed), GAP_PLAN_BLANKS);
  return t ? t.text({ gapFrom: records[0]!, gapTo: records[1]!, routeFrom: records[2]!, routeTo: records[3]! }) : JSON.stringify(plan);
}

function preparedAll<B extends LegacyBuilding>(buildings: B[], recordJson: RecordJson<B>): string[] | undefined {
  const out: string[] = [];
  for (const b of buildings) {
    const json = recordJson(b);
    if (json === undefined) return undefined;
    out.push(json);
  }
  return out;
}

/**
 * The template (http/template.ts) of a stringified value whose records were swapped for placeholders:
 * placeholder i becomes the blank `names[i]`. Undefined unless each placeholder appears exactly once, in order.
 */
export function markedTemplate<B extends string>(json: string, names: readonly B[]): Template<B> | undefined {
  const parts: string[] = [];
  let from = 0;
  for (let at = json.indexOf(MARK); at !== -1; at = json.indexOf(MARK, from)) {
    const open = at - 1;
    const end = at + MARK.length;
    const n = parts.length;
    if (json.charCodeAt(open) !== QUOTE || json.charCodeAt(end) - DIGIT_0 !== n || json.charCodeAt(end + 1) !== QUOTE || n >= names.length) {
      return undefined;
    }
    parts.push(json.slice(from, open));
    from = end + 2;
  }
  if (parts.length !== names.length) return undefined;
  parts.push(json.slice(from));
  return new Template(parts, names);
}
