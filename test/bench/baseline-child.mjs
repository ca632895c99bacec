/**
 * The raw node:http ceiling — plain JavaScript run by plain node, as the API runs (dist/server.mjs). GET: the very bytes captured from the API (status, headers, body).
 * POST: the minimum honest work — read the body, JSON.parse, one Map lookup (by the body), JSON.stringify of a
 * captured response. Env: BENCH_FIXTURE (path of the capture), PORT.
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';

/** @type {import('./lib/fixture.ts').Fixture} */
const fx = JSON.parse(readFileSync(process.env.BENCH_FIXTURE, 'utf8'));

const gets = new Map();
for (const [p, g] of Object.entries(fx.get)) gets.set(p, { status: g.status, headers: g.headers, body: Buffer.from(g.body, 'base64') });

const posts = new Map();
for (const [p, c] of Object.entries(fx.post)) posts.set(p, { status: c.status, headers: c.headers, responses: new Map(Object.entries(c.responses)) });

const server = http.createServer((req, res) => {
  if (req.method === 'GET') {
    const g = gets.get(req.url);
    if (g) {
      res.writeHead(g.status, g.headers);
      res.end(g.body);
      return;
    }
  } else if (req.method === 'POST') {
    const p = posts.get(req.url);
    if (p) {
      const chunks = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        JSON.parse(text); // the minimum honest work on a body
        const out = JSON.stringify(p.responses.get(text));
        res.writeHead(p.status, [...p.headers, 'Content-Length', String(Buffer.byteLength(out))]);
        res.end(out);
      });
      return;
    }
  }
  res.writeHead(404).end();
});
server.keepAliveTimeout = 5000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const a = server.address();
  process.send?.({ url: `http://127.0.0.1:${a.port}`, pid: process.pid });
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
