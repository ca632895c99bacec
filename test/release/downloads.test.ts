/**
 * GET /v1/datasets and /v1/datasets/{dataVersion}/{file} over real HTTP, on a copy of the real dist/ with
 * decoy files beside and inside the version: bytes and sha256 equal the manifest, strong ETag → 304, HEAD,
 * immutable caching; traversal attempts (`..`, encoded slashes, absolute paths, files not in the manifest)
 * → 400/404 and never another file's bytes; bytes changed on disk are never served.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanupTempDirs, tempDir } from '../build/helpers.ts';
import { call, DIST, ensureDist, expectError, OpenApiValidator, type Res } from '../http/helpers.ts';
import { rawRequest } from '../fuzz/lib/raw-client.ts';
import { startServer, type StartedServer } from '../../runtime/server.ts';

const SECRET = 'SECRET-OUTSIDE-THE-RELEASE';
let srv: StartedServer;
let base: string;
let version: string;
let manifest: { files: Record<string, { sha256: string; bytes: number }> };
let dist: string;

beforeAll(async () => {
  ensureDist();
  version = JSON.parse(readFileSync(join(DIST, 'current.json'), 'utf8')).dataVersion;
  dist = join(tempDir('campus-downloads-'), 'dist');
  cpSync(join(DIST, version), join(dist, version), { recursive: true });
  writeFileSync(join(dist, 'current.json'), JSON.stringify({ dataVersion: version }));
  // Decoys: beside the version, inside it but not in its manifest, and above dist/.
  writeFileSync(join(dist, 'secret.json'), JSON.stringify({ SECRET }));
  writeFileSync(join(dist, version, 'extra.json'), JSON.stringify({ SECRET }));
  writeFileSync(join(dist, '..', 'package.json'), JSON.stringify({ SECRET }));
  manifest = JSON.parse(readFileSync(join(dist, version, 'manifest.json'), 'utf8'));
  srv = await startServer({ port: 0, host: '127.0.0.1', distDir: dist });
  base = srv.url;
});
afterAll(async () => {
  await srv?.close();
  cleanupTempDirs();
});

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function bytesOf(path: string, init: RequestInit = {}): Promise<{ status: number; headers: Headers; body: Buffer }> {
  const r = await fetch(base + path, init);
  return { status: r.status, headers: r.headers, body: Buffer.from(await r.arrayBuffer()) };
}

describe('GET /v1/datasets', () => {
  it('lists the version in service with every manifest file, documented in OpenAPI', async () => {
    const r = await call(base, '/v1/datasets');
    expect(r.status).toBe(200);
    new OpenApiValidator((await call(base, '/v1/openapi.json')).body).check('/v1/datasets', 'get', '200', r.body);
    expect(r.body.meta.dataVersion).toBe(version);
    expect(r.headers.get('etag')).toMatch(/^W\//);
    const [held] = r.body.data;
    expect(held).toMatchObject({ dataVersion: version, inService: true });
    const listed = Object.fromEntries(held.files.map((f: any) => [f.path, { sha256: f.sha256, bytes: f.bytes }]));
    const onDisk = readFileSync(join(dist, version, 'manifest.json'));
    expect(listed).toEqual({ ...manifest.files, 'manifest.json': { sha256: sha256(onDisk), bytes: onDisk.length } });
    for (const f of held.files) {
      expect(f.name).toBe(f.path.replaceAll('/', '.'));
      expect(f.url).toBe(`/v1/datasets/${version}/${f.name}`);
    }
  });
});

describe('GET /v1/datasets/{dataVersion}/{file}', () => {
  it('serves every file byte for byte: sha256 = manifest = strong ETag, immutable, typed', async () => {
    const listing = (await call(base, '/v1/datasets')).body.data[0].files;
    for (const f of listing) {
      const r = await bytesOf(f.url);
      expect(r.status, f.path).toBe(200);
      expect(sha256(r.body)).toBe(f.sha256);
      expect(r.body.length).toBe(f.bytes);
      expect(r.body.equals(readFileSync(join(dist, version, f.path)))).toBe(true);
      expect(r.headers.get('etag')).toBe(`"${f.sha256}"`);
      expect(r.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const type = f.path.endsWith('.json') ? 'application/json; charset=utf-8' : f.path.endsWith('.geojson') ? 'application/geo+json' : f.path.endsWith('.gz') ? 'application/gzip' : 'application/octet-stream';
      expect(r.headers.get('content-type')).toBe(type);
      expect(r.headers.get('access-control-allow-origin')).toBe('*');
    }
  });

  it('304 on the strong ETag (and its weak form); HEAD has the headers and no body', async () => {
    const path = `/v1/datasets/${version}/catalog.json`;
    const etag = `"${manifest.files['catalog.json'].sha256}"`;
    for (const inm of [etag, `W/${etag}`, `"nope", ${etag}`, '*']) {
      const r = await bytesOf(path, { headers: { 'if-none-match': inm } });
      expect(r.status, inm).toBe(304);
      expect(r.body.length).toBe(0);
      expect(r.headers.get('etag')).toBe(etag);
    }
    expect((await bytesOf(path, { headers: { 'if-none-match': '"other"' } })).status).toBe(200);
    const head = await bytesOf(path, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(manifest.files['catalog.json'].bytes));
    expect(head.headers.get('etag')).toBe(etag);
    expect(head.body.length).toBe(0);
  });

  it('unknown version or file → 404 in the envelope, even when the file exists beside or inside the version', async () => {
    for (const path of [
      `/v1/datasets/2000-01-01.deadbeef/catalog.json`,
      `/v1/datasets/${version}/extra.json`,
      `/v1/datasets/${version}/secret.json`,
      `/v1/datasets/${version}/current.json`,
      `/v1/datasets/${version}/campuses.nowhere.json`,
      `/v1/datasets/${version}/campuses/utm.json`, // a real slash is another path
    ]) {
      const r = await call(base, path);
      expectError(r, 404, 'not_found');
      expect(r.text).not.toContain(SECRET);
    }
  });

  it('traversal and odd names → 400 invalid_identifier, never another file', async () => {
    const bad: string[] = [
      `/v1/datasets/${version}/campuses%2Futm.json`, // encoded slash
      `/v1/datasets/${version}/campuses%2futm.json`,
      `/v1/datasets/${version}/..%2Fsecret.json`,
      `/v1/datasets/${version}/..%2F..%2Fpackage.json`,
      `/v1/datasets/${version}/%2Fetc%2Fpasswd`, // absolute path
      `/v1/datasets/${version}/..%5Csecret.json`, // backslash
      `/v1/datasets/${version}/catalog.json%00.bin`,
      `/v1/datasets/${version}/.hidden`,
      `/v1/datasets/${version}/${'a'.repeat(201)}`,
      `/v1/datasets/..%2F${version}/catalog.json`,
      `/v1/datasets/latest/catalog.json`,
    ];
    for (const path of bad) {
      const r: Res = await call(base, path);
      expectError(r, 400, 'invalid_identifier');
      expect(r.text).not.toContain(SECRET);
    }
    // Dot segments, plain or encoded, sent as they are (fetch would resolve them before sending).
    for (const target of [
      `/v1/datasets/${version}/../secret.json`, `/v1/datasets/${version}/../../package.json`, `/v1/datasets/../${version}/catalog.json`,
      `/v1/datasets/${version}/..`, `/v1/datasets/${version}/%2E%2E`, `/v1/datasets/%2e%2e/secret.json`, `/v1/datasets/${version}/%2e%2e%2fsecret.json`,
    ]) {
      const r = await rawRequest(srv.port, Buffer.from(`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`), false);
      expect([400, 404], target).toContain(r.status);
      expect(r.body.toString()).not.toContain(SECRET);
    }
  });

  it('bytes that no longer match the manifest are never served', async () => {
    const file = join(dist, version, 'catalog.json');
    const original = readFileSync(file);
    writeFileSync(file, original.toString().replace('"dataVersion"', '"dataversion"'));
    try {
      const r = await call(base, `/v1/datasets/${version}/catalog.json`);
      expectError(r, 500, 'internal_error');
      // Revalidation and HEAD need no read and still answer from the manifest.
      expect((await bytesOf(`/v1/datasets/${version}/catalog.json`, { method: 'HEAD' })).status).toBe(200);
    } finally {
      writeFileSync(file, original);
    }
  });
});
