/**
 * Path template of a request path for logs and metrics: parameter segments become :name and
 * anything unrecognised becomes one constant, so no caller-controlled text reaches the logs.
 */
const STATIC = new Set([
  '/v1',
  '/v1/openapi.json',
  '/v1/universities',
  '/v1/campuses',
  '/v1/buildings',
  '/v1/places',
  '/v1/routes',
  '/v1/gaps/plan',
  '/api/campus-buildings',
  '/api/campus-building',
  '/api/campus-route',
  '/api/campus-gap-plan',
  '/api/campus-places',
  '/api/campus-place',
]);

const PARAM: Record<string, string> = {
  '/v1/universities': '/v1/universities/:university',
  '/v1/campuses': '/v1/campuses/:campus',
  '/v1/buildings': '/v1/buildings/:building',
  '/v1/places': '/v1/places/:placeId',
};

export const UNMATCHED = '(unmatched)';

/** `url` is the raw request target (path and optional query). */
export function routeTemplate(url: string | undefined): string {
  if (!url) return UNMATCHED;
  const q = url.indexOf('?');
  let path = q === -1 ? url : url.slice(0, q);
  if (path === '/') return '/';
  if (path.length > 1 && path.charCodeAt(path.length - 1) === 47 /* / */) path = path.slice(0, -1);
  if (STATIC.has(path)) return path;
  const slash = path.lastIndexOf('/');
  if (slash > 0) {
    const tpl = PARAM[path.slice(0, slash)];
    if (tpl !== undefined) return tpl;
  }
  return UNMATCHED;
}
