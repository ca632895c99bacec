/** fast-check arbitraries for requests: valid, unknown, malformed and hostile. */
import fc from 'fast-check';
import type { FuzzRequest } from './model.ts';

export interface FuzzContext {
  buildingCodes: string[];
  buildingNames: string[];
  placeIds: string[];
  universities: string[];
  campuses: string[];
}

const METHODS = ['GET', 'GET', 'GET', 'POST', 'POST', 'POST', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'PATCH', 'CONNECT', 'TRACE', 'get', 'FOO', 'M-SEARCH', 'PROPFIND'];

const hostileStrings = fc.constantFrom(
  '', ' ', '..', '../../etc/passwd', '%2e%2e%2f%2e%2e%2f', '%', '%zz', '%E0%A4', '%00', '%FF%FE', '%C0%AF',
  'é', 'e\u0301', 'ＵＴＭ', '\u202e', '😀', '\u0000', 'a'.repeat(241), 'A'.repeat(5000), '<script>', "' OR 1=1 --",
  '__proto__', 'constructor', 'prototype', 'NaN', 'Infinity', '-0', '1e309', 'null', 'undefined', '%2F', 'a/b', '%20',
);

export function arbitraries(ctx: FuzzContext) {
  const code = fc.constantFrom(...ctx.buildingCodes);
  const ident = fc.oneof(
    { weight: 4, arbitrary: code },
    { weight: 2, arbitrary: fc.constantFrom(...ctx.buildingNames) },
    { weight: 2, arbitrary: hostileStrings },
    { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  );
  const segment = fc.oneof(
    { weight: 3, arbitrary: ident.map((s) => encodeURIComponent(s)) },
    { weight: 2, arbitrary: hostileStrings },
    { weight: 1, arbitrary: fc.constantFrom(...ctx.placeIds, ...ctx.universities, ...ctx.campuses) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 12 }).map((s) => s.replace(/[\s?#]/g, '')) },
  );

  const path = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(
      '/v1', '/v1/', '/v1/buildings', '/v1/buildings/', '/v1/places', '/v1/universities', '/v1/campuses', '/v1/routes', '/v1/gaps/plan',
      '/v1/openapi.json', '/api/campus-buildings', '/api/campus-building', '/api/campus-route', '/api/campus-gap-plan', '/api/campus-places',
      '/api/campus-place', '/', '/v2/buildings', '/V1/buildings', '/v1//buildings', '/v1/buildings/../places', '/%76%31/buildings', '*',
    ) },
    { weight: 4, arbitrary: fc.tuple(fc.constantFrom('/v1/buildings/', '/v1/places/', '/v1/universities/', '/v1/campuses/'), segment).map(([a, b]) => a + b) },
    { weight: 1, arbitrary: fc.array(segment, { minLength: 1, maxLength: 5 }).map((s) => '/' + s.join('/')) },
    { weight: 1, arbitrary: fc.integer({ min: 1000, max: 9000 }).map((n) => '/v1/buildings/' + 'x'.repeat(n)) },
  );

  const qname = fc.constantFrom('q', 'limit', 'offset', 'category', 'university', 'campus', 'kind', 'building', 'openNow', 'id', 'foo', '', 'LIMIT', '__proto__', 'q[]');
  const qvalue = fc.oneof(
    fc.constantFrom('', '0', '1', '50', '100', '101', '-1', '1.5', '1e2', ' 7 ', 'academic', 'residence', 'dining', 'open', 'unknown', 'utm', 'uoft', 'x'.repeat(121), 'x'.repeat(3000)),
    code,
    hostileStrings,
    fc.string({ maxLength: 20 }).map(encodeURIComponent),
  );
  const query = fc.oneof(
    { weight: 3, arbitrary: fc.constant('') },
    { weight: 5, arbitrary: fc.array(fc.tuple(qname, qvalue), { maxLength: 4 }).map((ps) => ps.map(([k, v]) => `${k}=${v}`).join('&')) },
    { weight: 1, arbitrary: fc.constantFrom('limit=1&limit=2', '&&&', '=', 'q', 'q=%', 'q=%zz', 'q=' + 'a'.repeat(20000), 'a=1;b=2', 'q=caf%C3%A9', 'q=%FF') },
  );

  const contentType = fc.constantFrom(
    'application/json', 'application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON', 'application/json;charset=latin1',
    'text/plain', 'application/x-www-form-urlencoded', '', 'application/jsonx', 'multipart/form-data; boundary=x', 'application/json, text/plain',
  );
  const extraHeader = fc.oneof(
    fc.constantFrom<[string, string]>(
      ['Accept', '*/*'], ['Accept', 'text/html'], ['If-None-Match', 'W/"abc"'], ['If-None-Match', '*'], ['Origin', 'https://example.org'],
      ['X-Request-Id', 'client-chosen'], ['Accept-Encoding', 'gzip, br'], ['Expect', '100-continue'], ['Transfer-Encoding', 'gzip'],
      ['Upgrade', 'websocket'], ['X-Big', 'b'.repeat(20_000)], ['Content-Type', 'application/json'],
    ),
    fc.tuple(fc.constantFrom('X-Fuzz', 'Cookie', 'Authorization', 'Referer'), fc.string({ unit: 'grapheme-ascii', maxLength: 40 }).map((s) => s.replace(/[\r\n]/g, ''))),
  );

  const prefValue = fc.oneof(fc.constantFrom('fastest', 'prefer-indoor', 'step-free', 'teleport', '', 0.5, 1.35, 3, 3.01, 0, 60, 61, -1, null, true, '1.35', 1e308, -0), fc.double());
  const prefs = fc.dictionary(fc.constantFrom('mode', 'walkingSpeedMps', 'transitionBufferMinutes', 'extra', '__proto__'), prefValue, { maxKeys: 3 });
  const gapPrefs = fc.dictionary(
    fc.constantFrom('setupMinutes', 'packUpMinutes', 'lunchWindowStart', 'lunchWindowEnd', 'mealDurationMinutes', 'willingToLeaveCampus', 'oneWayHomeCommuteMinutes', 'minimumHomeStayMinutes', 'homeTurnaroundMinutes', 'riskTolerance', 'bogus'),
    fc.oneof(fc.integer({ min: -10, max: 2000 }), fc.constantFrom(null, true, false, 'low', 'medium', 'high', 'extreme', 1.5)),
    { maxKeys: 4 },
  );
  const routeReq = fc.record(
    { from: ident, to: ident, preferences: prefs, university: fc.constantFrom(...ctx.universities, 'nope'), campus: fc.constantFrom(...ctx.campuses, 'nope') },
    { requiredKeys: ['from', 'to'] },
  );
  const gapReq = fc.record(
    {
      from: ident,
      to: ident,
      term: fc.constantFrom('Fall', 'Winter', 'Summer', 'fall', 'Spring'),
      weekday: fc.constantFrom('Monday', 'Friday', 'Sunday', 'Funday'),
      startTime: fc.oneof(fc.integer({ min: -5, max: 1445 }), fc.constantFrom(600.5, '600', null)),
      endTime: fc.oneof(fc.integer({ min: -5, max: 1445 }), fc.constantFrom(1e400 as number, '700')),
      routePreferences: prefs,
      gapPreferences: gapPrefs,
    },
    { requiredKeys: ['from', 'to', 'term', 'weekday', 'startTime', 'endTime'] },
  );
  const depth = fc.integer({ min: 10, max: 4000 });
  const body: fc.Arbitrary<Buffer | null> = fc.oneof(
    { weight: 2, arbitrary: fc.constant(null) },
    { weight: 5, arbitrary: routeReq.map((o) => Buffer.from(JSON.stringify(o))) },
    { weight: 5, arbitrary: gapReq.map((o) => Buffer.from(JSON.stringify(o))) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => Buffer.from(JSON.stringify(v) ?? 'null')) },
    { weight: 1, arbitrary: depth.map((n) => Buffer.from('['.repeat(n) + ']'.repeat(n))) },
    { weight: 1, arbitrary: depth.map((n) => Buffer.from('{"from":' + '{"a":'.repeat(n) + '1' + '}'.repeat(n) + ',"to":"x"}')) },
    { weight: 1, arbitrary: fc.constantFrom(
      '{"from":"A","to":"B","__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"polluted":1}},"from":"A","to":"B"}',
      '{"from":1e400,"to":-1e400}', '{"from":"NaN","to":"Infinity"}', '{"from":12345678901234567890123,"to":true}',
      '{"from":"A","to":"B","preferences":{"walkingSpeedMps":1e400}}', '{"from":"A","to":', '{"from":"A"', '', ' ', 'null', '[]', '"str"',
      '{"from":"A","from":"B","to":"C"}', '\ufeff{"from":"A","to":"B"}', '{"from":"\\ud800","to":"B"}',
    ).map((s) => Buffer.from(s)) },
    { weight: 1, arbitrary: fc.constant(Buffer.concat([Buffer.from('{"from":"'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('","to":"B"}')])) },
    { weight: 1, arbitrary: routeReq.chain((o) => { const s = JSON.stringify(o); return fc.integer({ min: 0, max: s.length }).map((k) => Buffer.from(s.slice(0, k))); }) },
    { weight: 1, arbitrary: fc.integer({ min: 16 * 1024 - 50, max: 40 * 1024 }).map((n) => Buffer.from('{"from":"' + 'a'.repeat(n) + '","to":"b"}')) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a)) },
  );

  const framing = fc.constantFrom<FuzzRequest['framing']>('length', 'length', 'length', 'length', 'length', 'length', 'chunked', 'none', 'short', 'bogus', 'duplicate');

  const request: fc.Arbitrary<FuzzRequest> = fc
    .record({
      method: fc.constantFrom(...METHODS),
      path,
      query,
      ct: fc.option(contentType, { nil: undefined, freq: 5 }),
      extra: fc.array(extraHeader, { maxLength: 2 }),
      body,
      framing,
    })
    .map(({ method, path, query, ct, extra, body, framing }) => ({
      method,
      path,
      query,
      headers: [...(ct !== undefined && body !== null ? [['Content-Type', ct] as [string, string]] : []), ...extra],
      body,
      framing,
    }));
  // Well-formed requests, so that success bodies get schema-checked often.
  const validGet = fc.oneof(
    fc.constantFrom('/v1', '/v1/universities', '/v1/campuses', '/v1/places', '/api/campus-buildings', '/api/campus-places').map((p) => ({ p, q: '' })),
    fc.tuple(fc.constantFrom('', 'academic', 'residence', 'facility'), fc.integer({ min: 1, max: 100 }), fc.integer({ min: 0, max: 300 }), fc.constantFrom(...ctx.campuses.slice(0, -1), ''))
      .map(([c, l, o, campus]) => ({ p: '/v1/buildings', q: [c && `category=${c}`, `limit=${l}`, `offset=${o}`, campus && `campus=${campus}`].filter(Boolean).join('&') })),
    fc.tuple(code, fc.constantFrom('', 'utm')).map(([c, campus]) => ({ p: `/v1/buildings/${encodeURIComponent(c)}`, q: campus && `campus=${campus}` })),
    code.map((c) => ({ p: '/api/campus-building', q: `q=${encodeURIComponent(c)}` })),
    fc.constantFrom(...ctx.placeIds).map((id) => ({ p: `/v1/places/${id}`, q: '' })),
    fc.constantFrom(...ctx.placeIds).map((id) => ({ p: '/api/campus-place', q: `id=${id}` })),
    fc.constantFrom(...ctx.universities.slice(0, -1)).map((id) => ({ p: `/v1/universities/${id}`, q: '' })),
    fc.constantFrom(...ctx.campuses.slice(0, -1)).map((id) => ({ p: `/v1/campuses/${id}`, q: '' })),
    fc.constantFrom('open', 'closed', 'unknown').map((o) => ({ p: '/v1/places', q: `openNow=${o}` })),
  ).map(({ p, q }): FuzzRequest => ({ method: 'GET', path: p, query: q, headers: [], body: null, framing: 'length' }));
  const validPost = fc.oneof(
    fc.tuple(code, code, fc.constantFrom('fastest', 'prefer-indoor', 'step-free'), fc.constantFrom('/v1/routes', '/api/campus-route'))
      .map(([f, t, mode, p]) => ({ p, body: { from: f, to: t, preferences: { mode } } })),
    fc.tuple(code, code, fc.integer({ min: 0, max: 1300 }), fc.integer({ min: 1, max: 140 }), fc.constantFrom('/v1/gaps/plan', '/api/campus-gap-plan'), fc.constantFrom('low', 'medium', 'high'))
      .map(([f, t, s, d, p, risk]) => ({ p, body: { from: f, to: t, term: 'Winter', weekday: 'Wednesday', startTime: s, endTime: s + d, gapPreferences: { riskTolerance: risk } } })),
  ).map(({ p, body }): FuzzRequest => ({ method: 'POST', path: p, query: '', headers: [['Content-Type', 'application/json']], body: Buffer.from(JSON.stringify(body)), framing: 'length' }));
  return { request: fc.oneof({ weight: 6, arbitrary: request }, { weight: 2, arbitrary: validGet }, { weight: 2, arbitrary: validPost }) };
}
