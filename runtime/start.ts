/**
 * `npm start`: make sure dist/ is built (build/ensure), then listen on PORT (default 3000) and HOST
 * (default 0.0.0.0) and log one line when ready.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { staleReason } from '../build/ensure.ts';
import { runCli } from '../build/main.ts';
import { startServer } from './server.ts';
import { serve } from './ops/serve.ts';
import { withOps } from './ops/attach.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function ensureBuilt(): void {
  const reason = staleReason(ROOT);
  if (reason === null) return;
  console.log(`building campus data (${reason})`);
  if (runCli(['--quiet', '--sources', join(ROOT, 'sources'), '--out', join(ROOT, 'dist')]) !== 0) process.exit(1);
}

function portFromEnv(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 3000;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`PORT must be an integer from 0 to 65535, got '${raw}'`);
  return n;
}

ensureBuilt();
// runtime/ops/serve: WORKERS (cluster), crash guards, graceful shutdown; withOps: limits, 429, request logs.
await serve(async () => {
  const started = await startServer({
    port: portFromEnv(process.env.PORT),
    host: process.env.HOST?.trim() || '0.0.0.0',
    distDir: join(ROOT, 'dist'),
    ...withOps(),
  });
  console.log(`Public Campus Data API listening on ${started.url} (data ${started.app.context.ds.dataVersion})`);
  return started;
});
