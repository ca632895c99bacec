/** The benchmark cases, derived from live API data (codes of the default campus). */
import { json, request } from './http.ts';
import type { LoadRequest } from './load.ts';

export interface BenchCase {
  name: string;
  /** Which target applies (issue 11): GET ≥ 0.90×, POST routes ≥ 0.80×, POST gap plans ≥ 0.65× the raw baseline. */
  kind: 'GET' | 'POST-route' | 'POST-gap';
  requests: LoadRequest[];
  /** Measured through Varnish (deploy/varnish/default.vcl) in front of the API. */
  via?: 'cache';
}

interface BuildingList {
  data: { code: string }[];
}

export async function discoverCases(api: string): Promise<BenchCase[]> {
  const list = json<BuildingList>(await request(api, 'GET', '/v1/buildings?limit=50'));
  const codes = list.data.map((b) => b.code);
  if (codes.length < 10) throw new Error('expected at least 10 buildings on the default campus');
  const pairs: [string, string][] = [
    [codes[0]!, codes[1]!],
    [codes[2]!, codes[5]!],
    [codes[3]!, codes[7]!],
    [codes[9]!, codes[4]!],
  ];
  const route = (from: string, to: string) => JSON.stringify({ from, to });
  const gap = (from: string, to: string) =>
    JSON.stringify({ from, to, term: 'Fall', weekday: 'Tuesday', startTime: 600, endTime: 690 });
  const code = codes[3]!;
  const getRoutes: LoadRequest[] = pairs.map(([f, t]) => ({ method: 'GET', path: `/v1/routes?from=${f}&to=${t}` }));
  const listPage: LoadRequest[] = [{ method: 'GET', path: '/v1/buildings?limit=50' }];
  /** POST /v1/routes on four pairs of another campus's first buildings, with or without geometry. */
  const campusRoutes = async (campus: string, limit: number, picks: [number, number][]) => {
    const codes = json<BuildingList>(await request(api, 'GET', `/v1/buildings?campus=${campus}&limit=${limit}`)).data.map((b) => b.code);
    return (geometry: boolean) => picks.map(([f, t]) => ({
      method: 'POST' as const, path: '/v1/routes', body: JSON.stringify({ campus, from: codes[f]!, to: codes[t]!, ...(geometry ? { geometry } : {}) }),
    }));
  };
  // Route geometry (issue 10) on a large OpenStreetMap walking graph: the same pairs with and without `geometry: true`.
  const keeleRoute = await campusRoutes('keele', 50, [[0, 30], [5, 20], [12, 2], [25, 9]]);
  // UBC Vancouver (issue 23): the largest campus, its own 24,606-segment network; a route must cost what any other costs.
  const ubcRoute = await campusRoutes('ubc-vancouver', 100, [[0, 90], [17, 64], [45, 3], [99, 31]]);
  return [
    { name: 'GET /v1/buildings?limit=50', kind: 'GET', requests: listPage },
    { name: 'GET /v1/buildings/{code}', kind: 'GET', requests: [{ method: 'GET', path: `/v1/buildings/${code}` }] },
    { name: 'GET /v1/places', kind: 'GET', requests: [{ method: 'GET', path: '/v1/places' }] },
    { name: 'POST /v1/routes', kind: 'POST-route', requests: pairs.map(([f, t]) => ({ method: 'POST', path: '/v1/routes', body: route(f, t) })) },
    { name: 'POST /v1/routes keele', kind: 'POST-route', requests: keeleRoute(false) },
    { name: 'POST /v1/routes keele geometry', kind: 'POST-route', requests: keeleRoute(true) },
    { name: 'POST /v1/routes ubc-vancouver', kind: 'POST-route', requests: ubcRoute(false) },
    { name: 'POST /v1/routes ubc-vancouver geometry', kind: 'POST-route', requests: ubcRoute(true) },
    { name: 'POST /v1/gaps/plan', kind: 'POST-gap', requests: pairs.map(([f, t]) => ({ method: 'POST', path: '/v1/gaps/plan', body: gap(f, t) })) },
    { name: 'GET /v1/routes?from&to', kind: 'GET', requests: getRoutes },
    { name: 'GET /v1/routes?…&geometry=true', kind: 'GET', requests: getRoutes.map((q) => ({ ...q, path: q.path + '&geometry=true' })) },
    { name: 'cache: GET /v1/buildings?limit=50', kind: 'GET', requests: listPage, via: 'cache' },
    { name: 'cache: GET /v1/routes?from&to', kind: 'GET', requests: getRoutes, via: 'cache' },
  ];
}
