/**
 * CampusClient: one method per v1 operation of the OpenAPI document (see OPERATIONS in operations.ts).
 * Each method is one line over `get`/`post`, typed by the operation's path template; adding an operation is
 * one such method plus its OPERATIONS entry. Transport: fetch (Node ≥ 20 and browsers), per-attempt
 * timeout, retries per retry.ts.
 */
import { apiError, CampusError, CampusNetworkError, CampusTimeoutError } from './errors.js';
import { DEFAULT_MAX_RETRY_DELAY_MS, DEFAULT_RETRY_BASE_MS, isRetryable, parseRetryAfter, retryDelayMs } from './retry.js';
import type * as T from './types.js';
import { SDK_VERSION } from './version.js';

export interface ClientOptions {
  /** The server's origin, e.g. `http://localhost:3000`; the client adds `/v1`. */
  baseUrl: string;
  /** Retries after the first attempt for 429/502/503/504, network failures and timeouts (default 2). */
  retries?: number;
  /** Time limit per attempt, including reading the body (default 10000). */
  timeoutMs?: number;
  /** fetch implementation (default: globalThis.fetch). */
  fetch?: typeof fetch;
  /** User-Agent to send. Default: `campus-data-sdk-js/<version>` on Node; none in browsers (it would need a CORS preflight). */
  userAgent?: string;
  /** First backoff ceiling in ms, doubled per retry (default 500). */
  retryBaseMs?: number;
  /** Cap on any single wait between attempts, Retry-After included (default 30000). */
  maxRetryDelayMs?: number;
}

type Query = Record<string, string | number | boolean | null | undefined>;
interface Call {
  path?: Record<string, string>;
  query?: object;
  body?: unknown;
  accept?: string;
}
interface Raw {
  status: number;
  headers: Headers;
  body: Uint8Array;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const isNode = typeof (globalThis as any).process?.versions?.node === 'string';

export class CampusClient {
  readonly baseUrl: string;
  readonly retries: number;
  readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;
  private readonly userAgent: string | undefined;
  private readonly policy: { retryBaseMs: number; maxRetryDelayMs: number };

  constructor(options: ClientOptions) {
    this.baseUrl = String(options.baseUrl).replace(/\/+$/, '');
    this.retries = Math.max(0, Math.floor(options.retries ?? 2));
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.userAgent = options.userAgent ?? (isNode ? `campus-data-sdk-js/${SDK_VERSION}` : undefined);
    this.policy = {
      retryBaseMs: options.retryBaseMs ?? DEFAULT_RETRY_BASE_MS,
      maxRetryDelayMs: options.maxRetryDelayMs ?? DEFAULT_MAX_RETRY_DELAY_MS,
    };
  }

  // ---- catalog
  /** API information: versions, capabilities, privacy boundary, attribution, universities and campuses. */
  async info(): Promise<T.ApiInfo> { return (await this.get('/v1', {})).data; }
  /** The OpenAPI document the server serves. */
  openapi(): Promise<Record<string, unknown>> { return this.get('/v1/openapi.json', {}) as Promise<Record<string, unknown>>; }
  universities(params: T.UniversitiesParams = {}): Promise<T.UniversityPage> { return this.get('/v1/universities', { query: params }); }
  async university(id: string): Promise<T.University> { return (await this.get('/v1/universities/{university}', { path: { university: id } })).data; }
  campuses(params: T.CampusesParams = {}): Promise<T.CampusPage> { return this.get('/v1/campuses', { query: params }); }
  async campus(id: string): Promise<T.Campus> { return (await this.get('/v1/campuses/{campus}', { path: { campus: id } })).data; }

  // ---- buildings and places
  /** One page of buildings: `{ data, meta }` (meta.pagination.nextOffset is null on the last page). */
  buildings(params: T.BuildingsParams = {}): Promise<T.BuildingPage> { return this.get('/v1/buildings', { query: params }); }
  /** Every building matching `params`, page after page. */
  iterateBuildings(params: T.BuildingsParams = {}): AsyncGenerator<T.Building> { return this.iterate((p) => this.buildings(p), params); }
  async building(identifier: string, params: T.BuildingParams = {}): Promise<T.Building> { return (await this.get('/v1/buildings/{building}', { path: { building: identifier }, query: params })).data; }
  /** One page of a building's entrances (same resolution as building()): `{ data, meta }`. */
  entrances(identifier: string, params: T.EntrancesParams = {}): Promise<T.EntrancePage> { return this.get('/v1/buildings/{building}/entrances', { path: { building: identifier }, query: params }); }
  /** Every entrance of a building, page after page. */
  iterateEntrances(identifier: string, params: T.EntrancesParams = {}): AsyncGenerator<T.Entrance> { return this.iterate((p) => this.entrances(identifier, p), params); }
  /** The campus map: a GeoJSON FeatureCollection (buildings, entrances, walking-graph edges). */
  campusMap(id: string): Promise<T.CampusMap> { return this.get('/v1/campuses/{campus}/map', { path: { campus: id } }); }
  places(params: T.PlacesParams = {}): Promise<T.PlacePage> { return this.get('/v1/places', { query: params }); }
  iteratePlaces(params: T.PlacesParams = {}): AsyncGenerator<T.Place> { return this.iterate((p) => this.places(p), params); }
  async place(id: string, params: T.PlaceParams = {}): Promise<T.Place> { return (await this.get('/v1/places/{placeId}', { path: { placeId: id }, query: params })).data; }

  // ---- calculations (pure: nothing is stored, so retrying a POST is safe)
  async route(request: T.RouteRequest): Promise<T.Route> { return (await this.post('/v1/routes', request)).data; }
  /** The same route by GET (query parameters): cacheable by browsers and CDNs, revalidated with its ETag. */
  async getRoute(params: T.RouteParams): Promise<T.Route> { return (await this.get('/v1/routes', { query: params })).data; }
  async gapPlan(request: T.GapPlanRequest): Promise<T.GapPlan> { return (await this.post('/v1/gaps/plan', request)).data; }
  /** Data versions the server holds, each file with bytes, sha256 and download URL. */
  datasets(params: T.DatasetsParams = {}): Promise<T.DatasetPage> { return this.get('/v1/datasets', { query: params }); }
  /** One file of a data version, byte for byte (`file` = its `name` in datasets()); compare its sha256 with the listing. */
  datasetFile(dataVersion: string, file: string): Promise<Uint8Array> { return this.getBytes('/v1/datasets/{dataVersion}/{file}', { path: { dataVersion, file } }); }

  // ---- plumbing
  /** GET a v1 operation by path template; returns its 200 JSON body. */
  async get<P extends T.PathOf<'get'>>(path: P, call: { path?: T.PathParams<P>; query?: T.Params<P> }): Promise<T.Response<P>> {
    return json(await this.request('GET', path, call as Call)) as T.Response<P>;
  }

  /** POST a JSON body to a v1 operation; returns its 200 JSON body. */
  async post<P extends T.PathOf<'post'>>(path: P, body: T.Body<P>): Promise<T.Response<P, 'post'>> {
    return json(await this.request('POST', path, { body })) as T.Response<P, 'post'>;
  }

  /** GET returning the raw body bytes (for non-JSON resources). */
  async getBytes<P extends T.PathOf<'get'>>(path: P, call: { path?: T.PathParams<P>; query?: T.Params<P> }): Promise<Uint8Array> {
    return (await this.request('GET', path, { ...(call as Call), accept: '*/*' })).body;
  }

  private async *iterate<Q extends { offset?: number; limit?: number }, R>(
    page: (params: Q) => Promise<{ data: R[]; meta: { pagination?: { nextOffset: number | null } } }>,
    params: Q,
  ): AsyncGenerator<R> {
    let query: Q = { limit: 100, ...params };
    for (;;) {
      const { data, meta } = await page(query);
      yield* data;
      const next = meta.pagination?.nextOffset;
      if (next === null || next === undefined) return;
      query = { ...query, offset: next };
    }
  }

  /**
   * URL for a path template, path parameters and query (undefined/null values are left out). A path parameter
   * that is empty, "." or ".." cannot be sent (URLs normalize it away, e.g. building('') would fetch the list):
   * it throws a CampusError before any request.
   */
  url(template: string, call: Call = {}): string {
    const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = String(call.path?.[name] ?? '');
      if (value === '' || value === '.' || value === '..') throw new CampusError(`path parameter ${name} must not be empty, "." or ".."`);
      return encodeURIComponent(value);
    });
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries((call.query ?? {}) as Query)) if (v !== undefined && v !== null) search.append(k, String(v));
    const qs = search.toString();
    return this.baseUrl + path + (qs ? `?${qs}` : '');
  }

  /** Sends with retries; resolves with the 2xx answer or throws the last CampusError. */
  private async request(method: 'GET' | 'POST', template: string, call: Call): Promise<Raw> {
    const url = this.url(template, call);
    const body = call.body === undefined ? undefined : JSON.stringify(call.body);
    for (let retry = 0; ; retry++) {
      let failure: CampusError;
      try {
        const raw = await this.attempt(method, url, body, call.accept ?? 'application/json');
        if (raw.status >= 200 && raw.status < 300) return raw;
        failure = apiError(raw.status, raw.headers, raw.body, parseRetryAfter(raw.headers.get('retry-after')));
      } catch (err) {
        if (!(err instanceof CampusError)) throw err;
        failure = err;
      }
      if (retry >= this.retries || !isRetryable(failure)) throw failure;
      await sleep(retryDelayMs(failure, retry, this.policy));
    }
  }

  /** One exchange, body included, within timeoutMs. */
  private async attempt(method: string, url: string, body: string | undefined, accept: string): Promise<Raw> {
    const headers: Record<string, string> = { accept };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.userAgent) headers['user-agent'] = this.userAgent;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.timeoutMs);
    try {
      const res = await this.fetchImpl(url, { method, headers, body, signal: controller.signal });
      return { status: res.status, headers: res.headers, body: new Uint8Array(await res.arrayBuffer()) };
    } catch (err) {
      if (timedOut) throw new CampusTimeoutError(this.timeoutMs);
      throw new CampusNetworkError(`${method} ${url} failed: ${(err as Error)?.message ?? String(err)}`, { cause: err });
    } finally {
      clearTimeout(timer);
    }
  }
}

function json(raw: Raw): unknown {
  const text = new TextDecoder().decode(raw.body);
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new CampusError(`expected JSON, got ${text.slice(0, 80)}`, { cause });
  }
}
