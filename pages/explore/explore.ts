/**
 * GET /explore: a small client of the public API. Pick a university and campus, search buildings (q),
 * route between two of them in a mode (the walked path drawn when the result is routed), plan a free
 * interval, and list places with their availability. The selection lives in the URL fragment (link.ts);
 * a link naming a campus or building that does not exist is kept and explained, never replaced silently.
 */
import { ApiError, enc, get, getAll, getBody, post } from './api.ts';
import { creditOf } from './attribution.ts';
import { byId, h, minutesOf, reveal } from './dom.ts';
import { readFragment, resolveBuilding, unknownBuildingNotice, unknownCampusNotice, writeFragment, type LinkState } from './link.ts';
import { CampusMap } from './map.ts';
import { gapView } from './gap-view.ts';
import { placesView } from './places-view.ts';
import { routeView } from './route-view.ts';
import { CANDIDATE_PATH } from './map-route.ts';
import { campusSummary, mapSummary } from './summary.ts';
import type { Building, Campus, FeatureCollection, GapPlan, Place, Route, University } from './types.ts';

const ui = {
  status: byId('status'),
  notice: byId('notice'),
  university: byId<HTMLSelectElement>('university'),
  campus: byId<HTMLSelectElement>('campus'),
  campusSummary: byId('campus-summary'),
  searchForm: byId<HTMLFormElement>('search-form'),
  q: byId<HTMLInputElement>('q'),
  results: byId('search-results'),
  routeForm: byId<HTMLFormElement>('route-form'),
  from: byId<HTMLSelectElement>('from'),
  to: byId<HTMLSelectElement>('to'),
  routeResult: byId('route-result'),
  gapForm: byId<HTMLFormElement>('gap-form'),
  gapResult: byId('gap-result'),
  places: byId('places'),
  mapSummary: byId('map-summary'),
  credit: byId('campus-credit'),
};

const map = new CampusMap(byId('map'));

let universities: University[] = [];
let campuses: Campus[] = [];
let campus: Campus | undefined;
/** While a link names something that does not exist, the fragment is left as the user gave it. */
let keepLink = false;
/** Responses that arrive after a newer request of the same kind are dropped. */
const latest = { campus: 0, route: 0, gap: 0, search: 0 };

function say(message: string): void {
  ui.status.textContent = message;
}

function problem(e: unknown): string {
  return e instanceof ApiError ? `${e.message} (${e.code}, HTTP ${e.status})` : e instanceof Error ? e.message : String(e);
}

function errorBox(e: unknown): HTMLElement {
  return h('p', { class: 'error', role: 'alert' }, `Error: ${problem(e)}`);
}

function option(value: string, label: string): HTMLOptionElement {
  return h('option', { value }, label);
}

function mode(): string {
  return (ui.routeForm.querySelector<HTMLInputElement>('input[name="mode"]:checked')?.value) ?? 'fastest';
}

function saveState(): void {
  if (keepLink) return;
  history.replaceState(null, '', writeFragment({ campus: campus?.id, from: ui.from.value, to: ui.to.value, mode: mode() }));
}

/** The user changed something: from now on the fragment follows the page again. */
function userActed(): void {
  keepLink = false;
  ui.notice.replaceChildren();
}

function fillCampuses(universityId: string): void {
  ui.campus.replaceChildren(...campuses.filter((c) => c.university === universityId).map((c) => option(c.id, c.name)));
}

async function loadCampus(id: string, pick: { from?: string; to?: string } = {}): Promise<void> {
  const seq = ++latest.campus;
  campus = campuses.find((c) => c.id === id);
  if (!campus) return;
  const c = campus;
  say(`Loading ${c.name}…`);
  for (const el of [ui.routeResult, ui.gapResult, ui.results]) el.replaceChildren();
  try {
    const [buildings, places, geo] = await Promise.all([
      getAll<Building>(`/v1/buildings?campus=${enc(c.id)}`),
      getAll<Place>(`/v1/places?campus=${enc(c.id)}`),
      getBody<FeatureCollection>(`/v1/campuses/${enc(c.id)}/map`).catch((e: unknown) => {
        if (e instanceof ApiError && e.status === 404) return null; // no map for this campus (or not served yet)
        throw e;
      }),
    ]);
    const [from, to] = await Promise.all([pick.from, pick.to].map((x) => (x ? resolveBuilding(c, x, buildings) : undefined)));
    const credit = creditOf(geo, geo ? '' : (await get<{ attribution: string }>('/v1')).attribution);
    if (seq !== latest.campus) return;
    const choices = buildings.map((b) => option(b.code, `${b.code}: ${b.name}`));
    ui.from.replaceChildren(option('', 'Choose a building'), ...choices);
    ui.to.replaceChildren(option('', 'Choose a building'), ...choices.map((o) => o.cloneNode(true) as HTMLOptionElement));
    ui.from.value = from ?? '';
    ui.to.value = to ?? '';
    map.setCredit(credit);
    ui.credit.textContent = `${c.name}: ${credit}`;
    ui.mapSummary.textContent = mapSummary(map.showCampus(c, buildings, geo), buildings.length);
    ui.campusSummary.textContent = campusSummary(c, buildings.length, places.length);
    ui.places.replaceChildren(placesView(places));
    map.fitCampus();
    map.markChosen(ui.from.value || undefined, ui.to.value || undefined);
    const unknown = [['From', pick.from, from], ['To', pick.to, to]].filter(([, asked, found]) => asked && !found) as ['From' | 'To', string, undefined][];
    keepLink = unknown.length > 0;
    ui.notice.replaceChildren(...await Promise.all(unknown.map(([role, asked]) =>
      unknownBuildingNotice(c, role, asked, (b) => pickButton(role, role === 'From' ? ui.from : ui.to, b)))));
    saveState();
    say(`${c.name} loaded.`);
    if (ui.from.value && ui.to.value) await showRoute();
  } catch (e) {
    if (seq === latest.campus) say(`Could not load ${c.name}: ${problem(e)}`);
  }
}

async function search(): Promise<void> {
  if (!campus) return;
  const q = ui.q.value.trim();
  const seq = ++latest.search;
  if (q === '') {
    ui.results.replaceChildren();
    return;
  }
  try {
    const found = await get<Building[]>(`/v1/buildings?campus=${enc(campus.id)}&q=${enc(q)}&limit=20`);
    if (seq !== latest.search) return;
    ui.results.replaceChildren(...(found.length === 0
      ? [h('li', { class: 'muted' }, `No building matches “${q}”.`)]
      : found.map((b) => h('li', {},
        h('span', {}, h('strong', {}, b.code), ` ${b.name}`),
        h('span', { class: 'actions' },
          pickButton('From', ui.from, b),
          pickButton('To', ui.to, b),
          b.location ? mapButton(b) : null)))));
    say(`${found.length} building${found.length === 1 ? '' : 's'} found for “${q}”.`);
  } catch (e) {
    if (seq === latest.search) ui.results.replaceChildren(h('li', {}, errorBox(e)));
  }
}

function pickButton(label: 'From' | 'To', select: HTMLSelectElement, b: Building): HTMLButtonElement {
  const button = h('button', { type: 'button', 'aria-label': `Use ${b.code} as ${label}` }, label);
  button.addEventListener('click', () => {
    select.value = b.code;
    say(`${label}: ${b.code} ${b.name}.`);
    onBuildingsChanged();
  });
  return button;
}

function mapButton(b: Building): HTMLButtonElement {
  const button = h('button', { type: 'button', 'aria-label': `Show ${b.code} on the map` }, 'Map');
  button.addEventListener('click', () => map.focus(b.code));
  return button;
}

function onBuildingsChanged(): void {
  userActed();
  map.markChosen(ui.from.value || undefined, ui.to.value || undefined);
  saveState();
  if (ui.from.value && ui.to.value) void showRoute();
}

async function showRoute(): Promise<void> {
  if (!campus || !ui.from.value || !ui.to.value) {
    ui.routeResult.replaceChildren(h('p', { class: 'error', role: 'alert' }, 'Choose a From and a To building first.'));
    return;
  }
  const seq = ++latest.route;
  ui.routeResult.setAttribute('aria-busy', 'true');
  try {
    const route = await post<Route>('/v1/routes', {
      from: ui.from.value, to: ui.to.value, university: campus.university, campus: campus.id,
      preferences: { mode: mode() }, geometry: true,
    });
    if (seq !== latest.route) return;
    ui.routeResult.replaceChildren(routeView(route));
    map.markChosen(route.from.code, route.to.code);
    const candidate = route.stepFreeCandidate?.geometry;
    if (candidate) map.showRoute(candidate, route.from.code, route.to.code, CANDIDATE_PATH);
    else map.showRoute(route.geometry, route.from.code, route.to.code);
    say(`Route ${route.from.code} → ${route.to.code} (${route.preferences.mode}): ${route.status}.`);
    reveal(ui.routeResult);
  } catch (e) {
    if (seq !== latest.route) return;
    ui.routeResult.replaceChildren(errorBox(e));
    map.showRoute(null);
  } finally {
    if (seq === latest.route) ui.routeResult.removeAttribute('aria-busy');
  }
}

async function planGap(): Promise<void> {
  const start = minutesOf(byId<HTMLInputElement>('start').value);
  const end = minutesOf(byId<HTMLInputElement>('end').value);
  if (!campus || !ui.from.value || !ui.to.value || start === null || end === null) {
    ui.gapResult.replaceChildren(h('p', { class: 'error', role: 'alert' }, 'Choose From and To buildings and both times first.'));
    return;
  }
  const seq = ++latest.gap;
  try {
    const plan = await post<GapPlan>('/v1/gaps/plan', {
      from: ui.from.value, to: ui.to.value, university: campus.university, campus: campus.id,
      term: byId<HTMLSelectElement>('term').value, weekday: byId<HTMLSelectElement>('weekday').value,
      startTime: start, endTime: end, routePreferences: { mode: mode() },
    });
    if (seq !== latest.gap) return;
    ui.gapResult.replaceChildren(gapView(plan));
    say(`Interval plan: ${plan.assessment.primary.title}.`);
    reveal(ui.gapResult);
  } catch (e) {
    if (seq === latest.gap) ui.gapResult.replaceChildren(errorBox(e));
  }
}

/** Shows what the fragment names: its campus (or the default one), buildings and mode. */
async function applyLink(link: LinkState): Promise<void> {
  const radio = ui.routeForm.querySelector<HTMLInputElement>(`input[name="mode"][value="${link.mode ?? 'fastest'}"]`);
  if (radio) radio.checked = true;
  const named = link.campus === undefined ? undefined : campuses.find((c) => c.id === link.campus!.toLowerCase());
  const wanted = named
    ?? campuses.find((c) => c.isDefault && universities.find((u) => u.id === c.university)?.isDefault)
    ?? campuses[0];
  if (!wanted) return say('This API serves no campus.');
  ui.university.value = wanted.university;
  fillCampuses(wanted.university);
  if (link.campus !== undefined && !named) {
    ++latest.campus; // a campus still loading is not shown over the notice
    keepLink = true;
    campus = undefined;
    ui.campus.prepend(option('', 'Choose a campus'));
    ui.campus.value = '';
    ui.notice.replaceChildren(unknownCampusNotice(link.campus, campuses, universities));
    ui.credit.textContent = 'no campus chosen';
    say(`No campus “${link.campus}”: choose one.`);
    return;
  }
  ui.notice.replaceChildren();
  ui.campus.value = wanted.id;
  await loadCampus(wanted.id, { from: link.from, to: link.to });
}

async function main(): Promise<void> {
  say('Loading universities and campuses…');
  [universities, campuses] = await Promise.all([getAll<University>('/v1/universities'), getAll<Campus>('/v1/campuses')]);
  ui.university.replaceChildren(...universities.map((u) => option(u.id, u.name)));
  ui.university.disabled = false;
  ui.campus.disabled = false;

  ui.university.addEventListener('change', () => {
    userActed();
    fillCampuses(ui.university.value);
    const first = campuses.find((c) => c.university === ui.university.value && c.isDefault) ?? campuses.find((c) => c.university === ui.university.value);
    if (first) {
      ui.campus.value = first.id;
      void loadCampus(first.id);
    }
  });
  ui.campus.addEventListener('change', () => {
    userActed();
    if (ui.campus.value) void loadCampus(ui.campus.value);
  });
  ui.searchForm.addEventListener('submit', (e) => {
    e.preventDefault();
    void search();
  });
  ui.from.addEventListener('change', onBuildingsChanged);
  ui.to.addEventListener('change', onBuildingsChanged);
  ui.routeForm.addEventListener('change', (e) => {
    if ((e.target as HTMLInputElement).name === 'mode') {
      userActed();
      saveState();
      if (ui.from.value && ui.to.value) void showRoute();
    }
  });
  ui.routeForm.addEventListener('submit', (e) => {
    e.preventDefault();
    void showRoute();
  });
  ui.gapForm.addEventListener('submit', (e) => {
    e.preventDefault();
    void planGap();
  });
  // A link followed inside the page (e.g. from the list of campuses) or edited by hand.
  // The event's own URL, not location.hash: a campus finishing its load may have rewritten the fragment
  // (replaceState) between the navigation and this event.
  window.addEventListener('hashchange', (e) => void applyLink(readFragment(new URL(e.newURL).hash)));
  await applyLink(readFragment(location.hash));
}

main().catch((e: unknown) => say(`Could not start the explorer: ${problem(e)}`));
