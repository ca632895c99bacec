/**
 * The versioned envelope (BEHAVIOUR §3), serialized as a template: everything before the request id
 * (`prefix`) and everything after it (`suffix`), so a prepared response costs one splice per request.
 * Key order: data, meta{apiVersion, dataVersion, generatedAt?, requestId, pagination?, filters?};
 * errors: error{code, message, details?}, meta{apiVersion, requestId}.
 */
import type { ApiError } from './errors.ts';

export const API_VERSION = 'v1';
/** Length in bytes of a UUID v4 as produced by crypto.randomUUID(). */
export const REQUEST_ID_BYTES = 36;

export interface Pagination {
  limit: number;
  offset: number;
  count: number;
  total: number;
  nextOffset: number | null;
}

export interface MetaExtras {
  generatedAt?: string;
  pagination?: Pagination;
  filters?: Record<string, string | number | boolean>;
}

/** A body with a hole for the request id: body = prefix + requestId + suffix. */
export interface TextTemplate {
  prefix: string;
  suffix: string;
  /** Byte length of the whole body once the 36-byte request id is spliced in. */
  bytes: number;
}

/** The same as UTF-8 bytes only (the strings are not kept: cached replies are held once). */
export interface EncodedTemplate {
  prefixBytes: Buffer;
  suffixBytes: Buffer;
  bytes: number;
}

export type Template = TextTemplate | EncodedTemplate;

export function template(prefix: string, suffix: string): TextTemplate {
  return { prefix, suffix, bytes: Buffer.byteLength(prefix) + REQUEST_ID_BYTES + Buffer.byteLength(suffix) };
}

/** Encodes a template once, for replies prepared at start-up or cached: each request then writes the bytes as they are. */
export function encoded(t: TextTemplate): EncodedTemplate {
  return { prefixBytes: Buffer.from(t.prefix), suffixBytes: Buffer.from(t.suffix), bytes: t.bytes };
}

export function fill(t: TextTemplate, requestId: string): string {
  return t.prefix + requestId + t.suffix;
}

/**
 * The body: a pre-encoded template as three chunks (its bytes, the id, its bytes — written in one go
 * without copying the template; measured cheaper than splicing into a fresh buffer, markedly so for
 * 20 KB bodies), others as one string.
 */
export function fillBody(t: Template, requestId: string): string | readonly [Buffer, string, Buffer] {
  return 'prefixBytes' in t ? [t.prefixBytes, requestId, t.suffixBytes] : t.prefix + requestId + t.suffix;
}

/** The success envelope without its data: body = DATA_OPEN + data JSON + frame.beforeId + requestId + frame.suffix. */
export const DATA_OPEN = '{"data":';
export interface SuccessFrame {
  beforeId: string;
  suffix: string;
}

/** Success envelope around already-serialized `data` JSON. */
export function successTemplate(dataJson: string, dataVersion: string, extras: MetaExtras = {}): TextTemplate {
  return framed(successFrame(dataVersion, extras), dataJson);
}

/** The template of `dataJson` in a frame prepared once (for per-request bodies). */
export function framed(frame: SuccessFrame, dataJson: string): TextTemplate {
  return template(DATA_OPEN + dataJson + frame.beforeId, frame.suffix);
}

export function successFrame(dataVersion: string, extras: MetaExtras = {}): SuccessFrame {
  let beforeId = `,"meta":{"apiVersion":"${API_VERSION}","dataVersion":${JSON.stringify(dataVersion)},`;
  if (extras.generatedAt !== undefined) beforeId += `"generatedAt":${JSON.stringify(extras.generatedAt)},`;
  beforeId += '"requestId":"';
  let suffix = '"';
  if (extras.pagination) suffix += `,"pagination":${JSON.stringify(extras.pagination)}`;
  if (extras.filters && Object.keys(extras.filters).length > 0) suffix += `,"filters":${JSON.stringify(extras.filters)}`;
  suffix += '}}';
  return { beforeId, suffix };
}

/** Error envelope. */
export function errorTemplate(err: ApiError): TextTemplate {
  const error: Record<string, unknown> = { code: err.code, message: err.message };
  if (err.details !== undefined) error.details = err.details;
  return template(`{"error":${JSON.stringify(error)},"meta":{"apiVersion":"${API_VERSION}","requestId":"`, '"}}');
}

/** Flat error body of the compatibility aliases: {service, error, message, candidates?}. */
export const LEGACY_SERVICE = 'service-public-campus';
/** The opening of every flat alias body: `{"service":"service-public-campus"` (members follow). */
export const LEGACY_OPEN = `{"service":${JSON.stringify(LEGACY_SERVICE)}`;
export function legacyErrorBody(err: ApiError): string {
  const body: Record<string, unknown> = { service: LEGACY_SERVICE, error: err.code, message: err.message };
  const d = err.details as { candidates?: unknown } | undefined;
  if (d && Array.isArray(d.candidates)) body.candidates = d.candidates;
  return JSON.stringify(body);
}
