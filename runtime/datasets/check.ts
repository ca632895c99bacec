/**
 * The checks a data version passes before a running server swaps it in (SIGHUP reload): every file
 * matches the manifest's sha256 and size, every artifact decodes (campus records, matrices, paths), and
 * the records the new version would serve (root, universities, campuses, every building) validate against
 * the published OpenAPI component schemas. The server reads campuses lazily (data/load.ts), but the check
 * reads all of them: one campus at a time (memory stays one campus's files), hashed in the thread pool and
 * read asynchronously, so the old version keeps answering meanwhile. What it read is not kept: the new
 * version starts with its campuses unread, and the campus cache fills again as they are used.
 */
import { campusFile, mapGzipFile, type Manifest } from '../contract/index.ts';
import { currentVersion, loadDataset, type Dataset } from '../data/load.ts';
import { decodeCampusData, decodeCampusRoutes, readChecked, routeFileNames, type CatalogCampus, type VersionFiles } from '../data/campus-parts.ts';
import type { CampusCache } from '../data/campus-cache.ts';
import { campusRecord, rootRecord, universityRecord } from '../data/records.ts';
import { COMPONENTS } from '../schemas/index.ts';
import { compileComponent, createAjv } from '../schemas/validator.ts';
import { isPlainPath } from '../contract/manifest.ts';

/** Thrown with every problem found; the old version keeps serving. */
export class VersionRefused extends Error {
  override name = 'VersionRefused';
}

/** At most this many problems are reported. */
const MAX_PROBLEMS = 20;

/** Validators of the published record schemas. */
function recordChecker() {
  const ajv = createAjv(COMPONENTS);
  const validators = new Map<string, ReturnType<typeof compileComponent>>();
  return (component: string, where: string, record: unknown): string | undefined => {
    let validate = validators.get(component);
    if (!validate) validators.set(component, (validate = compileComponent(ajv, component)));
    return validate(record) ? undefined : `${where}: ${ajv.errorsText(validate.errors)}`;
  };
}

/** Records of the catalog (root, universities, campuses) that do not match the schemas the OpenAPI document publishes. */
export function catalogRecordProblems(ds: Dataset, check = recordChecker()): string[] {
  const problems = [
    check('ApiInfo', 'root record', rootRecord(ds)),
    ...ds.catalog.universities.map((u) => check('University', `university ${u.id}`, universityRecord(ds, u))),
    ...ds.catalog.campuses.map((c) => check('Campus', `campus ${c.id}`, campusRecord(ds, c))),
  ];
  return problems.filter((p): p is string => p !== undefined);
}

/** One listed file read and checked against the manifest as the server reads it (readChecked): its bytes, or its problem pushed. */
function checkedBytes(v: VersionFiles, name: string, problems: string[]): Promise<Buffer | null> {
  return readChecked(v, name).catch((e: Error) => {
    problems.push(e.message);
    return null;
  });
}

/** One campus: its files match the manifest and decode, and its buildings match the Building schema. */
async function checkCampus(v: VersionFiles, info: CatalogCampus, check: ReturnType<typeof recordChecker>, problems: string[], seen: Set<string>): Promise<void> {
  const records = campusFile(info.id);
  seen.add(records);
  const bytes = await checkedBytes(v, records, problems);
  if (!bytes) return;
  let data: ReturnType<typeof decodeCampusData>;
  try {
    data = decodeCampusData(info, bytes);
  } catch (e) {
    problems.push(`${records}: ${(e as Error).message}`);
    return;
  }
  const { artifact } = data;
  for (const b of artifact.buildings) {
    const p = check('Building', `building ${info.id}/${b.code}`, b);
    if (p !== undefined) problems.push(p);
  }
  const names = routeFileNames(artifact);
  const read: (Buffer | null)[] = names.map(() => null);
  for (const [k, name] of names.entries()) {
    if (name === null) continue;
    seen.add(name);
    read[k] = await checkedBytes(v, name, problems);
  }
  for (const name of [artifact.map, mapGzipFile(info.id)]) {
    seen.add(name);
    await checkedBytes(v, name, problems);
  }
  const [matrix, paths, candidates] = read;
  if (matrix && names.every((name, k) => name === null || read[k] !== null)) {
    try {
      decodeCampusRoutes(artifact, { matrix, paths, candidates });
    } catch (e) {
      problems.push((e as Error).message);
    }
  }
}

/** Every problem of a version's files and records (empty when it can be served), campus by campus. */
async function versionProblems(ds: Dataset): Promise<string[]> {
  const v: VersionFiles = { dir: ds.versionDir, manifest: ds.manifest };
  const manifest: Manifest = ds.manifest;
  if (!manifest || typeof manifest.files !== 'object' || manifest.files === null) return ['manifest lists no files'];
  const check = recordChecker();
  const problems = catalogRecordProblems(ds, check);
  const seen = new Set<string>();
  for (const info of ds.catalog.campuses) {
    if (problems.length >= MAX_PROBLEMS) break;
    await checkCampus(v, info, check, problems, seen);
  }
  for (const name of Object.keys(manifest.files).sort()) {
    if (problems.length >= MAX_PROBLEMS) break;
    if (seen.has(name)) continue;
    if (!isPlainPath(name)) problems.push(`${JSON.stringify(name)}: not a plain relative path`);
    else await checkedBytes(v, name, problems);
  }
  return problems.slice(0, MAX_PROBLEMS);
}

/**
 * Loads the version dist/current.json names, or throws VersionRefused saying why. `current.json` is read
 * once: a build publishing yet another version meanwhile is not picked up half-way.
 */
export async function loadCheckedDataset(distDir: string, cache?: CampusCache): Promise<Dataset> {
  const dataVersion = await currentVersion(distDir).catch((e: Error) => {
    throw new VersionRefused(e.message);
  });
  let ds: Dataset;
  try {
    ds = await loadDataset(distDir, dataVersion, cache);
  } catch (e) {
    throw new VersionRefused(`${dataVersion} does not load: ${(e as Error).message}`);
  }
  const problems = await versionProblems(ds);
  if (problems.length) throw new VersionRefused(`${dataVersion} cannot be served: ${problems.join('; ')}`);
  return ds;
}
