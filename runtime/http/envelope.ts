/**
 * The versioned envelope (BEHAVIOUR §3), serialized as a template (http/template.ts) whose blank is the
 * request id, so a prepared response costs one splice per request.
 * Key order: data, meta{apiVersion, dataVersion, generatedAt?, requestId, pagination?, filters?};
 * errors: error{code, message, details?}, meta{apiVersion, requestId}.
 */
import type { ApiError } from './errors.ts';
import { Template } from './template.ts';

export const API_VERSION = 'v1';

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

/** The blank of every v1 body: the request id, spliced in per request. */
export type RequestIdBlank = 'requestId';
const REQUEST_ID: readonly RequestIdBlank[] = ['requestId'];
const withRequestId = (before: string, after: string) => new Template([before, after], REQUEST_ID);

/** The success envelope without its data: body = DATA_OPEN + data JSON + frame.beforeId + requestId + frame.suffix. */
export const DATA_OPEN = '{"data":';
export interface SuccessFrame {
  beforeId: string;
  suffix: string;
}

/** Success envelope around already-serialized `data` JSON. */
export function successTemplate(dataJson: string, dataVersion: string, extras: MetaExtras = {}): Template<RequestIdBlank> {
  return framed(successFrame(dataVersion, extras), dataJson);
}

/** The template of `dataJson` in a frame prepared once (for per-request bodies). */
export function framed(frame: SuccessFrame, dataJson: string): Template<RequestIdBlank> {
  return withRequestId(DATA_OPEN + dataJson + frame.beforeId, frame.suffix);
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
export function errorTemplate(err: ApiError): Template<RequestIdBlank> {
  const error: Record<string, unknown> = { code: err.code, message: err.message };
  if (err.details !== undefined) error.details = err.details;
  return withRequestId(`{"error":${JSON.stringify(error)},"meta":{"apiVersion":"${API_VERSION}","requestId":"`, '"}}');
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
