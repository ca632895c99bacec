/**
 * One-off importer: turns the raw reference facts (a directory given on the command line)
 * into the project's own `sources/` dataset. It is NOT part of `npm run build` — `sources/`
 * is the committed truth and the build never reads the reference directory.
 *
 * Usage: tsx build/tools/import-reference.ts <referenceDir> [sourcesDir]
 *
 * Facts carry over (codes, names, aliases, categories, points, entrances, source records, graphs);
 * descriptive sentences (notes, labels) do not. Nothing is invented: missing stays missing.
 */
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { matchKey } from '../../runtime/domain/match-key.ts';
import { codeFromName } from './derive-code.ts';
import { applyOutlines, footprintsText, importOutlines } from './import-footprints.ts';
import { isOsmElement } from '../compile/campus/provenance.ts';
import type { SourceOutline } from '../load/source-types.ts';
import { graphTables } from './import-graph.ts';
import { placeKindFromName } from './place-kind.ts';

const [refDir, outDir = 'sources'] = process.argv.slice(2);
if (!refDir) {
  console.error('usage: tsx build/tools/import-reference.ts <referenceDir> [sourcesDir]');
  process.exit(2);
}

type Json = any;
const readJson = (p: string): Json => JSON.parse(readFileSync(join(refDir, p), 'utf8'));
const readTsv = (p: string): Record<string, string>[] => {
  const [head, ...rows] = readFileSync(join(refDir, p), 'utf8').trim().split('\n');
  const cols = head.split('\t');
  return rows.map((r) => Object.fromEntries(r.split('\t').map((v, i) => [cols[i], v])));
};
const writeJson = (p: string, v: unknown) => {
  writeFileSync(join(outDir, p), JSON.stringify(v, null, 1) + '\n');
};

/** reference file name → API campus id */
const CAMPUS_FILES: Record<string, string> = {
  utm: 'utm', utsg: 'utsg', utsc: 'utsc', carleton: 'carleton', tmu: 'tmu', queens: 'queens',
  waterloo: 'laurier-waterloo', keele: 'york-keele', mcmaster: 'mcmaster', western: 'western',
  guelph: 'guelph', uottawa: 'uottawa', brock: 'brock', 'ubc-vancouver': 'ubc-vancouver',
  'waterloo-main': 'waterloo-main',
};
/**
 * Every complete graph of the reference directory: `<file>-edges.tsv` with `-nodes.tsv`,
 * `-entrance-nodes.tsv` and `-graph-meta.json`; UTM's graph has no entrance-node table (its entrance
 * nodes are the OSM nodes of its entrances).
 */
const GRAPH_FILES: Record<string, string> = Object.fromEntries(
  Object.entries(CAMPUS_FILES).filter(([campusId, file]) => {
    const has = (suffix: string) => existsSync(join(refDir, 'graphs', `${file}-${suffix}`));
    return has('edges.tsv') && has('graph-meta.json') && has('nodes.tsv') && (campusId === 'utm' || has('entrance-nodes.tsv'));
  }),
);
/**
 * Campuses whose entrance-node rows are approach points, not doors (reference README: U of T St. George's
 * 122 rows each stand for its building's mapped approach to the walking network). Elsewhere an entrance
 * is an approach when its campus file says so (UTM) or when the source derived it from the footprint
 * (`inferred/footprint/…`, Waterloo).
 */
const APPROACH_ROW_CAMPUSES = new Set(['utsg']);
const isFootprintDerived = (e: Json) => e.refs.some((r: Json) => /^inferred\/footprint\//.test(r.nativeId ?? ''));
/** What does not fit in the reference files, printed at the end for the maintainer. */
const misfits: string[] = [];

const residences = readJson('audit/residences.json').campuses as Record<string, { residences: { code: string; name: string; aliases: string[] }[] }>;
const utmPlaces = readJson('places/utm.json');

/**
 * Provenance verification of a reference record: verified | inferred | unknown.
 * A ref without its own verification takes its source's status only when that status is 'verified'
 * (an official document the upstream checked); a 'live-observed' service is not verification.
 */
function verificationOf(v: string | null | undefined, sourceStatus: string | undefined): 'verified' | 'inferred' | 'unknown' {
  if (v === 'verified' || v === 'source-backed') return 'verified';
  if (v === 'inferred') return 'inferred';
  if (v == null && sourceStatus === 'verified') return 'verified';
  return 'unknown';
}

/**
 * Id of the campus's OpenStreetMap source record (the one attributed to OpenStreetMap contributors or at
 * openstreetmap.org); a campus file that lists none gets one for its graph and outlines (ODbL).
 */
function osmSourceOf(campusId: string, sources: Json[], license: string, origin: string): string {
  const found = sources.find((s) => /OpenStreetMap contributors/.test(s.attribution ?? '') || /openstreetmap\.org/.test(s.url ?? ''));
  if (found) return found.id;
  const id = `osm-${campusId}`;
  sources.push({ id, title: 'OpenStreetMap', url: 'https://www.openstreetmap.org/', retrievedAt: null, license, attribution: '© OpenStreetMap contributors' });
  misfits.push(`${campusId}: the campus file lists no OpenStreetMap source; added ${id} (origin ${origin})`);
  return id;
}
const slug = (s: string) => matchKey(s).replace(/ /g, '-');

mkdirSync(join(outDir, 'campuses'), { recursive: true });
mkdirSync(join(outDir, 'graphs'), { recursive: true });
mkdirSync(join(outDir, 'footprints'), { recursive: true });

const summary: string[] = [];
for (const [campusId, file] of Object.entries(CAMPUS_FILES)) {
  const ref = readJson(`campuses/${file}.json`);
  const srcStatus = new Map<string, string | undefined>(ref.sources.map((s: Json) => [s.id, s.status]));
  const sources = ref.sources.map((s: Json) => {
    const out: Json = {
      id: s.id,
      title: s.title ?? null,
      url: s.url ?? null,
      retrievedAt: s.retrievedAt ?? null,
      license: s.license ?? null,
      attribution: s.attribution ?? null,
    };
    if (s.status) out.status = s.status;
    return out;
  });
  const resList = residences[campusId]?.residences ?? [];
  const resByCode = new Map(resList.map((r) => [r.code, r]));

  // canonical codes: official first code, else derived from the name (unique within the campus)
  const taken = new Set<string>(ref.buildings.filter((b: Json) => b.codes.length).map((b: Json) => b.codes[0]));
  const codeOf = new Map<string, string>();
  const buildings = ref.buildings.map((b: Json) => {
    let code: string;
    let codeSource: 'official' | 'derived';
    if (b.codes.length) {
      code = b.codes[0];
      codeSource = 'official';
    } else {
      code = codeFromName(b.name, taken);
      taken.add(code);
      codeSource = 'derived';
    }
    codeOf.set(b.id, code);
    const res = resByCode.get(code) ?? resList.find((r) => r.code === b.id.toUpperCase());
    const extraCodes = [...b.codes.slice(1), ...(b.timetableCodes ?? []), ...(b.facilityCodes ?? [])];
    const aliases = [
      ...new Set<string>([...b.aliases, ...extraCodes, ...(res ? [res.name, ...res.aliases] : []), ...(codeSource === 'derived' ? [b.id] : [])]),
    ].filter((a) => a !== code && a !== b.name);
    const category = res ? 'residence' : b.category ?? 'facility';
    // A building without a point but with an official map point keeps that point, marked as such.
    const mapPoint = !b.point && b.officialMapPoints?.length ? b.officialMapPoints[0] : null;
    const out: Json = {
      code,
      codeSource,
      sourceSlug: b.id,
      name: b.name,
      aliases,
      category,
      point: b.point ?? mapPoint?.point ?? null,
      pointKind: b.pointKind ?? (mapPoint ? 'official-map' : null),
    };
    // Verification of the point: the source's approach verification; an approach point taken from an
    // approach entrance has that entrance's verification; an official map point is not verified.
    const approachEntrance = b.pointKind === 'approach' ? ref.entrances.find((e: Json) => e.building === b.id && e.kind === 'approach') : undefined;
    const pointVerification = b.approachVerification ?? approachEntrance?.verification ?? (mapPoint ? 'unknown' : undefined);
    if (pointVerification) out.pointVerification = verificationOf(pointVerification, undefined);
    if (b.hostBuildingCode) out.hostBuilding = { code: b.hostBuildingCode, sourceId: b.hostEvidenceSourceId };
    if (b.addresses?.length) out.addresses = b.addresses;
    out.provenance = b.refs.map((r: Json) => {
      const p: Json = {
        sourceId: r.sourceId,
        nativeId: r.nativeId ?? null,
        verification: verificationOf(r.verification, srcStatus.get(r.sourceId)),
      };
      if (r.lastVerified) p.lastVerified = r.lastVerified;
      return p;
    });
    return out;
  });
  buildings.sort((a: Json, b: Json) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));

  const graphFile = GRAPH_FILES[campusId];
  const outlineFile = existsSync(join(refDir, 'footprints', `${campusId}.geojson`)) ? readJson(`footprints/${campusId}.geojson`) : null;
  const graphMeta = graphFile ? readJson(`graphs/${graphFile}-graph-meta.json`) : null;
  const osmSourceId = graphMeta || outlineFile
    ? osmSourceOf(campusId, sources, (graphMeta ?? outlineFile).license, (graphMeta ?? outlineFile).origin ?? `footprints/${campusId}.geojson`)
    : null;

  // outlines: a building without a point gets the first vertex of its outline (kind footprint-vertex, never a
  // centroid); its provenance names the outline's OpenStreetMap elements (in place of a bare link to the site).
  const outlines: SourceOutline[] = outlineFile
    ? importOutlines(outlineFile, campusId, codeOf, osmSourceId!, (v) => verificationOf(v, undefined), misfits)
    : [];
  for (const b of buildings) applyOutlines(b, outlines, osmSourceId!);
  if (outlines.length) writeFileSync(join(outDir, 'footprints', `${campusId}.geojson`), footprintsText(campusId, outlines));

  // entrances (UTM: graph node from the OSM node ref; others: from the entrance-node tables)
  const nodeOfEntrance = new Map<string, string>();
  const entranceRows = graphFile && graphFile !== 'utm' ? readTsv(`graphs/${graphFile}-entrance-nodes.tsv`) : [];
  const graphNodes = graphFile ? new Map(readTsv(`graphs/${graphFile}-nodes.tsv`).map((n) => [n.id, n])) : new Map();
  for (const r of entranceRows) nodeOfEntrance.set(r.entrance, r.node);
  // A graph may be the only source of a campus's entrances (UTSC, U of T St. George): an entrance row whose
  // id the campus file does not list becomes an entrance at its node, with the graph's OpenStreetMap source;
  // an approach row (APPROACH_ROW_CAMPUSES) is an inferred approach point, not a door.
  const listed = new Set(ref.entrances.map((e: Json) => e.id));
  for (const r of entranceRows) {
    if (listed.has(r.entrance)) continue;
    const node = graphNodes.get(r.node);
    if (!node) {
      misfits.push(`${campusId}: entrance ${r.entrance} names node ${r.node}, which the nodes file lacks (skipped)`);
      continue;
    }
    if (!codeOf.has(r.building)) {
      misfits.push(`${campusId}: entrance ${r.entrance} names building ${r.building}, unknown to the campus file (skipped)`);
      continue;
    }
    const osmNode = /^osm-node-(\d+)$/.exec(r.entrance)?.[1];
    const approach = APPROACH_ROW_CAMPUSES.has(campusId);
    ref.entrances.push({
      id: r.entrance, building: r.building, point: [Number(node.lon), Number(node.lat)], access: r.access,
      accessibility: 'unknown', verification: approach ? 'inferred' : node.verification, kind: approach ? 'approach' : 'entrance',
      refs: [{ sourceId: osmSourceId, nativeId: osmNode ? `node/${osmNode}` : null }],
    });
  }
  if (entranceRows.length && entranceRows.every((r) => !listed.has(r.entrance))) {
    const what = APPROACH_ROW_CAMPUSES.has(campusId) ? 'approach points' : 'entrances';
    misfits.push(`${campusId}: its ${entranceRows.length} ${what} exist only in the graph files (buildings named ${entranceRows[0].building.replace(/:.*/, ':<code>')})`);
  }
  for (const r of entranceRows) {
    const e = ref.entrances.find((x: Json) => x.id === r.entrance);
    if (e && e.building !== r.building) misfits.push(`${campusId}: entrance ${r.entrance} is of ${e.building} in the campus file but of ${r.building} in the graph`);
  }
  const entrances = ref.entrances.map((e: Json) => {
    const osm = e.refs.find((r: Json) => /^node\/\d+$/.test(r.nativeId ?? ''))?.nativeId ?? null;
    let graphNode: string | null = null;
    if (campusId === 'utm' && osm) graphNode = `osm-node-${osm.slice(5)}`;
    else if (nodeOfEntrance.has(e.id)) graphNode = nodeOfEntrance.get(e.id)!;
    return {
      id: e.id,
      building: codeOf.get(e.building),
      kind: e.kind === 'approach' || isFootprintDerived(e) ? 'approach' : 'entrance',
      point: e.point,
      access: e.access,
      stepFree: e.accessibility,
      verification: e.verification === 'verified' || e.verification === 'source-backed' ? 'verified' : e.verification === 'inferred' ? 'inferred' : 'unknown',
      osm,
      graphNode,
      provenance: e.refs.map((r: Json) => ({ sourceId: r.sourceId, nativeId: r.nativeId ?? null })),
    };
  });
  entrances.sort((a: Json, b: Json) => (a.id < b.id ? -1 : 1));

  // places: the listed ones (UTM), then those whose kind the official building name states
  const places: Json[] = [];
  if (campusId === 'utm') {
    for (const s of utmPlaces.sources) sources.push({ id: s.id, title: s.name, url: s.url, retrievedAt: utmPlaces.retrievedAt.slice(0, 10), license: null, attribution: null });
    for (const p of utmPlaces.places) {
      places.push({
        id: p.id, name: p.name, kind: p.kind, building: p.buildingCode, amenities: p.amenities,
        origin: 'listed', hours: null,
        provenance: [{ sourceId: p.sourceId, nativeId: null, verification: 'unknown' }],
      });
    }
  }
  const listedBuildingKinds = new Set(places.map((p) => `${p.building}/${p.kind}`));
  for (const b of buildings) {
    const kind = placeKindFromName(b.name);
    if (!kind || listedBuildingKinds.has(`${b.code}/${kind}`)) continue;
    places.push({
      id: slug(b.name).startsWith(`${campusId}-`) ? slug(b.name) : `${campusId}-${slug(b.name)}`, name: b.name, kind, building: b.code, amenities: [],
      origin: 'building-name', hours: null,
      provenance: b.provenance.map((p: Json) => ({ sourceId: p.sourceId, nativeId: p.nativeId, verification: p.verification })),
    });
  }
  places.sort((a, b) => (a.id < b.id ? -1 : 1));

  writeJson(`campuses/${campusId}.json`, { campus: campusId, sources, buildings, entrances, places });
  summary.push(`${campusId}: ${buildings.length} buildings, ${entrances.length} entrances, ${places.length} places`);

  // graphs: edges.tsv and nodes.tsv per campus in the project's columns (import-graph.ts)
  if (graphFile) {
    const { edges, edgesTsv, nodesTsv } = graphTables(readTsv(`graphs/${graphFile}-edges.tsv`), [...graphNodes.values()], graphFile === 'utm');
    mkdirSync(join(outDir, 'graphs', campusId), { recursive: true });
    writeFileSync(join(outDir, 'graphs', campusId, 'edges.tsv'), edgesTsv);
    writeFileSync(join(outDir, 'graphs', campusId, 'nodes.tsv'), nodesTsv);
    const meta = graphMeta;
    writeJson(`graphs/${campusId}/meta.json`, {
      campus: campusId,
      sourceId: osmSourceId,
      origin: meta.origin,
      ...(meta.nodes?.origin ? { nodesOrigin: meta.nodes.origin } : {}),
      license: meta.license,
      retrievedAt: meta.lastVerified ?? null,
      // UTM's edges state their direction; the other graphs give none, so every edge is taken as two-way.
      direction: graphFile === 'utm' ? 'per-edge' : 'assumed-bidirectional',
    });
    const withEdge = new Set(edges.flatMap((e: Json) => [e.from, e.to]));
    const isolated = entranceRows.filter((r) => !withEdge.has(r.node)).length;
    summary.push(`  graph: ${edges.length} edges${entranceRows.length ? `; ${entranceRows.length} entrance nodes, ${isolated} of them without an edge` : ''}`);
  }
}
console.log([...summary, ...misfits.map((m) => `does not fit: ${m}`)].join('\n'));
if (existsSync(join(refDir, 'ubc'))) process.exitCode = (await import('./import-ubc.ts')).importUbc(refDir, outDir); // UBC's own geodata, after ubc-vancouver.json is written
