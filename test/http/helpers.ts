/**
 * Shared test plumbing: build the real dataset when needed, start a server on an ephemeral port,
 * make requests, and validate bodies against the schemas of the served OpenAPI document.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, expect } from 'vitest';
import { staleReason } from '../../build/tools/ensure.ts';
import { buildAll } from '../../build/main.ts';
import { startServer, type ServerOptions, type StartedServer } from '../../runtime/server.ts';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const DIST = join(ROOT, 'dist');
export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Same as `tsx build/tools/ensure.ts`: build dist/ when it is missing or stale. */
export function ensureDist(): void {
  if (staleReason(ROOT) !== null) buildAll({ sourcesDir: join(ROOT, 'sources'), outDir: DIST });
}

export async function startTestServer(opts: ServerOptions = {}): Promise<StartedServer> {
  if (!opts.distDir) ensureDist();
  return startServer({ port: 0, host: '127.0.0.1', distDir: DIST, ...opts });
}

export interface TestServer {
  readonly srv: StartedServer;
  /** Base URL, e.g. http://127.0.0.1:41234 */
  readonly base: string;
  /** Validator for the served OpenAPI document. */
  readonly oas: OpenApiValidator;
}

/** A server on the real dataset for the enclosing suite (started in beforeAll, closed in afterAll). */
export function useServer(): TestServer {
  const t = {} as { srv: StartedServer; base: string; oas: OpenApiValidator };
  beforeAll(async () => {
    t.srv = await startTestServer();
    t.base = t.srv.url;
    t.oas = new OpenApiValidator((await call(t.base, '/v1/openapi.json')).body);
  });
  afterAll(() => t.srv?.close());
  return t;
}

export interface Res {
  status: number;
  headers: Headers;
  text: string;
  body: any;
}

export async function call(base: string, path: string, init: RequestInit = {}): Promise<Res> {
  const r = await fetch(base + path, { redirect: 'manual', ...init });
  const text = await r.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: r.status, headers: r.headers, text, body };
}

/** Every building of a campus, through the paginated list. */
export async function allBuildings(base: string, campus: string): Promise<any[]> {
  const out: any[] = [];
  for (let offset = 0; ; offset += 100) {
    const r = await call(base, `/v1/buildings?campus=${campus}&limit=100&offset=${offset}`);
    expect(r.status).toBe(200);
    out.push(...r.body.data);
    if (r.body.meta.pagination.nextOffset === null) return out;
  }
}

export function postJson(base: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Res> {
  return call(base, path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Envelope error checks: status, code, key order, X-Request-Id = meta.requestId, no-store. */
export function expectError(r: Res, status: number, code: string): void {
  expect(r.status, r.text).toBe(status);
  expect(Object.keys(r.body)).toEqual(['error', 'meta']);
  expect(r.body.error.code).toBe(code);
  expect(typeof r.body.error.message).toBe('string');
  expect(Object.keys(r.body.meta)).toEqual(['apiVersion', 'requestId']);
  expect(r.body.meta.apiVersion).toBe('v1');
  expect(r.body.meta.requestId).toMatch(UUID_V4);
  expect(r.headers.get('x-request-id')).toBe(r.body.meta.requestId);
  expect(r.headers.get('cache-control')).toBe('no-store');
  expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
}

export function expectLegacyError(r: Res, status: number, code: string): void {
  expect(r.status, r.text).toBe(status);
  expect(r.body.service).toBe('service-public-campus');
  expect(r.body.error).toBe(code);
  expect(typeof r.body.message).toBe('string');
  expect(r.headers.get('deprecation')).toBe('true');
  expect(r.headers.get('link')).toMatch(/^<\/v1\/[^>]*>; rel="successor-version"$/);
  expect(r.headers.get('x-request-id')).toMatch(UUID_V4);
}

/** Validates response bodies against the served OpenAPI document (compiled with ajv). */
export class OpenApiValidator {
  private readonly ajv: InstanceType<typeof Ajv2020Module.default>;
  private static readonly BASE = 'https://test.example/openapi.json';
  private readonly compiled = new Map<string, import('ajv').ValidateFunction>();

  constructor(readonly doc: any) {
    this.ajv = new Ajv2020Module.default({ allErrors: true, strict: false });
    addFormatsModule.default(this.ajv);
    this.ajv.addSchema({ ...doc, $id: OpenApiValidator.BASE });
  }

  /** Throws (through expect) unless `body` matches the response schema of path/method/status. */
  check(path: string, method: string, status: string, body: unknown): void {
    const op = this.doc.paths[path]?.[method];
    expect(op, `${method} ${path} documented`).toBeDefined();
    let resp = op.responses[status];
    expect(resp, `${method} ${path} ${status} documented`).toBeDefined();
    if (resp.$ref) resp = this.doc.components.responses[resp.$ref.split('/').pop()];
    const schema = (resp.content['application/json'] ?? Object.values(resp.content)[0]).schema;
    const key = `${method} ${path} ${status}`;
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile(this.resolveRefs(schema));
      this.compiled.set(key, validate);
    }
    const ok = validate(body);
    expect(validate.errors ?? [], `${method} ${path} ${status}`).toEqual([]);
    expect(ok).toBe(true);
  }

  private resolveRefs(schema: any): any {
    // Component refs inside the response schema resolve against the registered document.
    return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${OpenApiValidator.BASE}#/components/`));
  }
}
