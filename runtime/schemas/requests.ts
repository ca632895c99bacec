/** Typed request bodies and their validators (compiled once, from the published component schemas). */
import type { RouteMode } from '../domain/types.ts';
import { bodyValidator, type Ajv } from './validator.ts';

export interface RoutePreferencesInput {
  mode?: RouteMode;
  walkingSpeedMps?: number;
  transitionBufferMinutes?: number;
}

export interface RouteRequestBody {
  from: string;
  to: string;
  preferences?: RoutePreferencesInput;
  university?: string;
  campus?: string;
}

export interface Validators {
  route: (body: unknown) => RouteRequestBody;
}

export function createValidators(ajv: Ajv): Validators {
  return {
    route: bodyValidator<RouteRequestBody>(ajv, 'RouteRequest'),
  };
}
