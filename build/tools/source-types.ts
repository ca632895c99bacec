/**
 * `npm run sources:types`: writes build/load/schema-types/<name>.ts — the TypeScript types of the committed
 * source files, generated from sources/schemas/<name>.schema.json (json-schema-to-typescript), so the
 * build's input types are declared once, in the schemas. test/build/source-types.test.ts fails when a
 * generated file is stale.
 *
 * The generator reads JSON Schema draft-07 tuples, so 2020-12 `prefixItems` is passed to it as
 * `items: [...]` with `additionalItems: false` (the schema files themselves are not changed).
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compile, type JSONSchema } from 'json-schema-to-typescript';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SCHEMAS = join(ROOT, 'sources', 'schemas');
export const OUT_DIR = join(ROOT, 'build', 'load', 'schema-types');

/** Names of the generated types (the schema titles are sentences). */
const ROOT_NAMES: Record<string, string> = { campus: 'CampusFile', footprint: 'FootprintFile', graph: 'GraphRows', registry: 'RegistryFile' };

function draft07Tuples(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(draft07Tuples);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) out[k] = draft07Tuples(v);
  if (Array.isArray(out.prefixItems)) {
    out.items = out.prefixItems;
    out.additionalItems = false;
    delete out.prefixItems;
  }
  return out;
}

/** name → generated TypeScript source. */
export async function generate(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const file of readdirSync(SCHEMAS).filter((f) => f.endsWith('.schema.json')).sort()) {
    const name = file.slice(0, -'.schema.json'.length);
    const schema = draft07Tuples(JSON.parse(readFileSync(join(SCHEMAS, file), 'utf8'))) as JSONSchema;
    const ts = await compile({ ...schema, title: ROOT_NAMES[name] ?? name }, ROOT_NAMES[name] ?? name, {
      bannerComment: `/* Generated from sources/schemas/${file} by build/tools/source-types.ts (npm run sources:types). Do not edit. */`,
      additionalProperties: false,
      unreachableDefinitions: true,
      ignoreMinAndMaxItems: true,
      // `Date` would shadow the global; every generated name gets a prefix-free, collision-free form.
      customName: (s, key) => (key === 'date' ? 'DateText' : undefined),
      format: true,
      style: { singleQuote: true, printWidth: 120 },
    });
    out.set(name, ts);
  }
  return out;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  for (const [name, ts] of await generate()) {
    writeFileSync(join(OUT_DIR, `${name}.ts`), ts);
    console.log(`wrote build/load/schema-types/${name}.ts`);
  }
}
