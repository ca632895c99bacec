/**
 * Query whitelists (BEHAVIOUR §5): unknown or repeated names → invalid_query; values trimmed, empty = absent;
 * text length limits; enums; limit/offset digits only with ranges.
 */
import { invalidQuery } from './errors.ts';

export type ParamRule =
  | { type: 'text'; max?: number }
  | { type: 'id' }
  | { type: 'enum'; values: readonly string[] }
  | { type: 'code' }
  | { type: 'limit' }
  | { type: 'offset' }
  /** A decimal number (digits, optional fraction) within [min, max]. */
  | { type: 'number'; min: number; max: number };

export type QuerySpec = Readonly<Record<string, ParamRule>>;
export type RawQuery = Record<string, string | string[] | undefined> | undefined;
export type QueryValues = Record<string, string | number>;

export const LIMIT_DEFAULT = 50;
export const LIMIT_MAX = 100;
export const Q_MAX = 120;
export const ID_MAX = 64;
const DIGITS = /^[0-9]+$/;
const DECIMAL = /^[0-9]{1,6}(\.[0-9]{1,6})?$/;
const CODE = /^[A-Z0-9]{1,12}$/;

/** Characters as Unicode code points (what "length" means for text limits). */
export function charLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/**
 * Validates and normalizes a parsed query against a whitelist. Returns only the parameters present
 * (non-empty after trimming), normalized: ids lower-case (case-insensitive), numbers parsed.
 * Enums and codes are exact: a value outside its set or pattern is invalid_query.
 * `lenient` (the deprecated aliases, whose original contract lists no 400s): unknown names are ignored
 * and a repeated name takes its first value.
 */
export function parseQuery(raw: RawQuery, spec: QuerySpec, lenient = false): QueryValues {
  const out: QueryValues = {};
  if (!raw) return out;
  for (const name of Object.keys(raw)) {
    const rule = Object.prototype.hasOwnProperty.call(spec, name) ? spec[name] : undefined;
    if (!rule && lenient) continue;
    if (!rule) {
      const allowed = Object.keys(spec);
      throw invalidQuery(
        `Unknown query parameter '${name}'. ${allowed.length ? `Allowed: ${allowed.join(', ')}.` : 'This endpoint takes no query parameters.'}`,
        { parameter: name, allowed },
      );
    }
    let value = raw[name];
    if (Array.isArray(value)) {
      if (!lenient) throw invalidQuery(`Query parameter '${name}' is repeated.`, { parameter: name });
      value = value[0];
    }
    const v = (value ?? '').trim();
    if (v === '') continue;
    out[name] = normalize(name, v, rule);
  }
  return out;
}

function normalize(name: string, v: string, rule: ParamRule): string | number {
  switch (rule.type) {
    case 'text':
      if (rule.max !== undefined && charLength(v) > rule.max) throw invalidQuery(`Query parameter '${name}' is longer than ${rule.max} characters.`, { parameter: name });
      return v;
    case 'id':
      if (charLength(v) > ID_MAX) throw invalidQuery(`Query parameter '${name}' is longer than ${ID_MAX} characters.`, { parameter: name });
      return v.toLowerCase();
    case 'enum':
      if (!rule.values.includes(v)) throw invalidQuery(`Query parameter '${name}' must be one of: ${rule.values.join(', ')}.`, { parameter: name, allowed: rule.values });
      return v;
    case 'code':
      if (!CODE.test(v)) throw invalidQuery(`Query parameter '${name}' must be a canonical building code: 1 to 12 characters of A-Z and 0-9.`, { parameter: name });
      return v;
    case 'limit': {
      const n = DIGITS.test(v) ? Number(v) : NaN;
      if (!(n >= 1 && n <= LIMIT_MAX)) throw invalidQuery(`Query parameter 'limit' must be an integer from 1 to ${LIMIT_MAX}.`, { parameter: name });
      return n;
    }
    case 'offset':
      // Any run of digits is a valid offset; one beyond every list is simply past the end.
      if (!DIGITS.test(v)) throw invalidQuery(`Query parameter 'offset' must be an integer >= 0.`, { parameter: name });
      return Math.min(Number(v), Number.MAX_SAFE_INTEGER);
    case 'number': {
      const n = DECIMAL.test(v) ? Number(v) : NaN;
      if (!(n >= rule.min && n <= rule.max)) throw invalidQuery(`Query parameter '${name}' must be a number from ${rule.min} to ${rule.max}.`, { parameter: name });
      return n;
    }
  }
}

/** Canonical forms of frozen values: the app shares one frozen object per distinct query string (app.ts). */
const canonicalOf = new WeakMap<QueryValues, string>();

/**
 * Canonical form of normalized values (for ETags and caches): names sorted, `name=value` joined by '&',
 * defaults left out, so `?limit=50&offset=0` and no query at all are the same resource.
 */
export function canonicalQuery(values: QueryValues): string {
  let s = canonicalOf.get(values);
  if (s === undefined) {
    s = canonicalForm(values);
    if (Object.isFrozen(values)) canonicalOf.set(values, s);
  }
  return s;
}

function canonicalForm(values: QueryValues): string {
  const names = Object.keys(values).sort();
  let s = '';
  for (const n of names) {
    if ((n === 'limit' && values[n] === LIMIT_DEFAULT) || (n === 'offset' && values[n] === 0)) continue;
    s += (s ? '&' : '') + n + '=' + encodeURIComponent(String(values[n]));
  }
  return s;
}
