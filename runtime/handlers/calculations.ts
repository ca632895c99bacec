/** POST /v1/routes and POST /v1/gaps/plan (SPEC §4.5): never cached. */
import { successTemplate } from '../http/envelope.ts';
import { CACHE_NO_STORE } from '../http/headers.ts';
import type { Reply } from '../http/reply.ts';
import { computeGapPlan, computeRoute, readRequest } from './compute.ts';
import type { AppContext, Handler } from './context.ts';

function calculated(ctx: AppContext, data: unknown): Reply {
  return {
    kind: 'template',
    template: successTemplate(JSON.stringify(data), ctx.ds.dataVersion, { generatedAt: ctx.ds.generatedAt }),
    cacheControl: CACHE_NO_STORE,
  };
}

export function routeHandler(ctx: AppContext): Handler {
  return async (req) => calculated(ctx, computeRoute(ctx, await readRequest(req, ctx.validators.route)));
}

export function gapPlanHandler(ctx: AppContext): Handler {
  return async (req) => calculated(ctx, computeGapPlan(ctx, await readRequest(req, ctx.validators.gap)));
}
