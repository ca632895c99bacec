/**
 * startServer: load the catalog (campuses are read on first use, data/load.ts), build the app, listen. Kept small on purpose; the hook points
 * for the operational layer are `createServer` options and `attach` (how the request listener is
 * installed — e.g. runtime/ops/harden.ts wraps it with admission, request logs and crash safety).
 * `reload()` swaps in the data version dist/current.json names (SIGHUP, runtime/ops/serve.ts): the app
 * (dataset, prepared replies, caches, ETags) is immutable and built whole from the checked dataset, then
 * one reference is replaced. Each request reads the reference once, so a request in flight finishes on
 * the app it started with; a version that fails its checks is refused and the old app keeps serving.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadDataset } from './data/load.ts';
import { CampusCache, DEFAULT_CAMPUS_CACHE_MB, type PartUnavailable } from './data/campus-cache.ts';
import { createApp, type App } from './app.ts';
import { loadCheckedDataset } from './datasets/check.ts';
import { loadPageFiles } from './pages/load.ts';
import { scanDatasets } from './datasets/store.ts';
import type { ReloadOutcome } from './ops/reload.ts';

export type { ReloadOutcome };

export type RequestListener = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export interface ServerOptions {
  port?: number;
  host?: string;
  /** Artifact directory holding current.json (default 'dist'). */
  distDir?: string;
  /** Start on this data version instead of the one current.json names (reloads still follow current.json). */
  dataVersion?: string;
  /** Built pages folder (default: dist/pages/ of this checkout). */
  pagesDir?: string;
  /** Injectable clock for place availability (tests pass fixed instants). */
  now?: () => Date;
  /** Options for http.createServer (timeouts, header limits…). */
  serverOptions?: http.ServerOptions;
  /** Installs the request listener on the server (default: server.on('request', handler)). */
  attach?: (server: http.Server, handler: RequestListener, app: App) => void;
  /** Byte budget of the campus parts read on first use (default DEFAULT_CAMPUS_CACHE_MB; ops: CAMPUS_CACHE_MB). */
  campusCacheBytes?: number;
  /** Told once per campus part that cannot be read (ops: one log line). */
  onCampusUnavailable?: (failure: PartUnavailable) => void;
}

export interface StartedServer {
  url: string;
  port: number;
  server: http.Server;
  /** The app in service (replaced by each successful reload). */
  readonly app: App;
  /** Loads, checks and swaps in the version dist/current.json names; concurrent calls run one after another. */
  reload(): Promise<ReloadOutcome>;
  close(): Promise<void>;
}

export async function startServer(opts: ServerOptions = {}): Promise<StartedServer> {
  const distDir = opts.distDir ?? 'dist';
  // One cache per process for every version it serves: after a reload the old version's parts are the least recently used.
  const cache = new CampusCache(opts.campusCacheBytes ?? DEFAULT_CAMPUS_CACHE_MB * 1024 * 1024, { onFailure: opts.onCampusUnavailable });
  // Read together: the catalog and manifest (campuses are read on first use), the pages and the list of held data versions.
  const [dataset, pages, datasets] = await Promise.all([
    loadDataset(distDir, opts.dataVersion, cache).catch((e: unknown) => {
      // Named for the operator (ops/start-failure.ts): the data directory is the setting to fix.
      throw Object.assign(new Error(`cannot load the data artifacts in ${distDir}: ${e instanceof Error ? e.message : String(e)}`), { setting: 'DIST_DIR' });
    }),
    loadPageFiles(opts.pagesDir),
    scanDatasets(distDir),
  ]);
  let app = createApp(dataset, { now: opts.now, pages, datasets });
  const handler: RequestListener = (req, res) => app.handler(req, res);
  const current: App = {
    handler,
    get context() {
      return app.context;
    },
    allowFor: (path) => app.allowFor(path),
  } as App;
  const server = http.createServer(opts.serverOptions ?? {});
  if (opts.attach) opts.attach(server, handler, current);
  else server.on('request', handler);

  let queue: Promise<unknown> = Promise.resolve();
  const reloadOnce = async (): Promise<ReloadOutcome> => {
    const from = app.context.ds.dataVersion;
    let next: App;
    try {
      // Also for the same version: the rescan may find other versions held for download.
      next = createApp(await loadCheckedDataset(distDir, cache), { now: opts.now, pages, datasets: await scanDatasets(distDir) });
    } catch (e) {
      return { status: 'refused', from, to: from, reason: (e as Error).message };
    }
    app = next; // the swap: requests from here on see the new version
    const to = next.context.ds.dataVersion;
    return { status: to === from ? 'unchanged' : 'reloaded', from, to };
  };

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
    get app() {
      return app;
    },
    reload: () => {
      const run = queue.then(reloadOnce);
      queue = run.catch(() => undefined);
      return run;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeIdleConnections();
      }),
  };
}
