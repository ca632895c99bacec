/** The parts of the public API's records that the explorer reads (see /v1/openapi.json for the full shapes). */

export interface Envelope<T> {
  data: T;
  meta: { pagination?: { nextOffset: number | null } };
}

export interface University {
  id: string;
  name: string;
  isDefault?: boolean;
}

export interface Campus {
  id: string;
  university: string;
  name: string;
  shortName?: string;
  isDefault?: boolean;
  bounds?: [[number, number], [number, number]];
  walkingGraph?: boolean;
  buildingCount?: number;
  entranceCount?: number;
  placeCount?: number;
}

export interface Location {
  lat: number;
  lon: number;
  kind: string;
  verificationStatus: string;
}

export interface Building {
  code: string;
  name: string;
  category: string;
  accessibility: string;
  routingCoverage: string;
  location?: Location | null;
}

export type RouteStatus = 'same-building' | 'routed' | 'approximate' | 'unavailable';

export interface LineString {
  type: 'LineString';
  coordinates: [number, number][];
}

export interface Route {
  from: Building;
  to: Building;
  preferences: { mode: string; walkingSpeedMps: number; transitionBufferMinutes: number };
  status: RouteStatus;
  accuracy: string;
  totalDistanceMeters: number | null;
  indoorDistanceMeters: number | null;
  outdoorDistanceMeters: number | null;
  estimatedSeconds: number | null;
  floorChanges: number | null;
  warnings: string[];
  routeVerification: string;
  geometry?: LineString | null;
}

export interface TimelineSegment {
  kind: string;
  label: string;
  minutes: number;
}

export interface Recommendation {
  id: string;
  action: string;
  title: string;
  summary: string;
  score: number;
  activityMinutes: number;
  reasons: string[];
  tags: string[];
  timeline: TimelineSegment[];
}

export interface GapPlan {
  gap: { startTime: number; endTime: number; durationMinutes: number };
  route: Route;
  assessment: {
    primary: Recommendation;
    alternatives: Recommendation[];
    confidence: number;
    confidenceLabel: string;
    travelMinutes: number | null;
    bufferMinutes: number;
    leaveByMinutes: number;
    arrivalMinutes: number;
    fallback: boolean;
    warnings: string[];
  };
}

export interface Place {
  id: string;
  name: string;
  kind: string;
  building: string | null;
  availability: 'open' | 'closed' | 'unknown';
  nextTransition: string | null;
}

export interface Feature {
  type: 'Feature';
  /** null when the position is not published (e.g. the walking-graph edges of a graph without node coordinates). */
  geometry: { type: 'Point'; coordinates: [number, number] } | LineString | null;
  properties: Record<string, unknown> | null;
}

export interface FeatureCollection {
  type: 'FeatureCollection';
  features: Feature[];
  attribution?: string;
}
