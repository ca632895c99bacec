/**
 * The two calculations behind POST /v1/routes, POST /v1/gaps/plan and their legacy aliases:
 * resolve the campus and both buildings, read the precomputed matrix cell, build the Route
 * (and the gap plan). A campus's records and then its matrix are read on first use (data/load.ts):
 * withRouteInputs and withPart (resolve.ts) go on at once when they are resident and through a promise otherwise.
 * Same code for v1 and legacy, so their results are identical; the legacy
 * results then hold the campus's legacy Building records instead of the v1 ones.
 */
import { planGap, resolveGapPreferences, type Gap, type GapPlanData } from '../domain/gap-plan.ts';
import { readRouteCell } from '../contract/matrix.ts';
import {
  ROUTE_WARNING, resolveRoutePreferences, routeFactsOf, routeFromCell, type Route, type RouteFacts, type RoutePreferences, type RoutePreferencesInput,
} from '../domain/route-result.ts';
import type { Building, LegacyBuilding } from '../domain/types.ts';
import { requireBuilding, selectCampus, withPart, type SelectionContext } from './resolve.ts';
import type { Campus, CampusData, CampusRoutes } from '../data/load.ts';
import { candidateGeometry, routeGeometry, type LineString } from '../data/geometry.ts';
import { readCandidate } from '../contract/candidates.ts';
import { stepFreeCandidateOf, wantsStepFreeCandidate, type StepFreeCandidate } from '../domain/step-free-candidate.ts';
import type { IncomingMessage } from 'node:http';
import { readJson } from '../http/body.ts';
import type { GapPlanRequestBody, RouteRequestBody, Selector } from '../schemas/requests.ts';
import type { AppContext } from './context.ts';

/** 415 → 413 → invalid_json → invalid_request, then the typed body (plain promise chains: no async frames). */
export function readRequest<T>(req: IncomingMessage, validate: (body: unknown) => T): Promise<T> {
  return readJson(req).then(validate);
}

/** The resolved inputs of a route: campus (its handle and its loaded records), building indexes, applied preferences. */
export interface RouteInputs {
  handle: Campus;
  campus: CampusData;
  from: number;
  to: number;
  preferences: RoutePreferences;
}

/** Resolves a route's inputs on a campus whose records are loaded. */
export function routeInputsIn(handle: Campus, campus: CampusData, fromId: string, toId: string, input: RoutePreferencesInput | undefined): RouteInputs {
  return { handle, campus, from: requireBuilding(campus, fromId, 'from'), to: requireBuilding(campus, toId, 'to'), preferences: resolveRoutePreferences(input) };
}

/**
 * `answer(inputs)` for a route's inputs: at once when the selected campus's records are resident, else once
 * they are read (503 when they cannot be); `selection` says how unknown/mismatched ids fail (select.ts).
 * The route matrix and paths are then `withPart(inputs.handle.routes, …)`.
 */
export function withRouteInputs<R>(
  ctx: AppContext, sel: Selector, fromId: string, toId: string, input: RoutePreferencesInput | undefined, selection: SelectionContext,
  answer: (inputs: RouteInputs) => R | Promise<R>,
): R | Promise<R> {
  const handle = selectCampus(ctx.ds, sel, selection);
  return withPart(handle.data, (campus) => answer(routeInputsIn(handle, campus, fromId, toId, input)));
}

/** A route or gap plan holding Building records of shape B: v1 `Building`, or the legacy aliases' `LegacyBuilding`. */
export type RouteOf<B extends LegacyBuilding> = Omit<Route, 'from' | 'to'> & { from: B; to: B };
export type GapPlanOf<B extends LegacyBuilding> = Omit<GapPlanData, 'gap' | 'route'> & {
  gap: Omit<Gap, 'from' | 'to'> & { from: B; to: B };
  route: RouteOf<B>;
};

/** The route for resolved inputs (one precomputed matrix cell) and the cell's facts, kept beside it (never serialized). */
function routeResultOf(ctx: AppContext, routes: CampusRoutes, { campus, from, to, preferences }: RouteInputs): { route: Route; facts: RouteFacts } {
  const mode = routes.modes.indexOf(preferences.mode);
  if (mode === -1) throw new Error(`campus ${campus.id} has no route matrix for mode ${preferences.mode}`);
  const cell = readRouteCell(routes.matrix, routes.n, mode, from, to);
  const { buildings } = campus.artifact;
  return { route: routeFromCell(cell, buildings[from], buildings[to], preferences, ctx.ds.dataVersion), facts: routeFactsOf(cell) };
}

/** The route for resolved inputs: one precomputed matrix cell. */
export function routeOf(ctx: AppContext, routes: CampusRoutes, inputs: RouteInputs): Route {
  return routeResultOf(ctx, routes, inputs).route;
}

export type RouteWithGeometry = Route & { geometry: LineString | null };
/** A v1 route answer: the route, its walked path when asked, and in step-free mode the candidate (BEHAVIOUR §7). */
export type V1Route = Route & { geometry?: LineString | null; stepFreeCandidate?: StepFreeCandidate | null };

/** The route for resolved inputs with its walked path (issue 10: a LineString for routed results, else null). */
export function routeWithGeometryOf(ctx: AppContext, routes: CampusRoutes, inputs: RouteInputs): RouteWithGeometry {
  return { ...routeOf(ctx, routes, inputs), geometry: routeGeometry(routes, inputs.preferences.mode, inputs.from, inputs.to) };
}

/**
 * In step-free mode, when the route is unavailable: the step-free candidate (null when none exists), or,
 * where the campus's graph records no stairs, a warning saying so instead. Other routes are returned as they are.
 */
function withStepFreeCandidate<R extends Route>(
  route: R, routes: CampusRoutes, { campus, from, to, preferences }: RouteInputs, geometry: boolean,
): R | (R & { stepFreeCandidate: StepFreeCandidate | null }) {
  if (!wantsStepFreeCandidate(route)) return route;
  if (routes.candidates === null) return { ...route, warnings: [...route.warnings, ROUTE_WARNING.noStairsRecorded] };
  const cell = readCandidate(routes.candidates.values, routes.n, from, to);
  const { entrances } = campus.artifact;
  const candidate = cell && stepFreeCandidateOf(cell, entrances[from]!, entrances[to]!, preferences, geometry ? candidateGeometry(routes, from, to) : undefined);
  return { ...route, stepFreeCandidate: candidate };
}

/** The v1 route for resolved inputs: with its walked path when `geometry`, and the step-free candidate where it applies. */
export function routeResult(ctx: AppContext, routes: CampusRoutes, inputs: RouteInputs, geometry: boolean): V1Route {
  return withStepFreeCandidate(geometry ? routeWithGeometryOf(ctx, routes, inputs) : routeOf(ctx, routes, inputs), routes, inputs, geometry);
}

/**
 * Equal keys, equal results (within one data version): the campus, both building indexes and the applied
 * preferences are everything a route depends on.
 */
export function routeInputsKey({ campus, from, to, preferences: p }: RouteInputs): string {
  return `${campus.id}\n${from}\n${to}\n${p.mode}\n${p.walkingSpeedMps}\n${p.transitionBufferMinutes}`;
}

export function computeGapPlan(ctx: AppContext, routes: CampusRoutes, body: GapPlanRequestBody, inputs: RouteInputs): GapPlanData {
  const { route: r, facts } = routeResultOf(ctx, routes, inputs);
  return planGap(
    {
      gap: { term: body.term, weekday: body.weekday, startTime: body.startTime, endTime: body.endTime },
      from: r.from,
      to: r.to,
      route: r,
      routeFacts: facts,
      routePreferences: r.preferences,
      gapPreferences: body.gapPreferences,
    },
    ctx.ds.dataVersion,
  );
}

/** Equal keys, equal gap plans (within one data version): the route's inputs, the gap, the applied gap preferences. */
export function gapPlanKey(body: GapPlanRequestBody, inputs: RouteInputs): string {
  const { term, weekday, startTime, endTime } = body;
  return `${routeInputsKey(inputs)}\n${term}\n${weekday}\n${startTime}\n${endTime}\n${JSON.stringify(resolveGapPreferences(body.gapPreferences))}`;
}

/**
 * The legacy aliases' results (BEHAVIOUR §6): the same calculations, holding the campus's legacy Building
 * records (artifact `legacyBuildings`, no `location`) in place of the v1 ones, so that however they are
 * serialized (spliced or stringified), the v1 fields cannot appear.
 */
function legacyRecords({ campus, from, to }: RouteInputs): { from: LegacyBuilding; to: LegacyBuilding } {
  const { legacyBuildings } = campus.artifact;
  return { from: legacyBuildings[from]!, to: legacyBuildings[to]! };
}

/** The legacy route for a request body (records read first when the campus is cold). */
export function computeLegacyRoute(ctx: AppContext, body: RouteRequestBody): RouteOf<LegacyBuilding> | Promise<RouteOf<LegacyBuilding>> {
  return withRouteInputs(ctx, body, body.from, body.to, body.preferences, 'body', (inputs) =>
    withPart(inputs.handle.routes, (routes) => ({ ...routeOf(ctx, routes, inputs), ...legacyRecords(inputs) })));
}

export function computeLegacyGapPlan(ctx: AppContext, body: GapPlanRequestBody): GapPlanOf<LegacyBuilding> | Promise<GapPlanOf<LegacyBuilding>> {
  return withRouteInputs(ctx, body, body.from, body.to, body.routePreferences, 'body', (inputs) =>
    withPart(inputs.handle.routes, (routes) => {
      const plan = computeGapPlan(ctx, routes, body, inputs);
      const records = legacyRecords(inputs);
      return { ...plan, gap: { ...plan.gap, ...records }, route: { ...plan.route, ...records } };
    }));
}
