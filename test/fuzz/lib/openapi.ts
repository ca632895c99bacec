/**
 * The server's own OpenAPI document → path matchers, documented statuses and compiled
 * response-schema validators (ajv). Handles OpenAPI 3.0 (`nullable`) and 3.1.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Obj = { [k: string]: Json };

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

export interface Operation {
  statuses: Set<number>;
  validate200?: ValidateFunction;
}
export interface PathEntry {
  template: string;
  full: string;
  regex: RegExp;
  ops: Map<string, Operation>;
}

const METHODS = ['get', 'head', 'post', 'put', 'delete', 'patch', 'options'];

function escapePointer(s: string): string {
  return s.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** OpenAPI 3.0 `nullable: true` → JSON Schema type unions. */
function convertNullable(node: Json): Json {
  if (Array.isArray(node)) return node.map(convertNullable);
  if (node === null || typeof node !== 'object') return node;
  const out: Obj = {};
  for (const [k, v] of Object.entries(node)) out[k] = convertNullable(v);
  if (out.nullable === true) {
    delete out.nullable;
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    if (out.type === undefined && out.enum === undefined) return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}

function get(doc: Json, pointer: string): Json | undefined {
  let cur: Json | undefined = doc;
  for (const raw of pointer.replace(/^#\//, '').split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (cur === null || typeof cur !== 'object' || Array.isArray(cur)) return undefined;
    cur = (cur as Obj)[key];
  }
  return cur;
}

export function loadOpenApi(raw: unknown): PathEntry[] {
  const doc = convertNullable(raw as Json) as Obj;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema(doc as object, 'openapi.json');
  const entries: PathEntry[] = [];
  const servers = ((doc.servers as Obj[] | undefined) ?? []).map((s) => String(s.url ?? ''));
  const v1Prefixed = servers.some((u) => /\/v1\/?$/.test(u));
  for (const [template, item] of Object.entries((doc.paths ?? {}) as Obj)) {
    const full = template.startsWith('/api/') || template.startsWith('/v1') || !v1Prefixed ? template : '/v1' + (template === '/' ? '' : template);
    const regex = new RegExp('^' + full.replace(/[.*+?^${}()|[\]\\]/g, (c) => (c === '{' || c === '}' ? c : '\\' + c)).replace(/\{[^}]+\}/g, '[^/]+') + '/?$');
    const ops = new Map<string, Operation>();
    for (const m of METHODS) {
      const op = (item as Obj)[m] as Obj | undefined;
      if (!op) continue;
      const responses = (op.responses ?? {}) as Obj;
      const statuses = new Set(Object.keys(responses).filter((k) => /^\d{3}$/.test(k)).map(Number));
      let validate200: ValidateFunction | undefined;
      let pointer = `#/paths/${escapePointer(template)}/${m}/responses/200`;
      let resp = responses['200'] as Obj | undefined;
      if (resp && typeof resp.$ref === 'string') {
        pointer = resp.$ref;
        resp = get(doc, resp.$ref) as Obj | undefined;
      }
      const content = resp?.content as Obj | undefined;
      const key = content && Object.keys(content).find((k) => k.startsWith('application/json'));
      if (key && (content![key] as Obj).schema) {
        validate200 = ajv.compile({ $ref: `openapi.json${pointer}/content/${escapePointer(key)}/schema` });
      }
      ops.set(m.toUpperCase(), { statuses, ...(validate200 ? { validate200 } : {}) });
    }
    entries.push({ template, full, regex, ops });
  }
  // Literal paths before templated ones so /v1/openapi.json does not look like a parameter.
  entries.sort((a, b) => (a.full.includes('{') ? 1 : 0) - (b.full.includes('{') ? 1 : 0));
  return entries;
}

export function matchPath(entries: PathEntry[], path: string): PathEntry | undefined {
  return entries.find((e) => e.regex.test(path));
}
