/**
 * The compiled validators of the request-body components (ajv: schemas/validator.ts's one configuration).
 * Run from source (tests, tsx), this module compiles them when called. The server bundle gets the same
 * validators compiled at build time instead: build/tools/body-validators.ts replaces this module with ajv's
 * standalone code for BODY_COMPONENTS, so a starting server compiles nothing (compiling them was ~65 ms of a
 * ~0.5 s start-up on this project's VM). test/http/body-validators.test.ts checks both answer alike.
 * Whatever this module exports besides the type, the replacement must export too: keep it to one function.
 */
import type { ValidateFunction } from 'ajv';
import { COMPONENTS } from './index.ts';
import { compileComponent, createAjv } from './validator.ts';

/** The components request bodies are validated against. */
export const BODY_COMPONENTS = ['RouteRequest', 'GapPlanRequest'] as const;
export type BodyComponent = (typeof BODY_COMPONENTS)[number];

export function bodyValidateFunctions(): Record<BodyComponent, ValidateFunction> {
  const ajv = createAjv(COMPONENTS, false); // the schemas are checked against the meta-schema by the tests
  return Object.fromEntries(BODY_COMPONENTS.map((c) => [c, compileComponent(ajv, c)])) as Record<BodyComponent, ValidateFunction>;
}
