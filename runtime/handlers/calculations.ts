/** POST /v1/routes and POST /v1/gaps/plan (SPEC §4.5): never cached. */
import { framed, successFrame, type SuccessFrame } from '../http/envelope.ts';
import { CACHE_NO_STORE } from '../http/headers.ts';
import type { Reply } from '../http/reply.ts';
import type { GapPlanRequestBody, RouteRequestBody } from '../schemas/requests.ts';
import { computeGapPlan, computeRoute, readRequest } from './compute.ts';
import type { AppContext, Handler } from './context.ts';
import { gapPlanJson, routeJson } from './result-json.ts';

function frameOf(ctx: AppContext): SuccessFrame {
  return successFrame(ctx.ds.dataVersion, { generatedAt: ctx.ds.generatedAt });
}

function calculated(frame: SuccessFrame, dataJson: string): Reply {
  return { kind: 'template', template: framed(frame, dataJson), cacheControl: CACHE_NO_STORE };
}

// The POSTs take no query parameters (SPEC §4): the registry declares none, so any is invalid_query before the body is read.
export function routeHandler(ctx: AppContext): Handler {
  const frame = frameOf(ctx);
  const answer = (body: RouteRequestBody) => calculated(frame, routeJson(computeRoute(ctx, body, { geometry: true }), ctx.recordJson));
  return (req) => readRequest(req, ctx.validators.route).then(answer);
}

export function gapPlanHandler(ctx: AppContext): Handler {
  const frame = frameOf(ctx);
  const answer = (body: GapPlanRequestBody) => calculated(frame, gapPlanJson(computeGapPlan(ctx, body), ctx.recordJson));
  return (req) => readRequest(req, ctx.validators.gap).then(answer);
}
