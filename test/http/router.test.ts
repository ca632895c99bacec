/**
 * polka's router over the registry: exact, case-sensitive paths with an optional trailing slash, parameters in any
 * segment (one non-empty raw segment, percent-decoded after matching), static segments before parameters; log
 * templates and Allow values come from the same router.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDataset } from '../../runtime/data/load.ts';
import { createApp, type App } from '../../runtime/app.ts';
import { routeTemplate } from '../../runtime/ops/route-template.ts';
import { ROUTES } from '../../runtime/registry/index.ts';
import { DIST, ensureDist } from './helpers.ts';

describe('the router', () => {
  let app: App;
  beforeAll(async () => {
    ensureDist();
    app = createApp(await loadDataset(DIST));
  });

  it('compiles each template to a case-sensitive pattern with an optional trailing slash', () => {
    const pattern = (path: string) => ROUTES.find((r) => r.endpoint.path === path)!.pattern;
    const one = pattern('/v1/buildings/{building}');
    expect(one.exec('/v1/buildings/Main%20Library/')?.groups).toEqual({ building: 'Main%20Library' });
    expect(one.exec('/v1/buildings/a%2Fb')?.groups).toEqual({ building: 'a%2Fb' });
    for (const p of ['/v1/buildings//', '/v1/buildings/a/b', '/V1/buildings/x', '/v1//buildings/x']) expect(one.test(p), p).toBe(false);
    const file = pattern('/v1/datasets/{dataVersion}/{file}');
    expect(file.exec('/v1/datasets/2026-09-30.x/buildings.json')?.groups).toEqual({ dataVersion: '2026-09-30.x', file: 'buildings.json' });
    expect(pattern('/v1/openapi.json').test('/v1/openapiXjson')).toBe(false);
  });

  it('gives log templates and Allow from the matched registry entry only', () => {
    expect(routeTemplate('/v1/buildings/ICCS?campus=utm')).toBe('/v1/buildings/:building');
    expect(routeTemplate('/v1/places/x/')).toBe('/v1/places/:placeId');
    expect(routeTemplate('/api/campus-route')).toBe('/api/campus-route');
    expect(routeTemplate('/v1/secret-token-123')).toBe('(unmatched)');
    expect(routeTemplate('/V1/buildings')).toBe('(unmatched)');
    expect(routeTemplate('/')).toBe('/');
    expect(app.allowFor('/v1/routes?x')).toBe('GET, HEAD, POST, OPTIONS');
    expect(app.allowFor('/v1/campuses/utm')).toBe('GET, HEAD, OPTIONS');
    expect(app.allowFor('/v1/buildings/x/entrances/')).toBe('GET, HEAD, OPTIONS');
    expect(app.allowFor('/nope')).toBeUndefined();
  });
});
