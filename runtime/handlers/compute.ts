/**
 * The two calculations behind POST /v1/routes, POST /v1/gaps/plan and their legacy aliases:
 * resolve the campus and both buildings, read the precomputed matrix cell, build the Route
 * (and the gap plan). Same code for v1 and legacy, so their results are identical.
 */
import { planGap, type GapPlanData } from '../domain/gap-plan.ts';
import { readRouteCell } from '../contract/matrix.ts';
import { resolveRoutePreferences, routeFromCell, type Route, type RoutePreferencesInput } from '../domain/route-result.ts';
import { requireBuilding, selectCampus } from './resolve.ts';
import type { IncomingMessage } from 'node:http';
import { readJson } from '../http/body.ts';
import type { GapPlanRequestBody, RouteRequestBody, Selector } from '../schemas/requests.ts';
import type { AppContext } from './context.ts';

/** 415 → 413 → invalid_json → invalid_request, then the typed body (plain promise chains: no async frames). */
export function readRequest<T>(req: IncomingMessage, validate: (body: unknown) => T): Promise<T> {
  return readJson(req).then(validate);
}

function route(ctx: AppContext, sel: Selector, fromId: string, toId: string, input: RoutePreferencesInput | undefined): Route {
  const campus = selectCampus(ctx.ds, sel, 'body');
  const from = requireBuilding(campus, fromId, 'from');
  const to = requireBuilding(campus, toId, 'to');
  const preferences = resolveRoutePreferences(input);
  const mode = campus.modes.indexOf(preferences.mode);
  if (mode === -1) throw new Error(`campus ${campus.id} has no route matrix for mode ${preferences.mode}`);
  const cell = readRouteCell(campus.matrix, campus.n, mode, from, to);
  const { buildings } = campus.artifact;
  return routeFromCell(cell, buildings[from], buildings[to], preferences, ctx.ds.dataVersion);
}

export function computeRoute(ctx: AppContext, body: RouteRequestBody): Route {
  return route(ctx, body, body.from, body.to, body.preferences);
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
