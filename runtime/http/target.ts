/**
 * The request-target split polka's handler asks its `parse` for (path, search, fragment dropped), as
 * @polka/url does — but without parsing the query: node:querystring cost ~2 µs on every GET with a query
 * (4–5 % of its CPU), and the app parses the query itself, once per distinct query string of an endpoint
 * (app.ts, http/memo.ts). polka then sets `req.query` to {}; nothing reads it.
 */
import { parse as parseQueryString } from 'node:querystring';
import type { RawQuery } from './query.ts';

export interface Target {
  pathname: string;
  /** '?…' or ''. */
  search: string;
  query: undefined;
  hash: string | undefined;
  raw: string;
}

export function splitTarget(req: { url?: string }): Target | undefined {
  const raw = req.url;
  if (raw == null) return undefined;
  let pathname = raw;
  let search = '';
  let hash: string | undefined;
  if (raw.length > 1) {
    let i = raw.indexOf('#', 1);
    if (i !== -1) {
      hash = raw.substring(i);
      pathname = raw.substring(0, i);
    }
    i = pathname.indexOf('?', 1);
    if (i !== -1) {
      search = pathname.substring(i);
      pathname = pathname.substring(0, i);
    }
  }
  return { pathname, search, query: undefined, hash, raw };
}

/** The parameters of a search string ('?a=1&a=2&b' → { a: ['1', '2'], b: '' }), as @polka/url gives them. */
export function searchParams(search: string): RawQuery {
  return search.length > 1 ? parseQueryString(search.substring(1)) : undefined;
}
