/**
 * The two calculations behind POST /v1/routes, POST /v1/gaps/plan and their legacy aliases:
 * resolve the campus and both buildings, read the precomputed matrix cell, build the Route
 * (and the gap plan). Same code for v1 and legacy, so their results are identical; the legacy
 * results then hold the campus's legacy Building records instead of the v1 ones.
 */
import { planGap, resolveGapPreferences, type Gap, type GapPlanData } from '../domain/gap-plan.ts';
import { readRouteCell } from '../contract/matrix.ts';
import {
  ROUTE_WARNING, resolveRoutePreferences, routeFactsOf, routeFromCell, type Route, type RouteFacts, type RoutePreferences, type RoutePreferencesInput,
} from '../domain/route-result.ts';
import type { Building, LegacyBuilding } from '../domain/types.ts';
import { requireBuilding, selectCampus, type SelectionContext } from './resolve.ts';
import type { CampusData } from '../data/load.ts';
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

/** The resolved inputs of a route: campus, building indexes, applied preferences. */
export interface RouteInputs {
  campus: CampusData;
  from: number;
  to: number;
  preferences: RoutePreferences;
}

/** Resolves a route's inputs; `selection` says how unknown/mismatched ids fail (select.ts). */
export function resolveRouteInputs(
  ctx: AppContext, sel: Selector, fromId: string, toId: string, input: RoutePreferencesInput | undefined, selection: SelectionContext = 'body',
): RouteInputs {
  const campus = selectCampus(ctx.ds, sel, selection);
  return { campus, from: requireBuilding(campus, fromId, 'from'), to: requireBuilding(campus, toId, 'to'), preferences: resolveRoutePreferences(input) };
}

/** A route or gap plan holding Building records of shape B: v1 `Building`, or the legacy aliases' `LegacyBuilding`. */
export type RouteOf<B extends LegacyBuilding> = Omit<Route, 'from' | 'to'> & { from: B; to: B };
export type GapPlanOf<B extends LegacyBuilding> = Omit<GapPlanData, 'gap' | 'route'> & {
  gap: Omit<Gap, 'from' | 'to'> & { from: B; to: B };
  route: RouteOf<B>;
};

/** The route for resolved inputs (one precomputed matrix cell) and the cell's facts, kept beside it (never serialized). */
function routeResultOf(ctx: AppContext, { campus, from, to, preferences }: RouteInputs): { route: Route; facts: RouteFacts } {
  const mode = campus.modes.indexOf(preferences.mode);
  if (mode === -1) throw new Error(`campus ${campus.id} has no route matrix for mode ${preferences.mode}`);
  const cell = readRouteCell(campus.matrix, campus.n, mode, from, to);
  const { buildings } = campus.artifact;
  return { route: routeFromCell(cell, buildings[from], buildings[to], preferences, ctx.ds.dataVersion), facts: routeFactsOf(cell) };
}

/** The route for resolved inputs: one precomputed matrix cell. */
export function routeOf(ctx: AppContext, inputs: RouteInputs): Route {
  return routeResultOf(ctx, inputs).route;
}

export type RouteWithGeometry = Route & { geometry: LineString | null };
/** A v1 route answer: the route, its walked path when asked, and in step-free mode the candidate (BEHAVIOUR §7). */
export type V1Route = Route & { geometry?: LineString | null; stepFreeCandidate?: StepFreeCandidate | null };

/** The route for resolved inputs with its walked path (issue 10: a LineString for routed results, else null). */
export function routeWithGeometryOf(ctx: AppContext, inputs: RouteInputs): RouteWithGeometry {
  return { ...routeOf(ctx, inputs), geometry: routeGeometry(inputs.campus, inputs.preferences.mode, inputs.from, inputs.to) };
}

/**
 * In step-free mode, when the route is unavailable: the step-free candidate (null when none exists), or,
 * where the campus's graph records no stairs, a warning saying so instead. Other routes are returned as they are.
 */
function withStepFreeCandidate<R extends Route>(route: R, { campus, from, to, preferences }: RouteInputs, geometry: boolean): R | (R & { stepFreeCandidate: StepFreeCandidate | null }) {
  if (!wantsStepFreeCandidate(route)) return route;
  if (campus.candidates === null) return { ...route, warnings: [...route.warnings, ROUTE_WARNING.noStairsRecorded] };
  const cell = readCandidate(campus.candidates.values, campus.n, from, to);
  const { entrances } = campus.artifact;
  const candidate = cell && stepFreeCandidateOf(cell, entrances[from]!, entrances[to]!, preferences, geometry ? candidateGeometry(campus, from, to) : undefined);
  return { ...route, stepFreeCandidate: candidate };
}

/** The v1 route for resolved inputs: with its walked path when `geometry`, and the step-free candidate where it applies. */
export function routeResult(ctx: AppContext, inputs: RouteInputs, geometry: boolean): V1Route {
  return withStepFreeCandidate(geometry ? routeWithGeometryOf(ctx, inputs) : routeOf(ctx, inputs), inputs, geometry);
}

/**
 * Equal keys, equal results (within one data version): the campus, both building indexes and the applied
 * preferences are everything a route depends on.
 */
export function routeInputsKey({ campus, from, to, preferences: p }: RouteInputs): string {
  return `${campus.id}\n${from}\n${to}\n${p.mode}\n${p.walkingSpeedMps}\n${p.transitionBufferMinutes}`;
}

export const routeInputsOf = (ctx: AppContext, body: RouteRequestBody): RouteInputs =>
  resolveRouteInputs(ctx, body, body.from, body.to, body.preferences);

export const gapInputs = (ctx: AppContext, body: GapPlanRequestBody): RouteInputs =>
  resolveRouteInputs(ctx, body, body.from, body.to, body.routePreferences);

function gapPlanOf(ctx: AppContext, body: GapPlanRequestBody, inputs: RouteInputs): GapPlanData {
  const { route: r, facts } = routeResultOf(ctx, inputs);
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

export function computeGapPlan(ctx: AppContext, body: GapPlanRequestBody, inputs: RouteInputs = gapInputs(ctx, body)): GapPlanData {
  return gapPlanOf(ctx, body, inputs);
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

export function computeLegacyRoute(ctx: AppContext, body: RouteRequestBody): RouteOf<LegacyBuilding> {
  const inputs = routeInputsOf(ctx, body);
  return { ...routeOf(ctx, inputs), ...legacyRecords(inputs) };
}

export function computeLegacyGapPlan(ctx: AppContext, body: GapPlanRequestBody): GapPlanOf<LegacyBuilding> {
  const inputs = gapInputs(ctx, body);
  const plan = gapPlanOf(ctx, body, inputs);
  const records = legacyRecords(inputs);
  return { ...plan, gap: { ...plan.gap, ...records }, route: { ...plan.route, ...records } };
}
