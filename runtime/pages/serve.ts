/**
 * GET /docs, GET /explore and GET /assets/{asset}: the built pages (runtime/pages/load.ts) as Replies.
 * Pages: text/html, `no-cache` + ETag (always revalidated, so a new deploy's asset names are picked up
 * at once); assets: content-hashed names, cached for a year as immutable, gzip when the client takes it.
 * Every page response carries a Content-Security-Policy that allows the API's own origin only.
 */
import { createHash } from 'node:crypto';
import { ApiError } from '../http/errors.ts';
import { CACHE_IMMUTABLE, CACHE_REVALIDATE } from '../http/headers.ts';
import type { Reply } from '../http/reply.ts';
import { acceptsGzip, gzipEtag } from '../http/accept-encoding.ts';
import type { ApiRequest, AppContext, Handler } from '../handlers/context.ts';
import type { StaticFile } from './load.ts';
import type { PageName } from './manifest.ts';

/** Scripts, styles, images, fonts and fetches from this origin only; no plugins, no framing, no <base>. */
export const PAGE_CSP = "default-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

const SECURITY_HEADERS = [['Content-Security-Policy', PAGE_CSP], ['Referrer-Policy', 'no-referrer']] as const;

function strongEtag(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

function fileReply(file: StaticFile, cacheControl: string, etag: string, req: ApiRequest, extra: readonly (readonly [string, string])[]): Reply {
  const gzip = file.gzip !== undefined && acceptsGzip(req);
  const body = gzip ? file.gzip! : file.body;
  const headers: [string, string][] = [...extra.map(([k, v]) => [k, v] as [string, string])];
  if (file.gzip !== undefined) headers.push(['Vary', 'Accept-Encoding']);
  if (gzip) headers.push(['Content-Encoding', 'gzip']);
  return { kind: 'body', body, bytes: body.length, cacheControl, etag: gzip ? gzipEtag(etag) : etag, contentType: file.contentType, headers };
}

const notBuilt = () => new ApiError('not_found', 'The pages are not built: run `tsx build/ensure.ts` (npm start does).');

function pageHandler(page: PageName) {
  return (ctx: AppContext): Handler => {
    const file = ctx.pages?.pages.get(page);
    const etag = file ? strongEtag(file.body) : '';
    return (req) => {
      if (!file) throw notBuilt();
      return fileReply(file, CACHE_REVALIDATE, etag, req, SECURITY_HEADERS);
    };
  };
}

export const docsPageHandler = pageHandler('docs');
export const explorePageHandler = pageHandler('explore');

export function assetHandler(ctx: AppContext): Handler {
  const files = ctx.pages?.assets ?? new Map<string, StaticFile>();
  const etags = new Map([...files].map(([name, f]) => [name, strongEtag(f.body)]));
  return (req) => {
    const name = req.params?.asset ?? '';
    const file = files.get(name);
    if (!file) throw new ApiError('not_found', `No asset '${name}'. Asset names change with every build; load the page again.`);
    return fileReply(file, CACHE_IMMUTABLE, etags.get(name)!, req, [['Content-Security-Policy', PAGE_CSP]]);
  };
}
