/**
 * The two calculations behind POST /v1/routes, POST /v1/gaps/plan and their legacy aliases:
 * resolve the campus and both buildings, read the precomputed matrix cell, build the Route
 * (and the gap plan). Same code for v1 and legacy, so their results are identical.
 */
import { planGap, type GapPlanData } from '../domain/gap-plan.ts';
import { readRouteCell } from '../contract/matrix.ts';
import { resolveRoutePreferences, routeFromCell, type Route, type RoutePreferences, type RoutePreferencesInput } from '../domain/route-result.ts';
import { requireBuilding, selectCampus, type SelectionContext } from './resolve.ts';
import type { CampusData } from '../data/load.ts';
import { routeGeometry, type LineString } from '../data/geometry.ts';
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

/** The route for resolved inputs: one precomputed matrix cell. */
export function routeOf(ctx: AppContext, { campus, from, to, preferences }: RouteInputs): Route {
  const mode = campus.modes.indexOf(preferences.mode);
  if (mode === -1) throw new Error(`campus ${campus.id} has no route matrix for mode ${preferences.mode}`);
  const cell = readRouteCell(campus.matrix, campus.n, mode, from, to);
  const { buildings } = campus.artifact;
  return routeFromCell(cell, buildings[from], buildings[to], preferences, ctx.ds.dataVersion);
}

export type RouteWithGeometry = Route & { geometry: LineString | null };

/** The route for resolved inputs with its walked path (issue 10: a LineString for routed results, else null). */
export function routeWithGeometryOf(ctx: AppContext, inputs: RouteInputs): RouteWithGeometry {
  return { ...routeOf(ctx, inputs), geometry: routeGeometry(inputs.campus, inputs.preferences.mode, inputs.from, inputs.to) };
}

function route(ctx: AppContext, sel: Selector, fromId: string, toId: string, input: RoutePreferencesInput | undefined): Route {
  return routeOf(ctx, resolveRouteInputs(ctx, sel, fromId, toId, input));
}

/** The route; with `geometry` (v1 only: the legacy alias keeps its shape) and `geometry: true` in the body, its path. */
export function computeRoute(ctx: AppContext, body: RouteRequestBody, { geometry = false } = {}): Route | RouteWithGeometry {
  const inputs = resolveRouteInputs(ctx, body, body.from, body.to, body.preferences);
  return geometry && body.geometry === true ? routeWithGeometryOf(ctx, inputs) : routeOf(ctx, inputs);
}

export function computeGapPlan(ctx: AppContext, body: GapPlanRequestBody): GapPlanData {
  const r = route(ctx, body, body.from, body.to, body.routePreferences);
  return planGap(
    {
      gap: { term: body.term, weekday: body.weekday, startTime: body.startTime, endTime: body.endTime },
      from: r.from,
      to: r.to,
      route: r,
      routePreferences: r.preferences,
      gapPreferences: body.gapPreferences,
    },
    ctx.ds.dataVersion,
  );
}
