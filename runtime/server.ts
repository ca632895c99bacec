/**
 * startServer: load the artifacts once, build the app, listen. Kept small on purpose; the hook points
 * for the operational layer are `createServer` options and `attach` (how the request listener is
 * installed — e.g. runtime/ops/harden.ts wraps it with admission, request logs and crash safety).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadDataset } from './data/load.ts';
import { createApp, type App } from './app.ts';

export type RequestListener = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export interface ServerOptions {
  port?: number;
  host?: string;
  /** Artifact directory holding current.json (default 'dist'). */
  distDir?: string;
  /** Injectable clock for place availability (tests pass fixed instants). */
  now?: () => Date;
  /** Options for http.createServer (timeouts, header limits…). */
  serverOptions?: http.ServerOptions;
  /** Installs the request listener on the server (default: server.on('request', handler)). */
  attach?: (server: http.Server, handler: RequestListener, app: App) => void;
}

export interface StartedServer {
  url: string;
  port: number;
  server: http.Server;
  app: App;
  close(): Promise<void>;
}

export async function startServer(opts: ServerOptions = {}): Promise<StartedServer> {
  const distDir = opts.distDir ?? 'dist';
  const dataset = await loadDataset(distDir).catch((e: unknown) => {
    // Named for the operator (ops/start-failure.ts): the data directory is the setting to fix.
    throw Object.assign(new Error(`cannot load the data artifacts in ${distDir}: ${e instanceof Error ? e.message : String(e)}`), { setting: 'DIST_DIR' });
  });
  const app = createApp(dataset, { now: opts.now });
  const server = http.createServer(opts.serverOptions ?? {});
  if (opts.attach) opts.attach(server, app.handler, app);
  else server.on('request', app.handler);

  const host = opts.host ?? '0.0.0.0';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 3000, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    server,
    app,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeIdleConnections();
      }),
  };
}
