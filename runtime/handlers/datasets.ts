/**
 * GET /v1/datasets — the data versions this server holds, with every file's bytes and sha256;
 * GET /v1/datasets/{dataVersion}/{file} — a file's exact bytes for offline use. A file is named by one
 * URL segment (its manifest path with `/` → `.`), looked up in the version's manifest: nothing from the
 * request ever becomes a file-system path. Bytes are immutable per (version, name): `Cache-Control:
 * public, max-age=31536000, immutable` and a strong ETag = the quoted sha256.
 */
import { createHash } from 'node:crypto';
import { DATA_VERSION_PATTERN, FILE_NAME_PATTERN, readHeldFile, type HeldVersion } from '../datasets/store.ts';
import { successTemplate } from '../http/envelope.ts';
import { ApiError } from '../http/errors.ts';
import { ifNoneMatchHits, weakEtag } from '../http/etag.ts';
import { CACHE_IMMUTABLE, CACHE_STATIC, CONTENT_TYPE_JSON } from '../http/headers.ts';
import { filtersOf, paginate } from '../http/pagination.ts';
import { canonicalQuery } from '../http/query.ts';
import type { Reply } from '../http/reply.ts';
import { BoundedCache } from '../http/reply-cache.ts';
import type { AppContext, Handler } from './context.ts';
import { ref, type Schema } from '../schemas/common.ts';

const LIST_PATH = '/v1/datasets';
const NO_BODY = Buffer.alloc(0);

const CONTENT_TYPES: Record<string, string> = {
  json: CONTENT_TYPE_JSON,
  geojson: 'application/geo+json',
  md: 'text/markdown; charset=utf-8',
  gz: 'application/gzip',
};
const OTHER_FILES = 'application/octet-stream';
export const contentTypeOf = (path: string): string => CONTENT_TYPES[path.slice(path.lastIndexOf('.') + 1)] ?? OTHER_FILES;

/** For the OpenAPI document: each media type a file can be sent as (CONTENT_TYPES and OTHER_FILES, parameters dropped), with its schema. */
export const FILE_MEDIA: Readonly<Record<string, Schema>> = {
  'application/json': { type: 'object', description: 'A JSON artifact (.json): catalog.json, campuses/<id>.json, manifest.json.' },
  'application/geo+json': { ...ref('CampusMap'), description: 'A campus map (.geojson), as GET /v1/campuses/{campus}/map serves it.' },
  'text/markdown': { type: 'string', contentMediaType: 'text/markdown', description: 'Files sent as text/markdown.' },
  'application/gzip': { type: 'string', contentMediaType: 'application/gzip', description: 'A gzip-compressed file (.gz: a campus map, maps/<id>.geojson.gz).' },
  [OTHER_FILES]: { type: 'string', contentMediaType: OTHER_FILES, description: 'Binary artifacts (.bin: route matrices and paths) and any other file.' },
};

function versionRecord(v: HeldVersion, inService: boolean) {
  return {
    dataVersion: v.dataVersion,
    generatedAt: v.generatedAt,
    inService,
    files: v.files.map((f) => ({ name: f.name, path: f.path, bytes: f.bytes, sha256: f.sha256, url: `${LIST_PATH}/${v.dataVersion}/${f.name}` })),
  };
}

export function datasetsHandler(ctx: AppContext): Handler {
  const { ds, datasets } = ctx;
  const all = datasets.versions.map((v) => versionRecord(v, v.dataVersion === ds.dataVersion));
  // The listing changes when a reload rescans dist/, even for the same data version in service.
  const held = createHash('sha256').update(JSON.stringify(all.map((v) => [v.dataVersion, v.files.map((f) => f.sha256)]))).digest('base64url');
  const cache = new BoundedCache<Reply>(16);
  return (_req, q) => {
    const key = canonicalQuery(q);
    const hit = cache.get(key);
    if (hit) return hit;
    const { page, pagination } = paginate(all, q);
    return cache.set(key, {
      kind: 'template',
      template: successTemplate(JSON.stringify(page), ds.dataVersion, { generatedAt: ds.generatedAt, pagination, filters: filtersOf(q) }).encode(),
      cacheControl: CACHE_STATIC,
      etag: weakEtag(ds.dataVersion, LIST_PATH, key, held),
    });
  };
}

const invalid = (what: string) => new ApiError('invalid_identifier', what);

export function datasetFileHandler(ctx: AppContext): Handler {
  const { datasets } = ctx;
  return async (req) => {
    const { dataVersion = '', file = '' } = req.params;
    if (!DATA_VERSION_PATTERN.test(dataVersion)) throw invalid('dataVersion must look like 2026-09-30.238d2c50 (see /v1/datasets).');
    if (!FILE_NAME_PATTERN.test(file) || file.includes('..')) {
      throw invalid("file must be one file name of /v1/datasets (a path's '/' written as '.', e.g. campuses.utm.json).");
    }
    const version = datasets.byVersion.get(dataVersion);
    if (!version) throw new ApiError('not_found', `This server holds no data version ${dataVersion}. See /v1/datasets.`);
    const held = version.byName.get(file);
    if (!held) throw new ApiError('not_found', `Data version ${dataVersion} has no file ${file}. See /v1/datasets.`);
    const etag = `"${held.sha256}"`;
    const head = { kind: 'body', bytes: held.bytes, cacheControl: CACHE_IMMUTABLE, etag, contentType: contentTypeOf(held.path) } as const;
    // HEAD and revalidations need no read: size and ETag come from the manifest.
    if (req.method === 'HEAD' || ifNoneMatchHits(req.headers['if-none-match'], etag)) return { ...head, body: NO_BODY };
    const body = await readHeldFile(version, held);
    return { ...head, body };
  };
}
