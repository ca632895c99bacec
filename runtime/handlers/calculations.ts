/**
 * POST /v1/routes and POST /v1/gaps/plan (SPEC §4.5): never cached by HTTP. A result depends only on the
 * resolved inputs (compute.ts keys), so each handler keeps the prepared reply per key (bounded): a repeated
 * question is validated and resolved as always, then answered from the same bytes.
 */
import { framed, successFrame, type SuccessFrame } from '../http/envelope.ts';
import { CACHE_NO_STORE } from '../http/headers.ts';
import type { Reply } from '../http/reply.ts';
import { BoundedCache } from '../http/reply-cache.ts';
import type { GapPlanRequestBody, RouteRequestBody } from '../schemas/requests.ts';
import {
  computeGapPlan, gapPlanKey, readRequest, routeInputsKey, routeResult, withRouteInputs, type RouteInputs,
} from './compute.ts';
import { withPart } from './resolve.ts';
import type { AppContext, Handler } from './context.ts';
import { gapPlanJson, routeJson } from './result-json.ts';

/** Prepared results kept per handler: a few KB each (a gap plan holds four Building records). */
export const RESULTS_KEPT = 1024;

function frameOf(ctx: AppContext): SuccessFrame {
  return successFrame(ctx.ds.dataVersion, { generatedAt: ctx.ds.generatedAt });
}

function calculated(frame: SuccessFrame, dataJson: string): Reply {
  return { kind: 'template', template: framed(frame, dataJson).encode(), cacheControl: CACHE_NO_STORE };
}

// The POSTs take no query parameters (SPEC §4): the registry declares none, so any is invalid_query before the body is read.
// A cold campus's records, then its matrix, are read on first use (compute.ts withRouteInputs, resolve.ts withPart); a
// prepared reply needs neither the matrix nor a new computation.
export function routeHandler(ctx: AppContext): Handler {
  const frame = frameOf(ctx);
  const replies = new BoundedCache<Reply>(RESULTS_KEPT);
  const answer = (inputs: RouteInputs, body: RouteRequestBody): Reply | Promise<Reply> => {
    const geometry = body.geometry === true;
    const key = geometry ? `${routeInputsKey(inputs)}\ngeometry` : routeInputsKey(inputs);
    return replies.get(key) ?? withPart(inputs.handle.routes, (routes) =>
      replies.set(key, calculated(frame, routeJson(routeResult(ctx, routes, inputs, geometry), ctx.recordJson))));
  };
  const perBody = (body: RouteRequestBody) => withRouteInputs(ctx, body, body.from, body.to, body.preferences, 'body', (inputs) => answer(inputs, body));
  return (req) => readRequest(req, ctx.validators.route).then(perBody);
}

export function gapPlanHandler(ctx: AppContext): Handler {
  const frame = frameOf(ctx);
  const replies = new BoundedCache<Reply>(RESULTS_KEPT);
  const answer = (inputs: RouteInputs, body: GapPlanRequestBody): Reply | Promise<Reply> => {
    const key = gapPlanKey(body, inputs);
    return replies.get(key) ?? withPart(inputs.handle.routes, (routes) =>
      replies.set(key, calculated(frame, gapPlanJson(computeGapPlan(ctx, routes, body, inputs), ctx.recordJson))));
  };
  const perBody = (body: GapPlanRequestBody) => withRouteInputs(ctx, body, body.from, body.to, body.routePreferences, 'body', (inputs) => answer(inputs, body));
  return (req) => readRequest(req, ctx.validators.gap).then(perBody);
}
