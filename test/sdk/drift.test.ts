/**
 * Drift: every v1 GET/POST operation of the served OpenAPI document has a method in both SDKs. When this
 * fails after adding an endpoint: add one method to sdk/js/src/client.ts and sdk/python/campus_data/client.py
 * and its operationId to OPERATIONS in sdk/js/src/operations.ts and sdk/python/campus_data/client.py,
 * then run `npm run sdk:generate`.
 */
import { describe, expect, it } from 'vitest';
import { v1Operations } from '../../sdk/codegen/document.ts';
import { CampusClient, OPERATIONS } from '../../sdk/js/src/index.ts';
import { useServer } from '../http/helpers.ts';
import { python } from './python.ts';

const t = useServer();

describe('SDK drift against the served OpenAPI document', () => {
  it('the JS SDK has a method for every v1 operation', () => {
    const ops = v1Operations(t.oas.doc).map((o) => o.operationId);
    const map: Record<string, string> = OPERATIONS;
    expect(ops.filter((id) => !(id in map)), 'operations without a JS SDK method: add one to sdk/js/src/client.ts and to OPERATIONS in sdk/js/src/operations.ts').toEqual([]);
    expect(Object.keys(map).filter((id) => !ops.includes(id)), 'OPERATIONS entries the document no longer has').toEqual([]);
    const proto = CampusClient.prototype as unknown as Record<string, unknown>;
    expect(Object.values(map).filter((name) => typeof proto[name] !== 'function')).toEqual([]);
  });

  it('the Python SDK has a method for every v1 operation', async () => {
    const r = await python([
      '-c',
      'import json, campus_data as c\n' +
        'print(json.dumps({"map": c.OPERATIONS, "missing": sorted(n for n in c.OPERATIONS.values() if not callable(getattr(c.CampusClient, n, None)))}))',
    ]);
    expect(r.code, r.out).toBe(0);
    const { map, missing } = JSON.parse(r.out) as { map: Record<string, string>; missing: string[] };
    const ops = v1Operations(t.oas.doc).map((o) => o.operationId);
    expect(ops.filter((id) => !(id in map)), 'operations without a Python SDK method: add one to CampusClient and OPERATIONS in sdk/python/campus_data/client.py').toEqual([]);
    expect(Object.keys(map).filter((id) => !ops.includes(id)), 'OPERATIONS entries the document no longer has').toEqual([]);
    expect(missing).toEqual([]);
  });
});
