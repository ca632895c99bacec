/**
 * SIGHUP → reload the data version dist/current.json names, without dropping a request.
 * One process: the signal calls the server's reload() (load + check + one reference swap; see
 * runtime/server.ts). WORKERS > 1: the primary rolls the reload out worker by worker over IPC, waiting
 * for each worker's answer before the next, and stops at the first refusal (the others keep the old data).
 * Every outcome is logged; a process with an IPC channel is also told ({type: 'reloaded', …}).
 * The primary remembers the version its workers serve and hands it to every worker it (re)starts
 * (VERSION_IN_SERVICE_ENV), so a worker replacing a crashed one never starts on a version that was refused,
 * or on one current.json names but nobody reloaded yet.
 */
import cluster, { type Worker } from 'node:cluster';
import { logEvent } from './logger.ts';

/** What a reload did: `to` is the version in service afterwards (`from` when refused or unchanged). */
export interface ReloadOutcome {
  status: 'reloaded' | 'unchanged' | 'refused';
  from: string;
  to: string;
  reason?: string;
}

/** Environment of a forked worker: the data version to start on (set by the primary, read by runtime/main.ts). */
export const VERSION_IN_SERVICE_ENV = 'CAMPUS_DATA_VERSION_IN_SERVICE';

const RELOAD = 'reload';
const RELOADED = 'reloaded';
/** A worker that has not answered by then counts as refused (it keeps whatever it serves). */
const WORKER_TIMEOUT_MS = 120_000;

function logOutcome(o: ReloadOutcome, extra: Record<string, unknown> = {}): void {
  if (o.status === 'refused') logEvent('error', 'data reload refused', { dataVersion: o.from, reason: o.reason, ...extra });
  else logEvent('info', o.status === 'reloaded' ? 'data reloaded' : 'data unchanged', { from: o.from, dataVersion: o.to, ...extra });
}

const isMessage = (m: unknown, type: string): m is ReloadOutcome & { type: string } =>
  typeof m === 'object' && m !== null && (m as { type?: unknown }).type === type;

/** In a server process (alone or a cluster worker): SIGHUP, or the primary's message, reloads. */
export function installReload(reload: () => Promise<ReloadOutcome>): void {
  const run = async () => {
    const outcome = await reload();
    logOutcome(outcome, cluster.isWorker ? { worker: cluster.worker?.id } : {});
    process.send?.({ type: RELOADED, ...outcome });
  };
  process.on('SIGHUP', () => void run());
  if (cluster.isWorker) process.on('message', (m: unknown) => isMessage(m, RELOAD) && void run());
}

function reloadWorker(w: Worker): Promise<ReloadOutcome> {
  return new Promise((resolve) => {
    const done = (o: ReloadOutcome) => {
      clearTimeout(timer);
      w.off('message', onMessage);
      w.off('exit', onExit);
      resolve(o);
    };
    const onMessage = (m: unknown) => isMessage(m, RELOADED) && done({ status: m.status, from: m.from, to: m.to, reason: m.reason });
    const onExit = () => done({ status: 'refused', from: '', to: '', reason: `worker ${w.id} exited during the reload` });
    const timer = setTimeout(() => done({ status: 'refused', from: '', to: '', reason: `worker ${w.id} did not answer` }), WORKER_TIMEOUT_MS);
    w.on('message', onMessage);
    w.once('exit', onExit);
    w.send({ type: RELOAD });
  });
}

/** In the cluster primary: SIGHUP rolls the reload out worker by worker (a SIGHUP during a rollout queues one more). */
export function installClusterReload(): void {
  let rolling = false;
  let again = false;
  // cluster.fork() passes process.env on: what the next (re)started worker loads.
  const serve = (dataVersion: string | undefined) => {
    if (dataVersion) process.env[VERSION_IN_SERVICE_ENV] = dataVersion;
  };
  cluster.on('message', (_w, m: unknown) => {
    if (isMessage(m, 'listening') && !process.env[VERSION_IN_SERVICE_ENV]) serve((m as { dataVersion?: string }).dataVersion);
  });
  const rollout = async (): Promise<void> => {
    if (rolling) {
      again = true;
      return;
    }
    rolling = true;
    const outcomes: ReloadOutcome[] = [];
    for (const w of Object.values(cluster.workers ?? {})) {
      if (!w || !w.isConnected()) continue;
      const o = await reloadWorker(w);
      outcomes.push(o);
      if (o.status === 'refused') break;
    }
    const refused = outcomes.find((o) => o.status === 'refused');
    const summary: ReloadOutcome = refused ?? outcomes.at(-1) ?? { status: 'unchanged', from: '', to: '' };
    serve(summary.to);
    logEvent(refused ? 'error' : 'info', refused ? 'data rollout stopped' : 'data rollout complete', {
      workers: outcomes.length, dataVersion: summary.to || undefined, reason: refused?.reason,
    });
    process.send?.({ type: RELOADED, ...summary, workers: outcomes.length });
    rolling = false;
    if (again) {
      again = false;
      void rollout();
    }
  };
  process.on('SIGHUP', () => void rollout());
}
