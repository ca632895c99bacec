/** Judges one response against the contract. Returns a list of violations (empty = fine). */
import type { FuzzRequest } from './model.ts';
import type { RawResult } from './raw-client.ts';
import { matchPath, type PathEntry } from './openapi.ts';

const STACK = /\n\s+at |node:internal|\/work\/|\.ts:\d+/;

/** BEHAVIOUR §4: the complete list of error codes. */
const ERROR_CODES = new Set([
  'invalid_query', 'invalid_identifier', 'invalid_json', 'invalid_request', 'building_not_found', 'place_not_found',
  'university_not_found', 'campus_not_found', 'not_found', 'method_not_allowed', 'ambiguous_building',
  'request_too_large', 'unsupported_media_type', 'rate_limited', 'internal_error',
]);

export function judge(req: FuzzRequest, res: RawResult, api: PathEntry[]): string[] {
  const v: string[] = [];
  if (res.status === null) return [`no response (${res.error})`];
  const status = res.status;
  if (status >= 500) v.push(`5xx status ${status}`);

  // The request target ends at the first space of the request line: that is what the server sees.
  const path = req.path.split(' ')[0]!;
  const entry = matchPath(api, path);
  const method = req.method;
  const allowed = new Set<number>([400, 405, 429]);
  if (entry) {
    for (const op of entry.ops.values()) for (const s of op.statuses) allowed.add(s);
    allowed.add(204); // OPTIONS
    allowed.add(304); // conditional GET
    if (entry.ops.has('POST')) {
      allowed.add(413);
      allowed.add(415);
    }
  } else {
    allowed.add(404);
    allowed.add(204);
    allowed.add(413);
  }
  if (!allowed.has(status)) v.push(`status ${status} not documented for ${entry?.full ?? 'unknown path'} (allowed ${[...allowed].join(',')})`);

  const rid = res.headers['x-request-id'];
  if (typeof rid !== 'string' || rid.length === 0) v.push('missing X-Request-Id');

  const bodyless = method === 'HEAD' || status === 204 || status === 304;
  if (bodyless) {
    if (res.body.length !== 0) v.push('body on a bodyless response');
    return v;
  }
  const ct = String(res.headers['content-type'] ?? '');
  if (!ct.toLowerCase().startsWith('application/json')) v.push(`content-type ${JSON.stringify(ct)}`);
  const text = res.body.toString('utf8');
  if (STACK.test(text)) v.push('body looks like it contains internals (stack/path)');
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return [...v, `body is not JSON: ${JSON.stringify(text.slice(0, 120))}`];
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return [...v, 'body is not an object'];

  const legacy = path.startsWith('/api/campus-') && entry !== undefined;
  const rawDocument = status === 200 && entry?.full === '/v1/openapi.json';
  if (rawDocument) {
    if (typeof body.openapi !== 'string') v.push('openapi.json without openapi version');
  } else if (legacy) {
    if (body.service !== 'service-public-campus') v.push('legacy body without service');
    if (status !== 200 && typeof body.error !== 'string') v.push('legacy error without error code');
    if (status !== 200 && !ERROR_CODES.has(String(body.error))) v.push(`error code ${String(body.error)} is not in BEHAVIOUR §4`);
  } else {
    const meta = body.meta as Record<string, unknown> | undefined;
    if (!meta || typeof meta !== 'object') v.push('missing meta');
    else {
      if (meta.apiVersion !== 'v1') v.push('meta.apiVersion is not v1');
      if (meta.requestId !== rid) v.push(`meta.requestId ${String(meta.requestId)} ≠ X-Request-Id ${String(rid)}`);
    }
    if (status >= 400) {
      const err = body.error as Record<string, unknown> | undefined;
      if (!err || typeof err.code !== 'string' || typeof err.message !== 'string') v.push('error envelope without error.code/message');
      else if (!ERROR_CODES.has(err.code)) v.push(`error code ${err.code} is not in BEHAVIOUR §4`);
      if ('data' in body) v.push('error body has data');
    } else if (!('data' in body)) v.push('success body without data');
  }
  if (status === 200 && entry) {
    const op = entry.ops.get(method === 'HEAD' ? 'GET' : method);
    if (op?.validate200 && !op.validate200(body)) {
      v.push(`200 body fails the OpenAPI schema: ${JSON.stringify(op.validate200.errors?.slice(0, 3))}`);
    }
  }
  return v;
}
