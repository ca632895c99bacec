/** Shared helpers of the build tests: temp source trees, artifact readers, matrix decoding. */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OUTCOME, ROUTE_VERIFICATION } from '../../runtime/domain/types.ts';
import { ROUTE_FIELD_COUNT, type CampusArtifact, type CatalogArtifact } from '../../runtime/contract/index.ts';

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const REAL_SOURCES = join(REPO, 'sources');
export const MINI_FIXTURE = join(REPO, 'test', 'fixtures', 'build', 'mini');

const tempDirs: string[] = [];
export function tempDir(prefix = 'campus-build-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}
export function cleanupTempDirs(): void {
  for (const d of tempDirs.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** A copy of a sources tree (schemas always from the real sources/schemas) in a temp dir. */
export function copySources(from: string = MINI_FIXTURE): string {
  const dir = join(tempDir(), 'sources');
  cpSync(from, dir, { recursive: true });
  cpSync(join(REAL_SOURCES, 'schemas'), join(dir, 'schemas'), { recursive: true });
  return dir;
}

/** Every file below a directory, as relative paths in order. */
export function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => statSync(join(dir, f)).isFile())
    .sort();
}

/** Every file below a directory: relative path → bytes, in path order. */
export function filesOf(dir: string): Map<string, Buffer> {
  return new Map(listFiles(dir).map((f) => [f, readFileSync(join(dir, f))]));
}

export function editJson(file: string, edit: (data: any) => void): void {
  const data = JSON.parse(readFileSync(file, 'utf8'));
  edit(data);
  writeFileSync(file, JSON.stringify(data, null, 1) + '\n');
}

export function editText(file: string, edit: (text: string) => string): void {
  writeFileSync(file, edit(readFileSync(file, 'utf8')));
}

export interface Artifacts {
  catalog: CatalogArtifact;
  campus(id: string): CampusArtifact;
  matrix(id: string): Matrix;
}

export function readArtifacts(versionDir: string): Artifacts {
  const cache = new Map<string, CampusArtifact>();
  const campus = (id: string): CampusArtifact => {
    if (!cache.has(id)) cache.set(id, JSON.parse(readFileSync(join(versionDir, 'campuses', `${id}.json`), 'utf8')));
    return cache.get(id)!;
  };
  return {
    catalog: JSON.parse(readFileSync(join(versionDir, 'catalog.json'), 'utf8')),
    campus,
    matrix: (id) => new Matrix(campus(id), readFileSync(join(versionDir, campus(id).routes.file))),
  };
}

export interface DecodedCell {
  outcome: (typeof OUTCOME)[number];
  totalMeters: number | null;
  indoorMeters: number | null;
  outdoorMeters: number | null;
  delaySeconds: number | null;
  floorChanges: number | null;
  verification: (typeof ROUTE_VERIFICATION)[number];
  flags: number;
}

/** Reads cells of routes/<campus>.bin by building code. */
export class Matrix {
  readonly n: number;
  private readonly view: DataView;
  private readonly index: Map<string, number>;
  constructor(readonly campus: CampusArtifact, bytes: Buffer) {
    this.n = campus.routes.n;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.index = new Map(campus.buildings.map((b, i) => [b.code, i]));
  }
  cellAt(mode: string, i: number, j: number): DecodedCell {
    const m = this.campus.routes.modes.indexOf(mode as never);
    const base = ((m * this.n + i) * this.n + j) * ROUTE_FIELD_COUNT * 4;
    const f = (k: number) => this.view.getFloat32(base + k * 4, true);
    const num = (k: number) => (Number.isNaN(f(k)) ? null : f(k));
    // metres are stored to 0.1 m in Float32: read back as the API reports them
    const metres = (k: number) => (Number.isNaN(f(k)) ? null : Math.round(f(k) * 10) / 10);
    return {
      outcome: OUTCOME[f(0)],
      totalMeters: metres(1),
      indoorMeters: metres(2),
      outdoorMeters: metres(3),
      delaySeconds: num(4),
      floorChanges: num(5),
      verification: ROUTE_VERIFICATION[f(6)],
      flags: f(7),
    };
  }
  cell(mode: string, from: string, to: string): DecodedCell {
    const i = this.index.get(from);
    const j = this.index.get(to);
    if (i === undefined || j === undefined) throw new Error(`unknown building ${from} or ${to}`);
    return this.cellAt(mode, i, j);
  }
}
