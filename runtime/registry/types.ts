/**
 * The shape of an endpoint declaration. Each endpoint is declared once (registry/endpoints.ts); routing,
 * 405/Allow, OPTIONS/HEAD, query validation, the OpenAPI document, log path templates and the legacy
 * prefix are derived from these declarations (registry/index.ts, app.ts, openapi.ts).
 */
import type { AppContext, Handler } from '../handlers/context.ts';
import type { ParamRule } from '../http/query.ts';
import type { Schema } from '../schemas/common.ts';
import type { CachePolicy } from '../http/headers.ts';

/** OpenAPI tags, in document order, with their descriptions. Add a tag here before using it. */
export const TAGS = {
  catalog: 'API information, universities, campuses and this document.',
  buildings: 'Buildings of a campus: identity, aliases, category, routing coverage and provenance.',
  places: 'Places (food, study, libraries, services…) with availability evaluated at request time.',
  routes: 'Building-to-building walking estimates from the precomputed route matrix.',
  gaps: 'Assessment of one free interval between two buildings (no timetable is accepted or stored).',
  datasets: 'Data versions held by this server and their files, byte for byte, for offline use (immutable, checksummed).',
  legacy: 'Deprecated compatibility aliases under /api/campus-*: original flat shapes, Deprecation and Link headers.',
} as const;
export type Tag = keyof typeof TAGS;

/** Every deprecated alias path starts with this, and no other path does (checked in registry/index.ts). */
export const LEGACY_PREFIX = '/api/campus-';

/** Whether a request target is under the deprecated aliases' prefix (their errors are flat). */
export function isLegacyPath(url: string | undefined): boolean {
  return url !== undefined && url.startsWith(LEGACY_PREFIX);
}

/** Builds a request handler once at start-up from the prepared context. */
export type HandlerFactory = (ctx: AppContext) => Handler;

/** A query parameter: its validation rule and how the OpenAPI document describes it. */
export interface QueryParam {
  /** Component name in the OpenAPI document (#/components/parameters/<id>). */
  id: string;
  /** Name in the query string. */
  name: string;
  rule: ParamRule;
  description?: string;
  /** Documented as required (validation is the handler's: the legacy aliases answer 404 when it is missing). */
  required?: boolean;
  /** Extra JSON Schema keywords for the document (the rule already gives type, lengths, enum, pattern, range). */
  schema?: Schema;
}

/** A path parameter (`{name}` in the template): documentation only, the handler validates it. */
export interface PathParam {
  description?: string;
  schema: Schema;
}

export type { CachePolicy };

export interface Endpoint {
  /** Path template, OpenAPI style: `/v1/buildings/{building}`. Parameters may stand in any segment. */
  path: string;
  get?: HandlerFactory;
  post?: HandlerFactory;
  tag: Tag;
  summary: string;
  /** What the operation does, for the OpenAPI document (every operation has one). */
  description: string;
  /** Query parameters of the GET, in the order listed in errors ("Allowed: …") and in the document. A POST takes none. */
  query?: readonly QueryParam[];
  /** One entry per `{name}` of the path. */
  pathParams?: Readonly<Record<string, PathParam>>;
  /** Component name of the JSON request body (POST). */
  body?: string;
  success: {
    description: string;
    schema: Schema;
    /** Default application/json. */
    contentType?: string;
    /**
     * Documentation only, for a body sent as one of several media types (the handler sets each reply's own
     * Content-Type): the schema per media type, instead of `schema` under `contentType`.
     */
    media?: Readonly<Record<string, Schema>>;
  };
  /** Error statuses besides 405, 429 and 500 (which every endpoint can answer). */
  errors: readonly number[];
  /** Cache-Control of GET responses (http/headers.ts CACHE_POLICIES; documented, checked by test/http/registry.test.ts). */
  cache: CachePolicy;
  /** Deprecated alias: its successor v1 path (Deprecation + Link headers, flat error bodies, lenient query). */
  successor?: string;
  /** Leave out of the OpenAPI document (HTML pages, operational probes). */
  hidden?: boolean;
}
