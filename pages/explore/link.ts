/**
 * The explorer's state in the URL fragment (#campus=utm&from=CCT&to=AX&mode=step-free; it never reaches the
 * server), and what the page says when a shared link names a campus or building this API does not have: it
 * says so in words, keeps the link as it is, and offers the choices there are.
 */
import { enc, get } from './api.ts';
import { h } from './dom.ts';
import type { Building, Campus, University } from './types.ts';

export interface LinkState {
  campus?: string;
  from?: string;
  to?: string;
  mode?: string;
}

const MODES = ['fastest', 'prefer-indoor', 'step-free'];

export function readFragment(hash: string): LinkState {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  const get = (k: string) => p.get(k)?.trim() || undefined;
  const mode = get('mode');
  return { campus: get('campus'), from: get('from'), to: get('to'), mode: mode && MODES.includes(mode) ? mode : undefined };
}

export function writeFragment(s: LinkState): string {
  const p = new URLSearchParams();
  for (const k of ['campus', 'from', 'to', 'mode'] as const) if (s[k] && !(k === 'mode' && s[k] === 'fastest')) p.set(k, s[k]!);
  return `#${p.toString()}`;
}

/** "This link names a campus … that this API does not serve", and every campus as a link, by university. */
export function unknownCampusNotice(id: string, campuses: Campus[], universities: University[]): HTMLElement {
  return h('div', { class: 'notice', role: 'alert', 'data-testid': 'link-notice' },
    h('p', {}, `This link names the campus “${id}”, which this API does not serve. The link is left as it is. Choose one of the ${campuses.length} campuses:`),
    h('ul', { class: 'campus-list' }, universities.map((u) => {
      const own = campuses.filter((c) => c.university === u.id);
      return own.length === 0 ? null : h('li', {}, h('strong', {}, u.name), h('ul', {}, own.map((c) => h('li', {}, h('a', { href: writeFragment({ campus: c.id }) }, c.name)))));
    })));
}

/** A building named by a link: its code, looked up by code, exact name or alias (GET /v1/buildings/{id}). */
export async function resolveBuilding(c: Campus, id: string, buildings: Building[]): Promise<string | undefined> {
  const code = buildings.find((b) => b.code === id.toUpperCase())?.code;
  if (code) return code;
  return get<Building>(`/v1/buildings/${enc(id)}?campus=${enc(c.id)}`).then((b) => b.code, () => undefined);
}

/** "This link names … as From, which <campus> does not have": the buildings matching it as pick buttons, or the list to use. */
export async function unknownBuildingNotice(c: Campus, role: 'From' | 'To', id: string, pick: (b: Building) => HTMLElement): Promise<HTMLElement> {
  const matches = await get<Building[]>(`/v1/buildings?campus=${enc(c.id)}&q=${enc(id)}&limit=10`).catch((): Building[] => []);
  return h('div', { class: 'notice', role: 'alert', 'data-testid': 'link-notice' },
    h('p', {}, `This link names “${id}” as the ${role} building, which ${c.name} does not have. The link is left as it is.`),
    matches.length
      ? [h('p', {}, `Buildings whose code, name or alias contains “${id}”:`), h('ul', { class: 'results' }, matches.map((b) => h('li', {}, h('span', {}, h('strong', {}, b.code), ` ${b.name}`), pick(b))))]
      : h('p', {}, `No building of ${c.name} matches it: choose the ${role} building in the list under “3. Walking route”.`));
}
