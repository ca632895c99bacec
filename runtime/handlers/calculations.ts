/** POST /v1/routes and POST /v1/gaps/plan (SPEC §4.5): never cached. */
import { successTemplate } from '../http/envelope.ts';
import { CACHE_NO_STORE } from '../http/headers.ts';
import type { Reply } from '../http/reply.ts';
import { NO_QUERY, parseQuery } from '../http/query.ts';
import { computeGapPlan, computeRoute, readRequest } from './compute.ts';
import type { AppContext, Handler } from './context.ts';

function calculated(ctx: AppContext, data: unknown): Reply {
  return {
    kind: 'template',
    template: successTemplate(JSON.stringify(data), ctx.ds.dataVersion, { generatedAt: ctx.ds.generatedAt }),
    cacheControl: CACHE_NO_STORE,
  };
}

// The POSTs take no query parameters (SPEC §4): any is invalid_query, checked before the body is read.
export function routeHandler(ctx: AppContext): Handler {
  return async (req) => {
    parseQuery(req.query, NO_QUERY);
    return calculated(ctx, computeRoute(ctx, await readRequest(req, ctx.validators.route)));
  };
}

export function gapPlanHandler(ctx: AppContext): Handler {
  return async (req) => {
    parseQuery(req.query, NO_QUERY);
    return calculated(ctx, computeGapPlan(ctx, await readRequest(req, ctx.validators.gap)));
  };
}
