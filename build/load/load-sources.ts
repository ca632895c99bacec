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

function parseJson(content: Buffer, file: string, issues: SourceIssue[]): unknown {
  try {
    return JSON.parse(content.toString('utf8'));
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

/** Source paths by the campus they belong to (campusOfPath), in path order; the shared files are left out. */
export function pathsByCampus(paths: readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const path of paths) {
    const campus = campusOfPath(path);
    if (campus !== null) out.set(campus, [...(out.get(campus) ?? []), path]);
  }
  return out;
}

/** What a load can take from an earlier load of the same directory instead of walking or reading it again. */
export interface Preloaded {
  /** Source paths (listSourcePaths(sourcesDir) or any part holding every file of the campuses wanted). */
  paths: readonly string[];
  /** The registry, schemas and licence notice that load read. */
  shared?: Pick<RawSources, 'registry' | 'schemas' | 'licenseText'>;
}

/**
 * Reads a sources directory: the registry, schemas and licence notice, and the campus files, graphs and
 * outlines of every campus, or only of the campuses named in `only` (the build reads one campus at a time,
 * listing the directory once and reading the shared files once: `preloaded`). Each campus file is read once.
 */
export function loadSources(sourcesDir: string, only?: ReadonlySet<string>, preloaded?: Preloaded): RawSources {
  const wanted = (name: string) => only === undefined || only.has(name);
  const root = displayRoot(sourcesDir);
  const issues: SourceIssue[] = [];
  const show = (...parts: string[]) => displayPath(root, ...parts);
  const readShared = (file: string) => parseJson(readFileSync(join(sourcesDir, file)), show(file), issues);

  const registryFile = show('registry.json');
  if (!preloaded?.shared && !existsSync(join(sourcesDir, 'registry.json'))) {
    throw new SourceError([{ file: registryFile, pointer: '', reason: 'file is missing' }]);
  }
  const registry = preloaded?.shared?.registry ?? { file: registryFile, data: readShared('registry.json') };

  const files = (preloaded?.paths ?? listSourcePaths(sourcesDir))
    .filter((path) => {
      const campus = campusOfPath(path);
      return campus !== null && wanted(campus);
    })
    .map((path) => ({ path, content: readFileSync(join(sourcesDir, path)) }));
  const read = new Map(files.map((f) => [f.path, f.content]));
  const jsonFiles = (re: RegExp) => files.flatMap((f) => {
    const name = re.exec(f.path)?.[1];
    return name === undefined ? [] : [{ file: show(f.path), name, data: parseJson(f.content, show(f.path), issues) }];
  });

  const campuses = jsonFiles(/^campuses\/([^/]+)\.json$/);

  const graphs = [...new Set(files.map((f) => /^graphs\/([^/]+)\//.exec(f.path)?.[1]))].filter((d) => d !== undefined).sort().map((d) => {
    const metaFile = show('graphs', d, 'meta.json');
    const metaBytes = read.get(`graphs/${d}/meta.json`);
    const meta = metaBytes ? { file: metaFile, data: parseJson(metaBytes, metaFile, issues) } : null;
    if (!meta) issues.push({ file: metaFile, pointer: '', reason: 'file is missing' });
    const table = (name: string, pointerName: string): TsvTable | null => {
      const bytes = read.get(`graphs/${d}/${name}`);
      return bytes ? parseTsv(bytes.toString('utf8'), show('graphs', d, name), pointerName, issues) : null;
    };
    const edges = table('edges.tsv', 'edges');
    if (!edges) issues.push({ file: show('graphs', d, 'edges.tsv'), pointer: '', reason: 'file is missing' });
    return { dir: show('graphs', d), name: d, meta, edges, nodes: table('nodes.tsv', 'nodes') };
  });

  const footprints = jsonFiles(/^footprints\/([^/]+)\.geojson$/);

  const schemas = preloaded?.shared?.schemas ?? listDir(join(sourcesDir, 'schemas'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => ({ file: show('schemas', f), data: readShared(`schemas/${f}`) }));

  const licensePath = join(sourcesDir, 'DATA-LICENSE.md');
  const licenseText = preloaded?.shared?.licenseText ?? (existsSync(licensePath) ? readFileSync(licensePath, 'utf8') : '');

  if (issues.length) throw new SourceError(issues);
  return { registry, campuses, graphs, footprints, schemas, licenseText, files };
}
