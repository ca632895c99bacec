/**
 * A request target split into path and search ('?…' or ''), the fragment dropped, as @polka/url splits it —
 * without parsing the query: node:querystring cost ~2 µs on every GET with a query (4–5 % of its CPU), and the
 * app parses the query itself, once per distinct query string of an endpoint (app.ts, http/memo.ts).
 */
import { parse as parseQueryString } from 'node:querystring';
import type { RawQuery } from './query.ts';

export interface Target {
  path: string;
  /** '?…' or ''. */
  search: string;
}

export function splitTarget(url: string): Target {
  let path = url;
  let search = '';
  if (url.length > 1) {
    let i = url.indexOf('#', 1);
    if (i !== -1) path = url.substring(0, i);
    i = path.indexOf('?', 1);
    if (i !== -1) {
      search = path.substring(i);
      path = path.substring(0, i);
    }
  }
  return { path, search };
}

/** The parameters of a search string ('?a=1&a=2&b' → { a: ['1', '2'], b: '' }), as @polka/url gives them. */
export function searchParams(search: string): RawQuery {
  return search.length > 1 ? parseQueryString(search.substring(1)) : undefined;
}
