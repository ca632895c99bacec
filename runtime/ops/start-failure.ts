/**
 * Why the server could not start, as one log line that names the setting to fix — never a stack trace —
 * and the exit code that says so (a worker that cannot start tells the cluster primary not to retry).
 */
import { SettingError, shown, type ListenConfig } from './config.ts';

export interface StartFailure {
  /** The environment variable to fix (null when the cause is not a setting). */
  setting: string | null;
  reason: string;
}

/** Exit code of a process that could not start (EX_CONFIG of sysexits.h). */
export const EXIT_CANNOT_START = 78;

const HOST_ERRORS = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EADDRNOTAVAIL', 'EAFNOSUPPORT', 'EINVAL']);

export function startFailure(err: unknown, listen: ListenConfig | undefined): StartFailure {
  if (err instanceof SettingError) return { setting: err.setting, reason: err.message };
  const e = (err ?? {}) as NodeJS.ErrnoException & { setting?: unknown };
  const message = typeof e.message === 'string' ? e.message : String(err);
  if (typeof e.setting === 'string') return { setting: e.setting, reason: message };
  if (listen) {
    const at = `${shown(listen.host)} port ${listen.port}`;
    if (e.code === 'EADDRINUSE') return { setting: 'PORT', reason: `PORT ${listen.port} is already in use (HOST ${shown(listen.host)})` };
    if (e.code === 'EACCES') return { setting: 'PORT', reason: `not allowed to listen on PORT ${listen.port} (ports below 1024 need privileges)` };
    if (e.code !== undefined && HOST_ERRORS.has(e.code)) return { setting: 'HOST', reason: `cannot listen on HOST ${at}: ${e.code}` };
  }
  return { setting: null, reason: message };
}
