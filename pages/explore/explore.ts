/**
 * GET /explore: a small client of the public API. Pick a university and campus, search buildings (q),
 * route between two of them in a mode (the walked path drawn when the result is routed), plan a free
 * interval, and list places with their availability. The selection lives in the URL fragment
 * (#campus=utm&from=CCT&to=AX&mode=step-free), which never reaches the server.
 */
import { ApiError, enc, get, getAll, getBody, post } from './api.ts';
import { byId, h, minutesOf } from './dom.ts';
import { CampusMap } from './map.ts';
import { gapView } from './gap-view.ts';
import { placesView } from './places-view.ts';
import { routeView } from './route-view.ts';
import type { Building, Campus, FeatureCollection, GapPlan, Place, Route, University } from './types.ts';

const ui = {
  status: byId('status'),
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
};

const ATTRIBUTION =
  '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap contributors</a>, ODbL; ' +
  '<a href="https://github.com/UBCGeodata/ubc-geospatial-opendata">University of British Columbia</a>, PDDL';
const map = new CampusMap(byId('map'), ATTRIBUTION);

let universities: University[] = [];
let campuses: Campus[] = [];
let campus: Campus | undefined;
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
  const p = new URLSearchParams();
  if (campus) p.set('campus', campus.id);
  if (ui.from.value) p.set('from', ui.from.value);
  if (ui.to.value) p.set('to', ui.to.value);
  if (mode() !== 'fastest') p.set('mode', mode());
  history.replaceState(null, '', `#${p.toString()}`);
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
  ui.routeResult.replaceChildren();
  ui.gapResult.replaceChildren();
  ui.results.replaceChildren();
  try {
    const [buildings, places, geo] = await Promise.all([
      getAll<Building>(`/v1/buildings?campus=${enc(c.id)}`),
      getAll<Place>(`/v1/places?campus=${enc(c.id)}`),
      getBody<FeatureCollection>(`/v1/campuses/${enc(c.id)}/map`).catch((e: unknown) => {
        if (e instanceof ApiError && e.status === 404) return null; // no map for this campus (or not served yet)
        throw e;
      }),
    ]);
    if (seq !== latest.campus) return;
    const choices = buildings.map((b) => option(b.code, `${b.code}: ${b.name}`));
    ui.from.replaceChildren(option('', 'Choose a building'), ...choices);
    ui.to.replaceChildren(option('', 'Choose a building'), ...choices.map((o) => o.cloneNode(true) as HTMLOptionElement));
    ui.from.value = pick.from && buildings.some((b) => b.code === pick.from) ? pick.from : '';
    ui.to.value = pick.to && buildings.some((b) => b.code === pick.to) ? pick.to : '';
    const drawn = map.showCampus(c, buildings, geo);
    ui.mapSummary.textContent = `Drawn: ${drawn.buildings} building points, ${drawn.entrances} entrances, ${drawn.edges} walking-path segments.`
      + (drawn.undrawnEdges ? ` ${drawn.undrawnEdges} walking-graph segments have no published coordinates and are not drawn.` : '')
      + (buildings.length > drawn.buildings ? ` ${buildings.length - drawn.buildings} buildings have no known location.` : '');
    ui.campusSummary.textContent = `${buildings.length} buildings, ${places.length} places${c.walkingGraph ? ', mapped walking graph' : ', no mapped walking graph (routes are estimates)'}.`;
    ui.places.replaceChildren(placesView(places));
    map.markChosen(ui.from.value || undefined, ui.to.value || undefined);
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
    map.showRoute(route.geometry);
    say(`Route ${route.from.code} → ${route.to.code} (${route.preferences.mode}): ${route.status}.`);
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
  } catch (e) {
    if (seq === latest.gap) ui.gapResult.replaceChildren(errorBox(e));
  }
}

async function main(): Promise<void> {
  say('Loading universities and campuses…');
  [universities, campuses] = await Promise.all([getAll<University>('/v1/universities'), getAll<Campus>('/v1/campuses')]);
  const params = new URLSearchParams(location.hash.slice(1));
  const wanted = campuses.find((c) => c.id === params.get('campus')?.toLowerCase())
    ?? campuses.find((c) => c.isDefault && universities.find((u) => u.id === c.university)?.isDefault)
    ?? campuses[0];
  if (!wanted) return say('This API serves no campus.');
  const m = params.get('mode');
  const radio = ui.routeForm.querySelector<HTMLInputElement>(`input[name="mode"][value="${m === 'prefer-indoor' || m === 'step-free' ? m : 'fastest'}"]`);
  if (radio) radio.checked = true;

  ui.university.replaceChildren(...universities.map((u) => option(u.id, u.name)));
  ui.university.value = wanted.university;
  fillCampuses(wanted.university);
  ui.campus.value = wanted.id;
  ui.university.disabled = false;
  ui.campus.disabled = false;

  ui.university.addEventListener('change', () => {
    fillCampuses(ui.university.value);
    const first = campuses.find((c) => c.university === ui.university.value && c.isDefault) ?? campuses.find((c) => c.university === ui.university.value);
    if (first) {
      ui.campus.value = first.id;
      void loadCampus(first.id);
    }
  });
  ui.campus.addEventListener('change', () => void loadCampus(ui.campus.value));
  ui.searchForm.addEventListener('submit', (e) => {
    e.preventDefault();
    void search();
  });
  ui.from.addEventListener('change', onBuildingsChanged);
  ui.to.addEventListener('change', onBuildingsChanged);
  ui.routeForm.addEventListener('change', (e) => {
    if ((e.target as HTMLInputElement).name === 'mode') {
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
  await loadCampus(wanted.id, { from: params.get('from')?.toUpperCase(), to: params.get('to')?.toUpperCase() });
}

main().catch((e: unknown) => say(`Could not start the explorer: ${problem(e)}`));
