/**
 * The server process: listen on PORT (default 3000) and HOST (default 0.0.0.0) with the operational
 * layer (WORKERS, limits, request logs, crash guards, graceful shutdown); serve() logs one JSON line
 * when ready ({"msg":"listening","url":…,"dataVersion":…}).
 * `npm start` runs it as the bundled dist/server.mjs after build/tools/ensure has made dist/ current;
 * DIST_DIR overrides where the data artifacts are read from (default: dist/ of this checkout).
 */
import { fileURLToPath } from 'node:url';
import { startServer } from './server.ts';
import { serve } from './ops/serve.ts';
import { withOps } from './ops/attach.ts';

function portFromEnv(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 3000;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`PORT must be an integer from 0 to 65535, got '${raw}'`);
  return n;
}

// From runtime/main.ts and from dist/server.mjs alike, ../dist is the checkout's dist/.
const distDir = process.env.DIST_DIR?.trim() || fileURLToPath(new URL('../dist', import.meta.url));

await serve(async () => {
  const started = await startServer({
    port: portFromEnv(process.env.PORT),
    host: process.env.HOST?.trim() || '0.0.0.0',
    distDir,
    ...withOps(),
  });
  return { ...started, dataVersion: started.app.context.ds.dataVersion };
});
