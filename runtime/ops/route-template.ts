/**
 * Path template of a request target for logs and metrics: the template of the endpoint-registry entry
 * the path matches (`/v1/buildings/:building`), `/`, or one constant — no caller-controlled text reaches
 * the logs. The app (runtime/app.ts) installs polka's router lookup when it is built (every app is built from
 * the same registry, so any one answers alike); this module imports nothing, so the logger does not depend on
 * the handlers (http/reply.ts logs through it).
 */
export const UNMATCHED = '(unmatched)';

let templateOf: (path: string) => string | undefined = () => undefined;

/** Called by createApp with its router's path → template lookup. */
export function installRouteTemplates(lookup: (path: string) => string | undefined): void {
  templateOf = lookup;
}

/** `url` is the raw request target (path and optional query). */
export function routeTemplate(url: string | undefined): string {
  if (!url) return UNMATCHED;
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (path === '/') return '/';
  return templateOf(path) ?? UNMATCHED;
}

/** A request the app has matched to an endpoint carries that endpoint's template (set by app.ts's dispatch). */
export interface WithLogPath {
  logPath?: string;
}

/** The template of a request: the one its endpoint set, else looked up from its target. */
export function requestTemplate(req: { url?: string } & WithLogPath): string {
  return req.logPath ?? routeTemplate(req.url);
}
