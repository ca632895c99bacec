/**
 * Traffic limits: header size and slow-client timeouts (Node's own parser enforces them),
 * plus caps on concurrent connections and in-flight requests above which requests are
 * answered 429 rate_limited with Retry-After (SPEC §7/§8: platform traffic protection).
 */
import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { OpsConfig } from './config.ts';

/** Options that must be given to http.createServer (they cannot be changed afterwards). */
export function serverOptions(cfg: OpsConfig): ServerOptions {
  return {
    maxHeaderSize: cfg.maxHeaderSize,
    headersTimeout: cfg.headersTimeoutMs,
    requestTimeout: cfg.requestTimeoutMs,
    keepAliveTimeout: cfg.keepAliveTimeoutMs,
    connectionsCheckingInterval: cfg.connectionsCheckingIntervalMs,
    noDelay: true,
    // A request without Host is answered like any other (Node's default is a bare 400 with none of
    // the headers BEHAVIOUR §2 puts on every response); nothing here depends on Host.
    requireHostHeader: false,
  };
}

/** The same timeouts on an existing server (for servers created without serverOptions). */
export function applyTimeouts(server: Server, cfg: OpsConfig): void {
  server.headersTimeout = cfg.headersTimeoutMs;
  server.requestTimeout = cfg.requestTimeoutMs;
  server.keepAliveTimeout = cfg.keepAliveTimeoutMs;
}

const OVER_CAP = Symbol('campus.overConnectionCap');
type MarkedSocket = Socket & { [OVER_CAP]?: boolean };

export class Admission {
  connections = 0;
  inflight = 0;
  constructor(private readonly cfg: OpsConfig) {}

  /** Count connections; those opened above the cap get 429 on every request, then close. */
  track(server: Server): void {
    const max = this.cfg.maxConnections;
    server.on('connection', (socket: MarkedSocket) => {
      this.connections++;
      if (max > 0 && this.connections > max) socket[OVER_CAP] = true;
      socket.once('close', () => {
        this.connections--;
      });
    });
  }

  /** Whether a request on this socket may be processed now (it is already counted in `inflight`). */
  admit(socket: Socket): boolean {
    if ((socket as MarkedSocket)[OVER_CAP] === true) return false;
    const max = this.cfg.maxInflight;
    return max === 0 || this.inflight <= max;
  }
}
