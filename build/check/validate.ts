/**
 * Validation of the sources: schema first (schema-check.ts), then the semantic rules the schemas
 * cannot express (unique codes/ids, references, bounds, graph endpoints, opening hours…).
 * Returns typed, consistent sources or throws a SourceError naming file, pointer and reason.
 */
import { compileOpeningHours } from '../compile/campus/opening-hours.ts';
import { checkSchemas } from './schema-check.ts';
import { failOnIssues, SourceError, type SourceIssue } from '../load/errors.ts';
import { expandBounds, haversineMeters, insideBounds } from '../compile/geo.ts';
import { checkOutlines } from './outlines.ts';
import type {
  CampusGraphSource,
  GraphEdgeRow,
  GraphMeta,
  GraphNodeRow,
  LonLat,
  RawSources,
  Registry,
  RegistryCampus,
  SourceCampusFile,
  SourceFootprints,
  SourceOutline,
  ValidSources,
} from '../load/source-types.ts';

/** Points may lie this far outside the campus bounds (published bounds are approximate). */
export const BOUNDS_TOLERANCE_M = 100;
/** A 0-m edge's nodes may be this far apart (the metres are rounded to 0.01). */
export const ZERO_LENGTH_TOLERANCE_M = 0.005;

type Report = (file: string, pointer: string, reason: string, line?: number) => void;

function checkRegistry(registry: Registry, file: string, report: Report): void {
  const universities = new Map(registry.universities.map((u) => [u.id, u]));
  const campuses = new Map<string, RegistryCampus>();
  registry.universities.forEach((u, i) => {
    if (registry.universities.findIndex((o) => o.id === u.id) !== i) report(file, `/universities/${i}/id`, `duplicate university id "${u.id}"`);
  });
  registry.campuses.forEach((c, i) => {
    if (campuses.has(c.id)) report(file, `/campuses/${i}/id`, `duplicate campus id "${c.id}"`);
    campuses.set(c.id, c);
    const owner = universities.get(c.universityId);
    if (!owner) report(file, `/campuses/${i}/universityId`, `unknown university "${c.universityId}"`);
    else if (!owner.campuses.includes(c.id)) report(file, `/campuses/${i}/universityId`, `university "${c.universityId}" does not list campus "${c.id}"`);
    const [[minLon, minLat], [maxLon, maxLat]] = c.bounds;
    if (!(minLon < maxLon && minLat < maxLat)) report(file, `/campuses/${i}/bounds`, 'bounds must be [[minLon, minLat], [maxLon, maxLat]] with min < max');
  });
  registry.universities.forEach((u, i) => {
    u.campuses.forEach((id, j) => {
      const c = campuses.get(id);
      if (!c) report(file, `/universities/${i}/campuses/${j}`, `unknown campus "${id}"`);
      else if (c.universityId !== u.id) report(file, `/universities/${i}/campuses/${j}`, `campus "${id}" belongs to university "${c.universityId}"`);
    });
    if (!u.campuses.includes(u.defaultCampus)) report(file, `/universities/${i}/defaultCampus`, `"${u.defaultCampus}" is not one of the university's campuses`);
  });
  const defaultUniversity = universities.get(registry.defaultUniversity);
  if (!defaultUniversity) report(file, '/defaultUniversity', `unknown university "${registry.defaultUniversity}"`);
  else if (!defaultUniversity.campuses.includes(registry.defaultCampus)) {
    report(file, '/defaultCampus', `"${registry.defaultCampus}" is not a campus of the default university "${registry.defaultUniversity}"`);
  }
}

/** Checks one campus file; `placeOwners` collects place ids across all campuses (they are global). */
function checkCampus(
  campus: SourceCampusFile,
  file: string,
  fileName: string,
  regCampus: RegistryCampus | undefined,
  graph: CampusGraphSource | undefined,
  placeOwners: Map<string, string>,
  report: Report,
): void {
  if (campus.campus !== fileName) report(file, '/campus', `campus id "${campus.campus}" does not match the file name "${fileName}.json"`);
  if (!regCampus) report(file, '/campus', `campus "${fileName}" is not in the registry`);

  const sources = new Map<string, { url: string | null }>();
  campus.sources.forEach((s, i) => {
    if (sources.has(s.id)) report(file, `/sources/${i}/id`, `duplicate source id "${s.id}"`);
    sources.set(s.id, s);
  });
  const checkSourceRef = (sourceId: string, pointer: string) => {
    if (!sources.has(sourceId)) report(file, pointer, `unknown source "${sourceId}" (not in this campus's sources)`);
  };
  const checkProvenance = (refs: { sourceId: string }[], pointer: string) => {
    refs.forEach((r, j) => checkSourceRef(r.sourceId, `${pointer}/provenance/${j}/sourceId`));
    if (refs.every((r) => sources.has(r.sourceId)) && !refs.some((r) => sources.get(r.sourceId)?.url)) {
      report(file, `${pointer}/provenance`, 'no provenance source with a URL (the API needs at least one)');
    }
  };
  const bounds = regCampus ? expandBounds(regCampus.bounds, BOUNDS_TOLERANCE_M) : null;
  const checkPoint = (p: LonLat | null, pointer: string) => {
    if (p && bounds && !insideBounds(p, bounds)) {
      report(file, pointer, `point [${p[0]}, ${p[1]}] is outside the campus bounds (+${BOUNDS_TOLERANCE_M} m)`);
    }
  };

  const codes = new Set<string>();
  campus.buildings.forEach((b, i) => {
    const at = `/buildings/${i}`;
    if (codes.has(b.code)) report(file, `${at}/code`, `duplicate building code "${b.code}"`);
    codes.add(b.code);
    checkPoint(b.point, `${at}/point`);
    checkProvenance(b.provenance, at);
    if (b.hostBuilding) checkSourceRef(b.hostBuilding.sourceId, `${at}/hostBuilding/sourceId`);
    b.addresses?.forEach((a, j) => checkSourceRef(a.sourceId, `${at}/addresses/${j}/sourceId`));
  });

  const graphNodes = graph ? graphNodeIds(graph) : null;
  const entranceIds = new Set<string>();
  campus.entrances.forEach((e, i) => {
    const at = `/entrances/${i}`;
    if (entranceIds.has(e.id)) report(file, `${at}/id`, `duplicate entrance id "${e.id}"`);
    entranceIds.add(e.id);
    if (!codes.has(e.building)) report(file, `${at}/building`, `unknown building code "${e.building}"`);
    checkPoint(e.point, `${at}/point`);
    if (e.kind === 'approach' && e.stepFree !== 'unknown') report(file, `${at}/stepFree`, 'an approach point is not a door: it carries no step-free fact (BEHAVIOUR §6)');
    e.provenance.forEach((r, j) => checkSourceRef(r.sourceId, `${at}/provenance/${j}/sourceId`));
    if (e.graphNode !== null) {
      if (!graphNodes) report(file, `${at}/graphNode`, `campus "${campus.campus}" has no walking graph`);
      else if (!graphNodes.has(e.graphNode)) report(file, `${at}/graphNode`, `unknown graph node "${e.graphNode}"`);
    }
  });

  campus.places.forEach((p, i) => {
    const at = `/places/${i}`;
    const owner = placeOwners.get(p.id);
    if (owner !== undefined) report(file, `${at}/id`, `duplicate place id "${p.id}" (also in ${owner}; place ids are global)`);
    else placeOwners.set(p.id, file);
    if (!codes.has(p.building)) report(file, `${at}/building`, `unknown building code "${p.building}"`);
    checkProvenance(p.provenance, at);
    if (p.publishedHours) {
      checkSourceRef(p.publishedHours.sourceId, `${at}/publishedHours/sourceId`);
      if (p.hours) report(file, `${at}/publishedHours`, 'a place has either hours (opening_hours) or publishedHours (free text), not both');
      if (sources.has(p.publishedHours.sourceId) && !sources.get(p.publishedHours.sourceId)?.url) {
        report(file, `${at}/publishedHours/sourceId`, 'published hours need a source with a URL');
      }
    }
    if (p.hours) {
      checkSourceRef(p.hours.sourceId, `${at}/hours/sourceId`);
      if (sources.has(p.hours.sourceId) && !p.hours.sourceUrl && !sources.get(p.hours.sourceId)?.url) {
        report(file, `${at}/hours/sourceUrl`, 'hours need a source URL (none here nor on the source)');
      }
      const compiled = compileOpeningHours(p.hours.openingHours);
      if (!compiled.ok) {
        report(file, `${at}/hours/openingHours`, `place "${p.id}": invalid opening_hours at position ${compiled.position}: ${compiled.reason}`);
      }
    }
  });
}

/** Ids of the graph's nodes: nodes.tsv rows and edge endpoints. */
export function graphNodeIds(graph: CampusGraphSource): Set<string> {
  const ids = new Set<string>(graph.nodes?.map((n) => n.id) ?? []);
  for (const e of graph.edges) {
    ids.add(e.from);
    ids.add(e.to);
  }
  return ids;
}

function checkGraph(raw: RawSources['graphs'][number], graph: CampusGraphSource, regCampus: RegistryCampus | undefined, campus: SourceCampusFile | undefined, report: Report): void {
  const metaFile = raw.meta!.file;
  if (!regCampus) report(raw.dir, '', `graph for unknown campus "${raw.name}"`);
  else if (!regCampus.walkingGraph) report(raw.dir, '', `campus "${raw.name}" has walkingGraph false in the registry`);
  if (graph.meta.campus !== raw.name) report(metaFile, '/campus', `"${graph.meta.campus}" does not match the directory name "${raw.name}"`);
  if (campus && !campus.sources.some((s) => s.id === graph.meta.sourceId)) report(metaFile, '/sourceId', `unknown source "${graph.meta.sourceId}" (not in the campus's sources)`);

  const edges = raw.edges!;
  const edgeIds = new Set<string>();
  graph.edges.forEach((e, i) => {
    if (edgeIds.has(e.id)) report(edges.file, `/edges/${i}/id`, `duplicate edge id "${e.id}"`, edges.lines[i]);
    edgeIds.add(e.id);
    if (e.from === e.to) report(edges.file, `/edges/${i}/to`, 'edge is a loop (from = to)', edges.lines[i]);
  });
  if (graph.nodes && raw.nodes) {
    const nodes = raw.nodes;
    const nodeIds = new Set<string>();
    graph.nodes.forEach((n, i) => {
      if (nodeIds.has(n.id)) report(nodes.file, `/nodes/${i}/id`, `duplicate node id "${n.id}"`, nodes.lines[i]);
      nodeIds.add(n.id);
    });
    const at = new Map(graph.nodes.map((n) => [n.id, [n.lon, n.lat] as LonLat]));
    graph.edges.forEach((e, i) => {
      if (!nodeIds.has(e.from)) report(edges.file, `/edges/${i}/from`, `unknown node "${e.from}"`, edges.lines[i]);
      if (!nodeIds.has(e.to)) report(edges.file, `/edges/${i}/to`, `unknown node "${e.to}"`, edges.lines[i]);
      const [a, b] = [at.get(e.from), at.get(e.to)];
      // 0 m only where the source joins two nodes at one position (a link of zero length).
      if (e.meters === 0 && a && b && haversineMeters(a, b) > ZERO_LENGTH_TOLERANCE_M) {
        report(edges.file, `/edges/${i}/meters`, `0 m, but its nodes are ${haversineMeters(a, b).toFixed(2)} m apart`, edges.lines[i]);
      }
    });
  }
}

/** A validation of some campuses only: which, and the place ids seen in campuses validated before (ids are global). */
export interface ValidationScope {
  campuses: ReadonlySet<string>;
  placeOwners: Map<string, string>;
}

/**
 * Validates what `raw` holds: every campus (the default), or the campuses of `scope` (loaded with
 * loadSources(dir, scope.campuses)). The registry's issues (schema and rules) are reported by the unscoped call
 * or the registry-only one (a scope of no campus) only, so once per build; a call for some campuses reports
 * their issues alone, and stops there too when the registry fails its schema. Throws a SourceError with every issue.
 */
export function validateSources(raw: RawSources, scope?: ValidationScope): ValidSources {
  const checksRegistry = scope === undefined || scope.campuses.size === 0;
  const schemaIssues = checkSchemas(raw);
  const reported = checksRegistry ? schemaIssues : schemaIssues.filter((i) => i.file !== raw.registry.file);
  if (reported.length < schemaIssues.length) throw new SourceError(reported);
  failOnIssues(reported);

  const issues: SourceIssue[] = [];
  const report: Report = (file, pointer, reason, line) => issues.push({ file, pointer, reason, ...(line === undefined ? {} : { line }) });
  const registry = raw.registry.data as Registry;
  if (checksRegistry) checkRegistry(registry, raw.registry.file, report);
  const regCampuses = new Map(registry.campuses.map((c) => [c.id, c]));

  const campusByName = new Map(raw.campuses.map((c) => [c.name, c]));
  const graphs = new Map<string, CampusGraphSource>();
  for (const g of raw.graphs) {
    const graph: CampusGraphSource = {
      campus: g.name,
      meta: g.meta!.data as GraphMeta,
      edges: g.edges!.rows as unknown as GraphEdgeRow[],
      nodes: g.nodes ? (g.nodes.rows as unknown as GraphNodeRow[]) : null,
    };
    checkGraph(g, graph, regCampuses.get(g.name), campusByName.get(g.name)?.data as SourceCampusFile | undefined, report);
    graphs.set(g.name, graph);
  }
  const inScope = (id: string) => scope === undefined || scope.campuses.has(id);
  for (const [i, c] of registry.campuses.entries()) {
    if (!inScope(c.id)) continue;
    if (!campusByName.has(c.id)) report(raw.registry.file, `/campuses/${i}/id`, `campus file campuses/${c.id}.json is missing`);
    if (c.walkingGraph && !graphs.has(c.id)) report(raw.registry.file, `/campuses/${i}/walkingGraph`, `walkingGraph is true but graphs/${c.id}/ is missing`);
  }

  const placeOwners = scope?.placeOwners ?? new Map<string, string>();
  for (const c of raw.campuses) {
    checkCampus(c.data as SourceCampusFile, c.file, c.name, regCampuses.get(c.name), graphs.get(c.name), placeOwners, report);
  }
  const footprints = new Map<string, SourceOutline[]>();
  for (const f of raw.footprints) {
    const data = f.data as SourceFootprints;
    const campus = campusByName.get(f.name);
    if (data.campus !== f.name) report(f.file, '/campus', `campus id "${data.campus}" does not match the file name "${f.name}.geojson"`);
    if (!campus) report(f.file, '', `outlines for unknown campus "${f.name}"`);
    else checkOutlines(data.features, campus.data as SourceCampusFile, f.file, campus.file, report);
    footprints.set(f.name, data.features);
  }
  failOnIssues(issues);

  return {
    registry,
    campuses: registry.campuses.filter((c) => inScope(c.id)).map((c) => campusByName.get(c.id)!.data as SourceCampusFile),
    graphs,
    footprints,
    licenseText: raw.licenseText,
    files: raw.files,
  };
}
