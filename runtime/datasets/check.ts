/**
 * The checks a data version passes before a running server swaps it in (SIGHUP reload): every file
 * matches the manifest's sha256 and size, the artifacts decode (runtime/data/load.ts), and the records the
 * new version would serve validate against the published OpenAPI component schemas.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { MANIFEST_FILE, decodeManifest, type Manifest } from '../contract/index.ts';
import { currentVersion, loadDataset, type Dataset } from '../data/load.ts';
import { campusRecord, rootRecord, universityRecord } from '../data/records.ts';
import { COMPONENTS } from '../schemas/index.ts';
import { compileComponent, createAjv } from '../schemas/validator.ts';
import { isPlainPath, manifestProblems } from '../contract/manifest.ts';

/** Thrown with every problem found; the old version keeps serving. */
export class VersionRefused extends Error {
  override name = 'VersionRefused';
}

async function integrityProblems(versionDir: string): Promise<string[]> {
  let manifest: Manifest;
  try {
    manifest = decodeManifest(await readFile(path.join(versionDir, MANIFEST_FILE), 'utf8'), versionDir);
  } catch (e) {
    return [`${MANIFEST_FILE}: ${(e as Error).message}`];
  }
  const files = new Map<string, Buffer>();
  for (const name of Object.keys(manifest?.files ?? {})) {
    if (!isPlainPath(name)) continue; // reported by manifestProblems
    try {
      files.set(name, await readFile(path.join(versionDir, name)));
    } catch {
      /* reported as missing */
    }
  }
  return manifestProblems(manifest, (name) => files.get(name));
}

/** Records of the dataset that do not match the schemas the OpenAPI document publishes. */
export function recordProblems(ds: Dataset): string[] {
  const ajv = createAjv(COMPONENTS);
  const problems: string[] = [];
  const check = (component: string, records: Iterable<[string, unknown]>) => {
    const validate = compileComponent(ajv, component);
    for (const [where, record] of records) {
      if (!validate(record)) problems.push(`${where}: ${ajv.errorsText(validate.errors)}`);
      if (problems.length >= 20) return;
    }
  };
  check('ApiInfo', [['root record', rootRecord(ds)]]);
  check('University', ds.catalog.universities.map((u) => [`university ${u.id}`, universityRecord(ds, u)]));
  check('Campus', ds.catalog.campuses.map((c) => [`campus ${c.id}`, campusRecord(ds, c)]));
  check('Building', ds.campuses.flatMap((c) => c.artifact.buildings.map((b): [string, unknown] => [`building ${c.id}/${b.code}`, b])));
  return problems;
}

/**
 * Loads the version dist/current.json names, or throws VersionRefused saying why. `current.json` is read
 * once: a build publishing yet another version meanwhile is not picked up half-way.
 */
export async function loadCheckedDataset(distDir: string): Promise<Dataset> {
  const dataVersion = await currentVersion(distDir).catch((e: Error) => {
    throw new VersionRefused(e.message);
  });
  const integrity = await integrityProblems(path.join(distDir, dataVersion));
  if (integrity.length) throw new VersionRefused(`${dataVersion} does not match its manifest: ${integrity.join('; ')}`);
  let ds: Dataset;
  try {
    ds = await loadDataset(distDir);
  } catch (e) {
    throw new VersionRefused(`${dataVersion} does not load: ${(e as Error).message}`);
  }
  if (ds.dataVersion !== dataVersion) throw new VersionRefused(`current.json changed during the reload (${dataVersion} → ${ds.dataVersion}); reload again`);
  const records = recordProblems(ds);
  if (records.length) throw new VersionRefused(`${dataVersion} has records that do not match the schemas: ${records.join('; ')}`);
  return ds;
}
