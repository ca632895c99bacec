/** Gap plan request/response schemas (SPEC §2.7–2.9, BEHAVIOUR §8); bounds from the gap-plan domain module. */
import {
  CONFIDENCE_LABELS, GAP_ACTIONS, GAP_PREFERENCE_BOUNDS as B, GAP_PREFERENCE_DEFAULTS as D, GAP_TAGS, RISK_TOLERANCES, SEGMENT_KINDS, TERMS, WEEKDAYS,
} from '../domain/gap-plan.ts';
import { arrayOf, buildingIdentifier, enumOf, institutionId, nullable, record, ref, str, type Schema } from './common.ts';
import { ROUTE_ACCURACIES, ROUTE_STATUSES } from './route.ts';

const num = (bounds: { minimum: number; maximum: number }, dflt: unknown): Schema => ({ type: 'number', ...bounds, description: `Default ${JSON.stringify(dflt)}.` });
const minuteOfDay: Schema = { type: 'integer', minimum: 0, maximum: 1440, description: 'Minutes since midnight.' };

const gapPreferenceProperties: Record<string, Schema> = {
  setupMinutes: num(B.setupMinutes, D.setupMinutes),
  packUpMinutes: num(B.packUpMinutes, D.packUpMinutes),
  lunchWindowStart: num(B.lunchWindowStart, D.lunchWindowStart),
  lunchWindowEnd: { ...num(B.lunchWindowEnd, D.lunchWindowEnd), description: `Default ${D.lunchWindowEnd}; must be greater than lunchWindowStart.` },
  mealDurationMinutes: num(B.mealDurationMinutes, D.mealDurationMinutes),
  willingToLeaveCampus: { type: 'boolean', description: `Default ${D.willingToLeaveCampus}.` },
  oneWayHomeCommuteMinutes: { type: ['number', 'null'], ...B.oneWayHomeCommuteMinutes, description: `null or ${B.oneWayHomeCommuteMinutes.minimum}–${B.oneWayHomeCommuteMinutes.maximum}; default null.` },
  minimumHomeStayMinutes: num(B.minimumHomeStayMinutes, D.minimumHomeStayMinutes),
  homeTurnaroundMinutes: num(B.homeTurnaroundMinutes, D.homeTurnaroundMinutes),
  riskTolerance: enumOf(RISK_TOLERANCES, { description: `Default ${D.riskTolerance}.` }),
};

export const GapPreferencesInput: Schema = { type: 'object', additionalProperties: false, properties: gapPreferenceProperties, description: 'All optional.' };
export const GapPreferences = record(gapPreferenceProperties, [], { description: 'The values applied.' });

export const GapPlanRequest = record(
  {
    from: buildingIdentifier,
    to: buildingIdentifier,
    term: enumOf(TERMS),
    weekday: enumOf(WEEKDAYS),
    startTime: minuteOfDay,
    endTime: { ...minuteOfDay, description: 'Minutes since midnight; must be greater than startTime.' },
    routePreferences: ref('RoutePreferencesInput'),
    gapPreferences: ref('GapPreferencesInput'),
    university: institutionId,
    campus: institutionId,
  },
  ['routePreferences', 'gapPreferences', 'university', 'campus'],
  { description: 'Only the interval and the two boundary buildings; no timetable is accepted or stored.' },
);

export const Gap = record({
  term: enumOf(TERMS),
  weekday: enumOf(WEEKDAYS),
  startTime: minuteOfDay,
  endTime: minuteOfDay,
  durationMinutes: { type: 'integer', minimum: 0 },
  from: ref('Building'),
  to: ref('Building'),
});

export const GapTimelineSegment = record({
  kind: enumOf(SEGMENT_KINDS),
  label: str(),
  minutes: { type: 'number', minimum: 0 },
});

export const GapRecommendation = record({
  id: str(),
  action: enumOf(GAP_ACTIONS),
  title: str(),
  summary: str(),
  score: { type: 'number' },
  activityMinutes: { type: 'number', minimum: 0 },
  reasons: arrayOf(str()),
  tags: arrayOf(enumOf(GAP_TAGS)),
  timeline: arrayOf(ref('GapTimelineSegment')),
});

export const GapAssessment = record({
  primary: ref('GapRecommendation'),
  alternatives: arrayOf(ref('GapRecommendation'), { maxItems: 2 }),
  confidence: { type: 'number', minimum: 0.15, maximum: 0.99 },
  confidenceLabel: enumOf(CONFIDENCE_LABELS),
  travelMinutes: nullable('integer', { minimum: 0 }),
  bufferMinutes: { type: 'number', minimum: 0 },
  leaveByMinutes: { type: 'number', minimum: 0 },
  arrivalMinutes: nullable('number', { minimum: 0 }),
  fallback: { type: 'boolean' },
  routeStatus: enumOf(ROUTE_STATUSES),
  routeAccuracy: enumOf(ROUTE_ACCURACIES),
  warnings: arrayOf(str()),
});

export const GapPlan = record({
  dataVersion: str(),
  gap: ref('Gap'),
  route: ref('Route'),
  gapPreferences: ref('GapPreferences'),
  assessment: ref('GapAssessment'),
});
