/** JSON Schema (2020-12) validation of every source file against sources/schemas/*.json. */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { RawSources, TsvTable } from '../load/source-types.ts';
import type { SourceIssue } from '../load/errors.ts';

const SCHEMA_IDS = {
  campus: 'https://campus-data.example/schemas/campus.schema.json',
  footprint: 'https://campus-data.example/schemas/footprint.schema.json',
  graph: 'https://campus-data.example/schemas/graph.schema.json',
  registry: 'https://campus-data.example/schemas/registry.schema.json',
} as const;

const ONE_OF_MESSAGE = 'must match exactly one schema in oneOf';

/** Turns ajv errors into issues: one per pointer, most specific reasons first. */
export function ajvIssues(errors: ErrorObject[] | null | undefined, file: string, prefix = '', line?: number): SourceIssue[] {
  const byPointer = new Map<string, string[]>();
  for (const e of errors ?? []) {
    let pointer = prefix + e.instancePath;
    let reason = e.message ?? e.keyword;
    if (e.keyword === 'required') {
      pointer += `/${(e.params as { missingProperty: string }).missingProperty}`;
      reason = 'missing required field';
    } else if (e.keyword === 'additionalProperties') {
      pointer += `/${(e.params as { additionalProperty: string }).additionalProperty}`;
      reason = 'unknown field';
    } else if (e.keyword === 'enum') {
      reason = `must be one of ${JSON.stringify((e.params as { allowedValues: unknown[] }).allowedValues)}`;
    }
    const list = byPointer.get(pointer) ?? [];
    if (!list.includes(reason)) list.push(reason);
    byPointer.set(pointer, list);
  }
  const issues: SourceIssue[] = [];
  for (const [pointer, reasons] of byPointer) {
    const deeper = [...byPointer.keys()].some((p) => p !== pointer && p.startsWith(pointer + '/'));
    const specific = reasons.filter((r) => r !== ONE_OF_MESSAGE);
    if (specific.length === 0 && deeper) continue; // the deeper pointer says what is wrong
    issues.push({ file, pointer, reason: (specific.length ? specific : reasons).join('; '), ...(line === undefined ? {} : { line }) });
  }
  return issues;
}

interface Validators {
  registry: ValidateFunction;
  campus: ValidateFunction;
  footprint: ValidateFunction;
  edge: ValidateFunction;
  node: ValidateFunction;
  meta: ValidateFunction;
}

/** Validators by the schema files they were compiled from (a build validates one campus at a time with the same schemas). */
const compiled = new WeakMap<RawSources['schemas'], { validators: Validators | null; issues: SourceIssue[] }>();

function compileValidators(raw: RawSources, issues: SourceIssue[]): Validators | null {
  let done = compiled.get(raw.schemas);
  if (!done) {
    const found: SourceIssue[] = [];
    done = { validators: compileSchemas(raw.schemas, found), issues: found };
    compiled.set(raw.schemas, done);
  }
  issues.push(...done.issues);
  return done.validators;
}

function compileSchemas(schemas: RawSources['schemas'], issues: SourceIssue[]): Validators | null {
  const ajv = new Ajv2020({ allErrors: true, strictTuples: false });
  addFormats.default(ajv);
  for (const s of schemas) {
    try {
      ajv.addSchema(s.data as object);
    } catch (e) {
      issues.push({ file: s.file, pointer: '', reason: `invalid schema (${(e as Error).message})` });
    }
  }
  const get = (ref: string): ValidateFunction | null => {
    try {
      const v = ajv.getSchema(ref);
      if (v) return v;
    } catch (e) {
      issues.push({ file: 'schemas', pointer: '', reason: `cannot compile ${ref} (${(e as Error).message})` });
      return null;
    }
    issues.push({ file: 'schemas', pointer: '', reason: `schema ${ref} is missing` });
    return null;
  };
  const registry = get(SCHEMA_IDS.registry);
  const campus = get(SCHEMA_IDS.campus);
  const footprint = get(SCHEMA_IDS.footprint);
  const edge = get(`${SCHEMA_IDS.graph}#/$defs/edge`);
  const node = get(`${SCHEMA_IDS.graph}#/$defs/node`);
  const meta = get(`${SCHEMA_IDS.graph}#/$defs/meta`);
  if (!registry || !campus || !footprint || !edge || !node || !meta) return null;
  return { registry, campus, footprint, edge, node, meta };
}

function checkTable(table: TsvTable, validate: ValidateFunction, pointerName: string, issues: SourceIssue[]): void {
  table.rows.forEach((row, i) => {
    if (!validate(row)) issues.push(...ajvIssues(validate.errors, table.file, `/${pointerName}/${i}`, table.lines[i]));
  });
}

/** Validates every file's shape; returns the issues found (empty = all files match their schema). */
export function checkSchemas(raw: RawSources): SourceIssue[] {
  const issues: SourceIssue[] = [];
  const v = compileValidators(raw, issues);
  if (!v) return issues;
  if (!v.registry(raw.registry.data)) issues.push(...ajvIssues(v.registry.errors, raw.registry.file));
  for (const c of raw.campuses) {
    if (!v.campus(c.data)) issues.push(...ajvIssues(v.campus.errors, c.file));
  }
  for (const f of raw.footprints) {
    if (!v.footprint(f.data)) issues.push(...ajvIssues(v.footprint.errors, f.file));
  }
  for (const g of raw.graphs) {
    if (g.meta && !v.meta(g.meta.data)) issues.push(...ajvIssues(v.meta.errors, g.meta.file));
    if (g.edges) checkTable(g.edges, v.edge, 'edges', issues);
    if (g.nodes) checkTable(g.nodes, v.node, 'nodes', issues);
  }
  return issues;
}
