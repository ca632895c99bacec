/** Gap preferences (SPEC §2.8, BEHAVIOUR §8): defaults, bounds, application and the cross-field rule. */

export const RISK_TOLERANCES = ['low', 'medium', 'high'] as const;
export type RiskTolerance = (typeof RISK_TOLERANCES)[number];

/** SPEC §2.8, in SPEC order. */
export interface GapPreferences {
  setupMinutes: number;
  packUpMinutes: number;
  lunchWindowStart: number;
  lunchWindowEnd: number;
  mealDurationMinutes: number;
  willingToLeaveCampus: boolean;
  oneWayHomeCommuteMinutes: number | null;
  minimumHomeStayMinutes: number;
  homeTurnaroundMinutes: number;
  riskTolerance: RiskTolerance;
}
export type GapPreferencesInput = Partial<GapPreferences>;

export const GAP_PREFERENCE_DEFAULTS: Readonly<GapPreferences> = {
  setupMinutes: 4,
  packUpMinutes: 3,
  lunchWindowStart: 690,
  lunchWindowEnd: 870,
  mealDurationMinutes: 30,
  willingToLeaveCampus: false,
  oneWayHomeCommuteMinutes: null,
  minimumHomeStayMinutes: 90,
  homeTurnaroundMinutes: 10,
  riskTolerance: 'low',
};

/**
 * Bounds of the numeric gap preferences (BEHAVIOUR §8) for the HTTP layer's JSON Schema.
 * `oneWayHomeCommuteMinutes` may also be null. Cross-field rule, checked on the applied values:
 * lunchWindowEnd > lunchWindowStart (see gapPreferenceConflicts).
 */
export const GAP_PREFERENCE_BOUNDS = {
  setupMinutes: { minimum: 0, maximum: 20 },
  packUpMinutes: { minimum: 0, maximum: 20 },
  lunchWindowStart: { minimum: 0, maximum: 1439 },
  lunchWindowEnd: { minimum: 1, maximum: 1440 },
  mealDurationMinutes: { minimum: 15, maximum: 90 },
  oneWayHomeCommuteMinutes: { minimum: 5, maximum: 180 },
  minimumHomeStayMinutes: { minimum: 30, maximum: 360 },
  homeTurnaroundMinutes: { minimum: 0, maximum: 30 },
} as const;

export function resolveGapPreferences(input: GapPreferencesInput = {}): GapPreferences {
  const d = GAP_PREFERENCE_DEFAULTS;
  return {
    setupMinutes: input.setupMinutes ?? d.setupMinutes,
    packUpMinutes: input.packUpMinutes ?? d.packUpMinutes,
    lunchWindowStart: input.lunchWindowStart ?? d.lunchWindowStart,
    lunchWindowEnd: input.lunchWindowEnd ?? d.lunchWindowEnd,
    mealDurationMinutes: input.mealDurationMinutes ?? d.mealDurationMinutes,
    willingToLeaveCampus: input.willingToLeaveCampus ?? d.willingToLeaveCampus,
    oneWayHomeCommuteMinutes:
      input.oneWayHomeCommuteMinutes === undefined ? d.oneWayHomeCommuteMinutes : input.oneWayHomeCommuteMinutes,
    minimumHomeStayMinutes: input.minimumHomeStayMinutes ?? d.minimumHomeStayMinutes,
    homeTurnaroundMinutes: input.homeTurnaroundMinutes ?? d.homeTurnaroundMinutes,
    riskTolerance: input.riskTolerance ?? d.riskTolerance,
  };
}

/** Cross-field violations of the applied preferences (the HTTP layer answers 400 for them). */
export function gapPreferenceConflicts(p: GapPreferences): { field: string; reason: string }[] {
  return p.lunchWindowEnd > p.lunchWindowStart
    ? []
    : [{ field: 'gapPreferences.lunchWindowEnd', reason: `must be greater than lunchWindowStart (${p.lunchWindowStart})` }];
}
