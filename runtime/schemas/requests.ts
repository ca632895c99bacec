/** Typed request bodies and their validators (compiled from the published component schemas: body-validators.ts). */
import type { RoutePreferencesInput } from '../domain/route-result.ts';
import {
  gapPreferenceConflicts, resolveGapPreferences, type GapPreferencesInput, type Term, type Weekday,
} from '../domain/gap-plan.ts';
import type { FieldError } from '../http/errors.ts';
import { bodyValidator } from './validator.ts';
import { bodyValidateFunctions } from './body-validators.ts';

export interface Selector {
  university?: string;
  campus?: string;
}

export interface RouteRequestBody extends Selector {
  from: string;
  to: string;
  preferences?: RoutePreferencesInput;
  geometry?: boolean;
}

export interface GapPlanRequestBody extends Selector {
  from: string;
  to: string;
  term: Term;
  weekday: Weekday;
  startTime: number;
  endTime: number;
  routePreferences?: RoutePreferencesInput;
  gapPreferences?: GapPreferencesInput;
}

export interface Validators {
  route: (body: unknown) => RouteRequestBody;
  gap: (body: unknown) => GapPlanRequestBody;
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isInt = (x: unknown): x is number => Number.isInteger(x);

/** endTime > startTime, and lunchWindowEnd > lunchWindowStart on the applied preferences. */
export function gapCrossChecks(body: unknown): FieldError[] {
  if (!isObject(body)) return [];
  const out: FieldError[] = [];
  if (isInt(body.startTime) && isInt(body.endTime) && body.endTime <= body.startTime) {
    out.push({ field: 'endTime', reason: `must be greater than startTime (${body.startTime})` });
  }
  const gp = body.gapPreferences;
  if (gp === undefined || isObject(gp)) {
    const p = (gp ?? {}) as Record<string, unknown>;
    const numericOrAbsent = (k: string) => p[k] === undefined || typeof p[k] === 'number';
    if (numericOrAbsent('lunchWindowStart') && numericOrAbsent('lunchWindowEnd')) {
      out.push(...gapPreferenceConflicts(resolveGapPreferences({
        lunchWindowStart: p.lunchWindowStart as number | undefined,
        lunchWindowEnd: p.lunchWindowEnd as number | undefined,
      })));
    }
  }
  return out;
}

export function createValidators(): Validators {
  const validate = bodyValidateFunctions();
  return {
    route: bodyValidator<RouteRequestBody>(validate.RouteRequest),
    gap: bodyValidator<GapPlanRequestBody>(validate.GapPlanRequest, gapCrossChecks),
  };
}
