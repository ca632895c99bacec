/**
 * Reads a sources directory into memory (no validation beyond "is it parseable").
 * The only file-system reads of the build's input happen here.
 */
import { readFileSync, readdirSync, existsSync, statSync } from 'node:fs';
import { join, relative, isAbsolute, sep } from 'node:path';
import type { RawSources, TsvTable } from './source-types.ts';
import { SourceError, type SourceIssue } from './errors.ts';

/** Columns of graph TSV files whose values are numbers. */
const NUMERIC_COLUMNS = new Set(['meters', 'lon', 'lat']);
const NUMBER_TEXT = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

/** How a sources path is shown in messages: relative to the working directory when inside it. */
export function displayRoot(sourcesDir: string): string {
  const rel = relative(process.cwd(), sourcesDir);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : sourcesDir;
}

export function displayPath(root: string, ...parts: string[]): string {
  return join(root, ...parts).split(sep).join('/');
}

/** Parses a tab-separated table; numeric columns become numbers when they look like numbers. */
export function parseTsv(text: string, file: string, pointerName: string, issues: SourceIssue[]): TsvTable {
  const lines = text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  const header = (lines[0] ?? '').split('\t');
  const table: TsvTable = { file, rows: [], lines: [] };
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i];
    if (line === '') continue;
    const cells = line.split('\t');
    const rowIndex = table.rows.length;
    if (cells.length !== header.length) {
      issues.push({
        file,
        line: i + 1,
        pointer: `/${pointerName}/${rowIndex}`,
        reason: `row has ${cells.length} fields, the header has ${header.length}`,
      });
    }
    const row: Record<string, unknown> = {};
    header.forEach((col, c) => {
      const cell = cells[c];
      if (cell === undefined) return;
      row[col] = NUMERIC_COLUMNS.has(col) && NUMBER_TEXT.test(cell) ? Number(cell) : cell;
    });
    table.rows.push(row);
    table.lines.push(i + 1);
  }
  return table;
}

function readJson(path: string, file: string, issues: SourceIssue[]): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    issues.push({ file, pointer: '', reason: `not readable JSON (${(e as Error).message})` });
    return undefined;
  }
}

function listDir(path: string): string[] {
  return existsSync(path) ? readdirSync(path).sort() : [];
}

/** Every file path below `dir` (relative, posix), sorted. */
export function listSourcePaths(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const name of readdirSync(join(dir, rel))) {
      const child = rel ? `${rel}/${name}` : name;
      if (statSync(join(dir, child)).isDirectory()) walk(child);
      else out.push(child);
    }
  };
  walk('');
  return out.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The campus a source file belongs to (campuses/<id>.json, graphs/<id>/…, footprints/<id>.geojson), or null. */
export function campusOfPath(path: string): string | null {
  const m = /^campuses\/([^/]+)\.json$/.exec(path) ?? /^graphs\/([^/]+)\//.exec(path) ?? /^footprints\/([^/]+)\.geojson$/.exec(path);
  return m ? m[1]! : null;
}

/** Every file below `dir` that `keep` accepts (all by default), sorted by relative posix path. */
export function readAllFiles(dir: string, keep: (path: string) => boolean = () => true): { path: string; content: Buffer }[] {
  return listSourcePaths(dir).filter(keep).map((path) => ({ path, content: readFileSync(join(dir, path)) }));
}

/**
 * Reads a sources directory: the registry, schemas and licence notice, and the campus files, graphs and
 * outlines of every campus, or only of the campuses named in `only` (the build reads one campus at a time).
 */
export function loadSources(sourcesDir: string, only?: ReadonlySet<string>): RawSources {
  const wanted = (name: string) => only === undefined || only.has(name);
  const root = displayRoot(sourcesDir);
  const issues: SourceIssue[] = [];
  const show = (...parts: string[]) => displayPath(root, ...parts);

  const registryFile = show('registry.json');
  if (!existsSync(join(sourcesDir, 'registry.json'))) {
    throw new SourceError([{ file: registryFile, pointer: '', reason: 'file is missing' }]);
  }
  const registry = { file: registryFile, data: readJson(join(sourcesDir, 'registry.json'), registryFile, issues) };

  const campuses = listDir(join(sourcesDir, 'campuses'))
    .filter((f) => f.endsWith('.json') && wanted(f.slice(0, -'.json'.length)))
    .map((f) => {
      const file = show('campuses', f);
      return { file, name: f.slice(0, -'.json'.length), data: readJson(join(sourcesDir, 'campuses', f), file, issues) };
    });

  const graphs = listDir(join(sourcesDir, 'graphs'))
    .filter((d) => wanted(d) && statSync(join(sourcesDir, 'graphs', d)).isDirectory())
    .map((d) => {
      const dir = join(sourcesDir, 'graphs', d);
      const metaFile = show('graphs', d, 'meta.json');
      const meta = existsSync(join(dir, 'meta.json')) ? { file: metaFile, data: readJson(join(dir, 'meta.json'), metaFile, issues) } : null;
      if (!meta) issues.push({ file: metaFile, pointer: '', reason: 'file is missing' });
      const table = (name: string, pointerName: string): TsvTable | null => {
        const path = join(dir, name);
        return existsSync(path) ? parseTsv(readFileSync(path, 'utf8'), show('graphs', d, name), pointerName, issues) : null;
      };
      const edges = table('edges.tsv', 'edges');
      if (!edges) issues.push({ file: show('graphs', d, 'edges.tsv'), pointer: '', reason: 'file is missing' });
      return { dir: show('graphs', d), name: d, meta, edges, nodes: table('nodes.tsv', 'nodes') };
    });

  const footprints = listDir(join(sourcesDir, 'footprints'))
    .filter((f) => f.endsWith('.geojson') && wanted(f.slice(0, -'.geojson'.length)))
    .map((f) => {
      const file = show('footprints', f);
      return { file, name: f.slice(0, -'.geojson'.length), data: readJson(join(sourcesDir, 'footprints', f), file, issues) };
    });

  const schemas = listDir(join(sourcesDir, 'schemas'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => {
      const file = show('schemas', f);
      return { file, data: readJson(join(sourcesDir, 'schemas', f), file, issues) };
    });

  const licensePath = join(sourcesDir, 'DATA-LICENSE.md');
  const licenseText = existsSync(licensePath) ? readFileSync(licensePath, 'utf8') : '';

  if (issues.length) throw new SourceError(issues);
  const files = readAllFiles(sourcesDir, (path) => {
    const campus = campusOfPath(path);
    return campus === null || wanted(campus);
  });
  return { registry, campuses, graphs, footprints, schemas, licenseText, files };
}
