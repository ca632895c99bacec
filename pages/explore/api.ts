/** The explorer's client for the public API (same origin, only documented endpoints). */
import type { Envelope } from './types.ts';

export class ApiError extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
  }
}

async function parse(res: Response): Promise<unknown> {
  const body: unknown = await res.json().catch(() => undefined);
  if (!res.ok) {
    const err = (body as { error?: { code?: string; message?: string } } | undefined)?.error;
    throw new ApiError(res.status, err?.code ?? 'http_error', err?.message ?? `HTTP ${res.status}`);
  }
  return body;
}

/** GET a path; resolves to the response body (an envelope, or GeoJSON for the map). */
export async function getBody<T>(path: string): Promise<T> {
  return (await parse(await fetch(path, { headers: { accept: 'application/json' } }))) as T;
}

export async function get<T>(path: string): Promise<T> {
  return (await getBody<Envelope<T>>(path)).data;
}

/** Every item of a paginated collection (follows meta.pagination.nextOffset). */
export async function getAll<T>(path: string): Promise<T[]> {
  const items: T[] = [];
  const sep = path.includes('?') ? '&' : '?';
  let offset: number | null = 0;
  while (offset !== null) {
    const page: Envelope<T[]> = await getBody<Envelope<T[]>>(`${path}${sep}limit=100&offset=${offset}`);
    items.push(...page.data);
    offset = page.meta.pagination?.nextOffset ?? null;
  }
  return items;
}

export async function post<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) });
  return ((await parse(res)) as Envelope<T>).data;
}

export const enc = encodeURIComponent;
