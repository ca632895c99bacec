/**
 * The SDKs' generated types are committed (reviewable in diffs; the SDKs build and type-check without a running
 * server). This test regenerates them from the document the server serves and requires identical bytes:
 * when it fails, run `npm run sdk:generate` and commit the result.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED, renderAll } from '../../sdk/codegen/main.ts';
import { useServer } from '../http/helpers.ts';

const t = useServer();

describe('generated SDK types', () => {
  it('sdk/js/src/generated/api.ts and sdk/python/campus_data/models.py equal a fresh generation', async () => {
    const fresh = await renderAll(t.oas.doc);
    expect(readFileSync(GENERATED.ts, 'utf8') === fresh.ts, 'api.ts is stale: run `npm run sdk:generate`').toBe(true);
    expect(readFileSync(GENERATED.py, 'utf8') === fresh.py, 'models.py is stale: run `npm run sdk:generate`').toBe(true);
  });
});
