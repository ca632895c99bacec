/**
 * `npm run sdk:generate` (after build/tools/ensure.ts has built dist/): starts the server in-process on the
 * built dataset, fetches the OpenAPI document it serves and writes the SDKs' generated types (sdk/js/src/generated/api.ts, sdk/python/campus_data/models.py).
 */
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../runtime/server.ts';
import type { OpenApiDocument } from './document.ts';
import { renderPython } from './python.ts';
import { renderTypeScript } from './typescript.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const GENERATED = {
  ts: join(ROOT, 'sdk/js/src/generated/api.ts'),
  py: join(ROOT, 'sdk/python/campus_data/models.py'),
};

/** Both generated files for a document. */
export async function renderAll(doc: OpenApiDocument): Promise<{ ts: string; py: string }> {
  return { ts: await renderTypeScript(doc), py: renderPython(doc) };
}

async function main(): Promise<void> {
  const srv = await startServer({ port: 0, host: '127.0.0.1', distDir: join(ROOT, 'dist') });
  try {
    const doc = (await (await fetch(`${srv.url}/v1/openapi.json`)).json()) as OpenApiDocument;
    const out = await renderAll(doc);
    writeFileSync(GENERATED.ts, out.ts);
    writeFileSync(GENERATED.py, out.py);
    console.log(`wrote ${GENERATED.ts}\nwrote ${GENERATED.py}`);
  } finally {
    await srv.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
