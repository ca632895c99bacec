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
import { VERSION_IN_SERVICE_ENV } from './ops/reload.ts';

// From runtime/main.ts and from dist/server.mjs alike, ../dist is the checkout's dist/.
const distDir = process.env.DIST_DIR?.trim() || fileURLToPath(new URL('../dist', import.meta.url));

await serve(async (listen) => {
  const started = await startServer({
    ...listen,
    distDir,
    // Set by the cluster primary for a worker it (re)starts: the data version the others serve.
    dataVersion: process.env[VERSION_IN_SERVICE_ENV] || undefined,
    ...withOps(),
  });
  return { ...started, dataVersion: started.app.context.ds.dataVersion };
});
