/**
 * A tiny stand-in with the startServer signature, for developing the harnesses before the real
 * server exists (BENCH_SERVER_MODULE=../../test/bench/standin-server.ts). Not the API.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { readOpsConfig } from '../../runtime/ops/config.ts';
import { serverOptions } from '../../runtime/ops/limits.ts';
import { hardenServer } from '../../runtime/ops/harden.ts';
import { requestIdOf } from '../../runtime/ops/request-id.ts';

const buildings = Array.from({ length: 30 }, (_, i) => ({ code: `B${i}`, name: `Building ${i}`, category: 'academic' }));

export async function startServer(opts: { port?: number; host?: string }) {
  const cfg = readOpsConfig();
  const server = http.createServer(serverOptions(cfg));
  const send = (req: http.IncomingMessage, res: http.ServerResponse, status: number, data: unknown) => {
    const id = requestIdOf(req);
    const body = JSON.stringify({ data, meta: { apiVersion: 'v1', requestId: id } });
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'X-Request-Id': id, 'Cache-Control': 'no-store' });
    res.end(body);
  };
  hardenServer(
    server,
    (req, res) => {
      const u = new URL(req.url ?? '/', 'http://x');
      if (req.method === 'GET' && u.pathname === '/v1/buildings') return send(req, res, 200, buildings);
      if (req.method === 'GET' && u.pathname === '/v1/campuses') return send(req, res, 200, [1, 2]);
      if (req.method === 'GET' && u.pathname.startsWith('/v1/buildings/')) return send(req, res, 200, buildings[0]);
      if (req.method === 'GET' && u.pathname === '/v1/places') return send(req, res, 200, []);
      if (req.method === 'GET' && u.pathname === '/api/campus-building') return send(req, res, 200, buildings[1]);
      if (req.method === 'POST') {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => send(req, res, 200, { echo: randomUUID(), n: Buffer.concat(chunks).length }));
        return;
      }
      return send(req, res, 404, null);
    },
    cfg,
  );
  await new Promise<void>((r) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}`, port, server, close: () => new Promise<void>((r) => server.close(() => r())) };
}
