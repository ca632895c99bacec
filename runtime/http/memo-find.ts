/**
 * polka's router (trouter) answers a lookup by running every registered pattern (27 regular expressions
 * today) on every request — measured as the largest cost polka adds to a request here (a polka app
 * with 40 registrations answered 0.80× the throughput of the same app with 2, same bytes, same run).
 * The app registers every endpoint for all methods (`app.all`), so a lookup's answer depends on the path
 * alone: it is remembered per path (http/memo.ts). Answers are the router's own, their params frozen
 * (every request for the path shares them).
 */
import { memoize } from './memo.ts';

export interface Found<H> {
  params: Readonly<Record<string, string>>;
  handlers: H[];
}

export interface Finder<H> {
  find(method: string, path: string): Found<H>;
}

/** A per-path memo of the router's lookup (for routers whose registrations match every method). */
export function memoizeFind<H>(router: Finder<H>): (path: string) => Found<H> {
  return memoize((path) => {
    const found = router.find('', path);
    return { params: Object.freeze({ ...found.params }), handlers: found.handlers };
  });
}

/** Percent-decoded params (a segment that does not decode stays as it is, as polka leaves it). */
export function decodeParams(params: Readonly<Record<string, string>>): Record<string, string> {
  const decoded: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) {
    try {
      decoded[k] = decodeURIComponent(v);
    } catch {
      decoded[k] = v;
    }
  }
  return decoded;
}
