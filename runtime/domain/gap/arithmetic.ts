/** The §8 figures of one gap (minutes) and the plan's confidence: numbers only, no wording. */
import { routeHasIndoorEstimate, type Route } from '../route-result.ts';
import type { GapPreferences, RiskTolerance } from './preferences.ts';
import type { ConfidenceLabel } from './types.ts';

const FALLBACK_BUFFER = 15;
const APPROXIMATE_EXTRA: Record<RiskTolerance, number> = { low: 5, medium: 2, high: 0 };
export const round2 = (x: number) => Math.round(x * 100) / 100;
export const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

export interface GapFigures {
  D: number;
  /** null when the route is unavailable (travel then counts as 0). */
  travel: number | null;
  B: number;
  usable: number;
  leaveBy: number;
  arrival: number | null;
  setup: number;
  packUp: number;
  A: number;
}

export function gapFigures(
  startTime: number,
  endTime: number,
  route: Route,
  transitionBufferMinutes: number,
  prefs: GapPreferences,
): GapFigures {
  const b = transitionBufferMinutes;
  const D = endTime - startTime;
  const walk = route.estimatedSeconds === null ? null : Math.ceil(route.estimatedSeconds / 60);
  let travel: number | null;
  let B: number;
  switch (route.status) {
    case 'same-building':
      travel = 0;
      B = b;
      break;
    case 'approximate':
      travel = walk;
      B = b + APPROXIMATE_EXTRA[prefs.riskTolerance];
      break;
    case 'routed':
      travel = walk;
      B = route.warnings.length > 0 && prefs.riskTolerance === 'low' ? b + 2 : b;
      break;
    case 'unavailable':
      travel = null;
      B = FALLBACK_BUFFER;
      break;
  }
  const t = travel ?? 0;
  const usable = Math.max(0, D - t - B);
  const leaveBy = Math.max(0, endTime - t - B);
  const setup = Math.min(prefs.setupMinutes, usable);
  const packUp = Math.min(prefs.packUpMinutes, usable - setup);
  return {
    D,
    travel,
    B,
    usable,
    leaveBy,
    arrival: travel === null ? null : leaveBy + travel,
    setup,
    packUp,
    A: usable - setup - packUp,
  };
}

export function gapConfidence(route: Route): { confidence: number; confidenceLabel: ConfidenceLabel } {
  let c = route.status === 'approximate' ? 0.68 : route.status === 'unavailable' ? 0.42 : 0.95;
  if (routeHasIndoorEstimate(route)) c -= 0.08;
  if (route.warnings.length > 0) c -= 0.04;
  const confidence = round2(clamp(c, 0.15, 0.99));
  return { confidence, confidenceLabel: confidence >= 0.8 ? 'high' : confidence >= 0.55 ? 'medium' : 'low' };
}
