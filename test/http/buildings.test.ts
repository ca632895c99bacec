/** Buildings: list, filters, query rules, pagination, identity resolution — through real HTTP. */
import { describe, expect, it } from 'vitest';
import { call, expectError, useServer } from './helpers.ts';

const t = useServer();

const codes = (r: { body: any }) => r.body.data.map((b: any) => b.code);

describe('GET /v1/buildings', () => {
  it('lists the default campus (UTM) ordered by code, with pagination meta', async () => {
    const r = await call(t.base, '/v1/buildings');
    expect(r.status).toBe(200);
    t.oas.check('/v1/buildings', 'get', '200', r.body);
    expect(Object.keys(r.body.meta)).toEqual(['apiVersion', 'dataVersion', 'generatedAt', 'requestId', 'pagination']);
    const c = codes(r);
    expect(c).toEqual([...c].sort());
    expect(r.body.data.every((b: any) => b.campus === 'utm' && b.university === 'uoft')).toBe(true);
    expect(r.body.meta.pagination).toMatchObject({ limit: 50, offset: 0, total: 30, count: 30, nextOffset: null });
  });

  it('writes prepared bodies as UTF-8 with a Content-Length in bytes (GET and HEAD)', async () => {
    const path = '/v1/buildings?campus=carleton&limit=100';
    const r = await call(t.base, path);
    expect(r.body.data.map((b: any) => b.name)).toContain('Nideyinàn Centre');
    expect(Number(r.headers.get('content-length'))).toBe(Buffer.byteLength(r.text));
    const head = await fetch(t.base + path, { method: 'HEAD' });
    expect(head.headers.get('content-length')).toBe(r.headers.get('content-length'));
  });

  it('pagination walk equals the full list', async () => {
    const full = codes(await call(t.base, '/v1/buildings?campus=ubc-vancouver&limit=100'));
    const total = (await call(t.base, '/v1/buildings?campus=ubc-vancouver&limit=1')).body.meta.pagination.total;
    expect(total).toBeGreaterThan(100);
    const walked: string[] = [];
    let offset: number | null = 0;
    while (offset !== null) {
      const r = await call(t.base, `/v1/buildings?campus=ubc-vancouver&limit=7&offset=${offset}`);
      expect(r.body.meta.pagination.count).toBe(r.body.data.length);
      walked.push(...codes(r));
      offset = r.body.meta.pagination.nextOffset;
    }
    expect(walked).toHaveLength(total);
    expect(walked.slice(0, 100)).toEqual(full);
    expect(new Set(walked).size).toBe(total);
  });

  it('offset past the end → empty page with nextOffset null', async () => {
    const r = await call(t.base, '/v1/buildings?offset=1000');
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([]);
    expect(r.body.meta.pagination).toEqual({ limit: 50, offset: 1000, count: 0, total: 30, nextOffset: null });
  });

  it('filters combine and are echoed normalized in meta.filters', async () => {
    const r = await call(t.base, '/v1/buildings?university=TMU&q=%20kerr%20&category=academic');
    expect(r.status).toBe(200);
    expect(codes(r)).toEqual(['KHE', 'KHN', 'KHS', 'KHW']);
    expect(r.body.meta.filters).toEqual({ category: 'academic', q: 'kerr', university: 'tmu' });
    // ids are case-insensitive; enum values are exact (a value outside the set is invalid_query)
    expectError(await call(t.base, '/v1/buildings?category=Academic'), 400, 'invalid_query');
    expect(Object.keys(r.body.meta)).toEqual(['apiVersion', 'dataVersion', 'generatedAt', 'requestId', 'pagination', 'filters']);
    const none = await call(t.base, '/v1/buildings?limit=5');
    expect(none.body.meta.filters).toBeUndefined();
  });

  it('q search is case-, accent- and punctuation-insensitive over code, name and aliases', async () => {
    const a = codes(await call(t.base, '/v1/buildings?q=DAVIS'));
    expect(a).toContain('DV');
    expect(codes(await call(t.base, `/v1/buildings?q=${encodeURIComponent('dávís')}`))).toEqual(a);
    expect(codes(await call(t.base, '/v1/buildings?q=cc%2Fcct'))).toContain('CCT');
    expect(codes(await call(t.base, '/v1/buildings?q=zzzz-no-such'))).toEqual([]);
  });

  it('selects other universities and campuses; campus alone selects its university', async () => {
    for (const [query, campus, university] of [
      ['campus=utsg', 'utsg', 'uoft'], ['university=ubc', 'ubc-vancouver', 'ubc'], ['campus=WATERLOO', 'waterloo', 'laurier'],
      ['university=waterloo', 'waterloo-main', 'waterloo'], ['university=uoft&campus=utsc', 'utsc', 'uoft'],
    ]) {
      const r = await call(t.base, `/v1/buildings?${query}&limit=3`);
      expect(r.status, query).toBe(200);
      expect(r.body.data[0]).toMatchObject({ campus, university });
    }
  });

  it('query rules → 400 invalid_query', async () => {
    for (const q of [
      'foo=1', 'q=a&q=b', 'limit=1&limit=2', `q=${'x'.repeat(121)}`, 'limit=0', 'limit=101', 'limit=1.5', 'limit=-1', 'limit=%2B5',
      'limit=abc', 'offset=-1', 'offset=1e3', 'category=office', 'university=nowhere', 'campus=nowhere', 'university=tmu&campus=utm',
      'openNow=open',
    ]) {
      expectError(await call(t.base, `/v1/buildings?${q}`), 400, 'invalid_query');
    }
  });

  it('accepts q of exactly 120 characters; empty values count as absent', async () => {
    expect((await call(t.base, `/v1/buildings?q=${'x'.repeat(120)}`)).status).toBe(200);
    const r = await call(t.base, '/v1/buildings?q=&category=%20%20&limit=&offset=');
    expect(r.status).toBe(200);
    expect(r.body.meta.pagination.total).toBe(30);
    expect(r.body.meta.filters).toBeUndefined();
  });
});

describe('GET /v1/buildings/{building}', () => {
  it('resolves code, name and alias, case/punctuation/accent-insensitive', async () => {
    for (const id of ['DV', 'dv', 'William%20G.%20Davis%20Building', 'william-g-davis-building', 'DAVIS', 'd%C3%A1vis%20building', '%20dv%20']) {
      const r = await call(t.base, `/v1/buildings/${id}`);
      expect(r.status, id).toBe(200);
      t.oas.check('/v1/buildings/{building}', 'get', '200', r.body);
      expect(r.body.data.code).toBe('DV');
      expect(r.body.meta.pagination).toBeUndefined();
    }
  });

  it('TMU "Kerr Hall" → 409 ambiguous_building with sorted candidates', async () => {
    const r = await call(t.base, '/v1/buildings/Kerr%20Hall?university=tmu');
    expectError(r, 409, 'ambiguous_building');
    expect(r.body.error.details.candidates).toEqual(['KHE', 'KHN', 'KHS', 'KHW']);
    expect((await call(t.base, '/v1/buildings/KHE?campus=tmu')).body.data.code).toBe('KHE');
    expect((await call(t.base, '/v1/buildings/kerr%20hall%20east?campus=tmu')).body.data.code).toBe('KHE');
  });

  it('no substring or fuzzy matching; unknown → 404 building_not_found', async () => {
    expectError(await call(t.base, '/v1/buildings/Davi'), 404, 'building_not_found');
    expectError(await call(t.base, '/v1/buildings/NOPE'), 404, 'building_not_found');
    expectError(await call(t.base, '/v1/buildings/KHE'), 404, 'building_not_found'); // KHE is TMU, not UTM
  });

  it('blank or too long identifier → 400 invalid_identifier', async () => {
    expectError(await call(t.base, '/v1/buildings/%20%20'), 400, 'invalid_identifier');
    expectError(await call(t.base, `/v1/buildings/${'a'.repeat(241)}`), 400, 'invalid_identifier');
    expectError(await call(t.base, `/v1/buildings/${'a'.repeat(240)}`), 404, 'building_not_found');
  });

  it('unknown university/campus on a single lookup → 404; mismatch → 400', async () => {
    expectError(await call(t.base, '/v1/buildings/DV?university=nowhere'), 404, 'university_not_found');
    expectError(await call(t.base, '/v1/buildings/DV?campus=nowhere'), 404, 'campus_not_found');
    expectError(await call(t.base, '/v1/buildings/DV?university=tmu&campus=utm'), 400, 'invalid_query');
    expectError(await call(t.base, '/v1/buildings/DV?q=x'), 400, 'invalid_query');
  });

  it('same rules on every campus', async () => {
    const r = await call(t.base, '/v1/buildings?campus=ubc-vancouver&limit=100');
    for (const b of r.body.data.slice(0, 20)) {
      const one = await call(t.base, `/v1/buildings/${encodeURIComponent(b.code.toLowerCase())}?campus=ubc-vancouver`);
      expect(one.body.data.code).toBe(b.code);
    }
  });
});
