/** The registry's path router: static paths, parameters in any segment, several parameters, trailing slash. */
import { describe, expect, it } from 'vitest';
import { PathRouter } from '../../runtime/http/router.ts';
import { routeTemplate, allowFor } from '../../runtime/registry/index.ts';

describe('PathRouter', () => {
  const r = new PathRouter<string>()
    .add('/v1/buildings', 'list')
    .add('/v1/buildings/{building}', 'one')
    .add('/v1/buildings/{building}/entrances', 'entrances')
    .add('/v1/campuses/{campus}/map', 'map')
    .add('/v1/datasets/latest', 'latest')
    .add('/v1/datasets/{dataVersion}', 'dataset')
    .add('/v1/datasets/{dataVersion}/{file}', 'file');

  it('matches static paths and parameters in any segment', () => {
    expect(r.match('/v1/buildings')).toEqual({ route: 'list', params: {} });
    expect(r.match('/v1/buildings/')).toEqual({ route: 'list', params: {} });
    expect(r.match('/v1/buildings/ICCS')).toEqual({ route: 'one', params: { building: 'ICCS' } });
    expect(r.match('/v1/buildings/Main%20Library/entrances/')).toEqual({ route: 'entrances', params: { building: 'Main Library' } });
    expect(r.match('/v1/campuses/utm/map')).toEqual({ route: 'map', params: { campus: 'utm' } });
    expect(r.match('/v1/datasets/latest')).toEqual({ route: 'latest', params: {} });
    expect(r.match('/v1/datasets/2026-09-30.x/buildings.json')).toEqual({ route: 'file', params: { dataVersion: '2026-09-30.x', file: 'buildings.json' } });
  });

  it('rejects empty segments, extra segments and malformed templates', () => {
    for (const p of ['/v1/buildings//', '/v1//buildings', '/v1/buildings/a/b', '/v1/campuses/utm', '/v1/campuses//map', '/V1/buildings', '']) {
      expect(r.match(p), p).toBeUndefined();
    }
    expect(r.match('/v1/buildings/%E0')).toEqual({ route: 'one', params: { building: '%E0' } });
    expect(() => new PathRouter().add('/v1/x{y}', 1)).toThrow();
    expect(() => new PathRouter().add('/v1/{a}', 1).add('/v1/{b}/c', 2)).toThrow();
    expect(() => new PathRouter().add('/v1/a', 1).add('/v1/a', 2)).toThrow();
  });

  it('gives log templates and Allow from the matched registry entry only', () => {
    expect(routeTemplate('/v1/buildings/ICCS?campus=utm')).toBe('/v1/buildings/:building');
    expect(routeTemplate('/v1/places/x/')).toBe('/v1/places/:placeId');
    expect(routeTemplate('/api/campus-route')).toBe('/api/campus-route');
    expect(routeTemplate('/v1/secret-token-123')).toBe('(unmatched)');
    expect(routeTemplate('/')).toBe('/');
    expect(allowFor('/v1/routes?x')).toBe('GET, HEAD, POST, OPTIONS');
    expect(allowFor('/v1/campuses/utm')).toBe('GET, HEAD, OPTIONS');
    expect(allowFor('/nope')).toBeUndefined();
  });
});
