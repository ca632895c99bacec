/** Every component schema by name: the single source for ajv and for the OpenAPI document. */
import type { Schema } from './common.ts';
import { Building, BuildingLocation, ErrorEnvelope, FieldError, Meta, Pagination, Provenance } from './common.ts';
import { ApiInfo, Campus, University } from './catalog.ts';
import { Place, PlaceHours } from './place.ts';
import { Route, RoutePreferences, RoutePreferencesInput, RouteRequest, StepFreeCandidate, StepFreeCandidateDoor } from './route.ts';
import { Gap, GapAssessment, GapPlan, GapPlanRequest, GapPreferences, GapPreferencesInput, GapRecommendation, GapTimelineSegment } from './gap.ts';
import { LEGACY_COMPONENTS } from './legacy.ts';
import { GEO_COMPONENTS } from './geo.ts';
import { Dataset, DatasetFile } from './datasets.ts';

export const COMPONENTS: Record<string, Schema> = {
  Provenance,
  Building,
  BuildingLocation,
  ...GEO_COMPONENTS,
  PlaceHours,
  Place,
  University,
  Campus,
  ApiInfo,
  RoutePreferencesInput,
  RoutePreferences,
  RouteRequest,
  Route,
  StepFreeCandidate,
  StepFreeCandidateDoor,
  GapPreferencesInput,
  GapPreferences,
  GapPlanRequest,
  Gap,
  GapTimelineSegment,
  GapRecommendation,
  GapAssessment,
  GapPlan,
  DatasetFile,
  Dataset,
  Pagination,
  Meta,
  FieldError,
  ErrorEnvelope,
  ...LEGACY_COMPONENTS,
};
