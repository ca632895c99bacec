/** The build's source types are generated from sources/schemas (build/tools/source-types.ts); the committed files are current. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate, OUT_DIR } from '../../build/tools/source-types.ts';

describe('generated source types', () => {
  it('build/load/schema-types/*.ts equal a fresh generation from sources/schemas', async () => {
    for (const [name, ts] of await generate()) {
      expect(readFileSync(join(OUT_DIR, `${name}.ts`), 'utf8') === ts, `build/load/schema-types/${name}.ts is stale: run \`npm run sources:types\``).toBe(true);
    }
  });
});
