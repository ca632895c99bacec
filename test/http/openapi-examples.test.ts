/**
 * The OpenAPI document's examples are a working reference: every GET and POST operation has an example for each
 * path parameter and a request-body example, every example validates against its own schema, and the request
 * they form together (what Swagger UI's "Try it out" sends with its pre-filled values) answers 200 through HTTP
 * with a body valid against the documented response. The examples are records of the served data: the data
 * version is the one in service, the file one it lists.
 */
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, useServer } from './helpers.ts';

interface Parameter { name: string; in: 'path' | 'query'; required: boolean; schema: unknown; example?: string | number }
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: unknown; example?: unknown }> };
  responses: Record<string, { content?: Record<string, unknown> }>;
}
interface Example { method: 'get' | 'post'; template: string; target: string; body?: unknown; op: Operation }

const t = useServer();
const BASE = 'https://test.example/openapi.json';

describe('OpenAPI examples', () => {
  let examples: Example[] = [];
  let validate: (schema: unknown, value: unknown) => string[];

  beforeAll(() => {
    const doc = t.oas.doc;
    const ajv = new Ajv2020Module.default({ allErrors: true, strict: false });
    addFormatsModule.default(ajv);
    ajv.addSchema({ ...doc, $id: BASE });
    validate = (schema, value) => {
      const check = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${BASE}#/components/`)));
      return check(value) ? [] : (check.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
    };
    examples = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([template, item]) =>
      (['get', 'post'] as const).filter((m) => item[m]).map((method): Example => {
        const op = item[method] as Operation;
        const params = [...((item.parameters as Parameter[] | undefined) ?? []), ...(op.parameters ?? [])];
        let path = template;
        const query = new URLSearchParams();
        for (const p of params) {
          if (p.example === undefined) continue;
          if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(String(p.example)));
          else query.set(p.name, String(p.example));
        }
        const body = op.requestBody?.content['application/json']?.example;
        return { method, template, target: path + (query.size ? `?${query}` : ''), body, op };
      }));
  });

  it('every GET and POST has its path parameters, its required query parameters and its request body exemplified', () => {
    expect(examples.length).toBeGreaterThan(20);
    for (const { method, template, target, body, op } of examples) {
      expect(target, `${method} ${template}`).not.toMatch(/[{}]/);
      for (const p of op.parameters ?? []) if (p.required) expect(p.example, `${method} ${template} ${p.name}`).toBeDefined();
      if (op.requestBody) expect(body, `${method} ${template} body`).toBeTypeOf('object');
    }
  });

  it('every example validates against its schema', () => {
    const doc = t.oas.doc;
    let checked = 0;
    for (const [template, item] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
      for (const m of ['get', 'post'] as const) {
        const op = item[m] as Operation | undefined;
        if (!op) continue;
        for (const p of [...((item.parameters as Parameter[] | undefined) ?? []), ...(op.parameters ?? [])]) {
          if (p.example === undefined) continue;
          expect(validate(p.schema, p.example), `${m} ${template} ${p.name}=${p.example}`).toEqual([]);
          checked++;
        }
        for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
          expect(validate(media.schema, media.example), `${m} ${template} ${type} body`).toEqual([]);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(40);
  });

  it('each operation\'s examples together answer 200 with a documented body', async () => {
    for (const { method, template, target, body, op } of examples) {
      const r = await call(t.base, target, method === 'post'
        ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
        : {});
      expect(r.status, `${method.toUpperCase()} ${target} ${r.text.slice(0, 300)}`).toBe(200);
      const type = r.headers.get('content-type')!.split(';')[0]!;
      expect(Object.keys(op.responses['200']!.content!), `${method} ${template} media types`).toContain(type);
      if (type.endsWith('json') && !template.startsWith('/v1/datasets/')) t.oas.check(template, method, '200', r.body);
    }
  });

  it('names the data in service: its data version and a file it lists', async () => {
    const { dataVersion } = (await call(t.base, '/v1')).body.data;
    const file = examples.find((e) => e.template === '/v1/datasets/{dataVersion}/{file}')!;
    const [, , , version, name] = file.target.split('/');
    expect(version).toBe(dataVersion);
    const held = (await call(t.base, '/v1/datasets')).body.data.find((v: { dataVersion: string }) => v.dataVersion === dataVersion);
    expect(held.files.map((f: { name: string }) => f.name)).toContain(name);
  });
});
