/**
 * Request-body validation: ajv (JSON Schema 2020-12, allErrors) compiled from the same component schemas the
 * OpenAPI document publishes — once, at build time for the server bundle (schemas/body-validators.ts).
 * Failures become 400 invalid_request with details.fields = sorted [{field, reason}] naming every rejected
 * field (unknown ones included).
 */
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { ErrorObject, Options, ValidateFunction } from 'ajv';
import { invalidRequest, type FieldError } from '../http/errors.ts';
import { COMPONENT_PREFIX, type Schema } from './common.ts';

const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;
export type Ajv = InstanceType<typeof Ajv2020>;

/** Base URI under which the component schemas are registered (refs are `#/components/schemas/<Name>`). */
export const SCHEMA_BASE = 'https://campus-data.example/openapi';

/**
 * An ajv instance that knows every component schema: the one configuration of every validator (request
 * bodies, dataset checks, the tests). `checkSchemas` validates the schemas themselves against the 2020-12
 * meta-schema (the tests do; body validators skip it: schemas that cannot change at run time). `code`: ajv's
 * code options (the bundle asks for the validators' source, build/tools/body-validators.ts).
 */
export function createAjv(components: Record<string, Schema>, checkSchemas = true, code?: Options['code']): Ajv {
  const ajv = new Ajv2020({ allErrors: true, strict: true, ownProperties: true, validateSchema: checkSchemas, ...(code ? { code } : {}) });
  addFormats(ajv);
  ajv.addKeyword('components');
  ajv.addSchema({ $id: SCHEMA_BASE, components: { schemas: components } });
  return ajv;
}

/** The schema reference of a component (`https://…/openapi#/components/schemas/<name>`). */
export const componentRef = (name: string): string => `${SCHEMA_BASE}${COMPONENT_PREFIX}${name}`;

export function compileComponent(ajv: Ajv, name: string): ValidateFunction {
  return ajv.compile({ $ref: componentRef(name) });
}

/** `/preferences/walkingSpeedMps` → `preferences.walkingSpeedMps`; the body itself is `(body)`. */
const ESCAPED_SLASH = /~1/g;
const ESCAPED_TILDE = /~0/g;
export function fieldName(pointer: string, child?: string): string {
  const parts = pointer === '' ? [] : pointer.slice(1).split('/').map((p) => p.replace(ESCAPED_SLASH, '/').replace(ESCAPED_TILDE, '~'));
  if (child !== undefined) parts.push(child);
  return parts.length === 0 ? '(body)' : parts.join('.');
}

function reasonOf(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'additionalProperties': return 'unknown field (not allowed)';
    case 'required': return 'is required';
    case 'type': return `must be of type ${String(p.type).replace(',', ' or ')}`;
    case 'enum': return `must be one of: ${(p.allowedValues as unknown[]).join(', ')}`;
    case 'minimum': return `must be >= ${p.limit}`;
    case 'maximum': return `must be <= ${p.limit}`;
    case 'exclusiveMinimum': return `must be > ${p.limit}`;
    case 'exclusiveMaximum': return `must be < ${p.limit}`;
    case 'minLength': return `must be at least ${p.limit} characters`;
    case 'maxLength': return `must be at most ${p.limit} characters`;
    case 'pattern': return p.pattern === '\\S' ? 'must not be blank' : `must match ${p.pattern}`;
    default: return e.message ?? 'is not valid';
  }
}

/** One entry per field (reasons of the same field joined), in field order. */
export function fieldErrors(errors: readonly ErrorObject[]): FieldError[] {
  const byField = new Map<string, string[]>();
  for (const e of errors) {
    const p = e.params as Record<string, unknown>;
    const field =
      e.keyword === 'additionalProperties' ? fieldName(e.instancePath, String(p.additionalProperty))
      : e.keyword === 'required' ? fieldName(e.instancePath, String(p.missingProperty))
      : fieldName(e.instancePath);
    const reason = reasonOf(e);
    const list = byField.get(field) ?? [];
    if (!list.includes(reason)) list.push(reason);
    byField.set(field, list);
  }
  return [...byField].map(([field, reasons]) => ({ field, reason: reasons.join('; ') }));
}

/**
 * A validator that returns the typed body or throws invalid_request. `crossChecks` sees the raw
 * body (it must check types itself) so that cross-field errors are reported together with schema errors.
 */
export function bodyValidator<T>(validate: ValidateFunction, crossChecks?: (body: unknown) => FieldError[]): (body: unknown) => T {
  return (body) => {
    const fields = validate(body) ? [] : fieldErrors(validate.errors ?? []);
    if (crossChecks) {
      for (const f of crossChecks(body)) if (!fields.some((x) => x.field === f.field)) fields.push(f);
    }
    if (fields.length > 0) throw invalidRequest(fields);
    return body as T;
  };
}
