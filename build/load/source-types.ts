/**
 * Shapes of the committed source files under `sources/` (see sources/schemas/*.json).
 * These are the build's input types; the artifact/API types live in runtime/domain/types.ts.
 */
import type { Category, RegistryCampus, RegistryUniversity, Verification, SourceRecord } from '../../runtime/domain/types.ts';

export type { RegistryCampus, RegistryUniversity };

export type LonLat = [number, number];

export interface SourceProvenanceRef {
  sourceId: string;
  nativeId: string | null;
  verification: Verification;
  lastVerified?: string;
}

export interface SourceBuilding {
  code: string;
  codeSource: 'official' | 'derived';
  sourceSlug: string;
  name: string;
  aliases: string[];
  category: Category;
  point: LonLat | null;
  pointKind: 'footprint-vertex' | 'approach' | 'entrance' | 'official-map' | null;
  pointVerification?: Verification;
  hostBuilding?: { code: string; sourceId: string };
  addresses?: { address: string; sourceId: string }[];
  provenance: SourceProvenanceRef[];
}

export interface SourceEntrance {
  id: string;
  building: string;
  kind: 'entrance' | 'approach';
  point: LonLat;
  access: 'public' | 'restricted' | 'unknown';
  stepFree: 'accessible' | 'not_accessible' | 'unknown';
  verification: Verification;
  osm: string | null;
  graphNode: string | null;
  provenance: { sourceId: string; nativeId: string | null }[];
}

export interface SourceHours {
  openingHours: string;
  sourceId: string;
  sourceUrl?: string;
  observedAt: string;
  verification: Verification;
  expiresAt?: string;
  validForDays?: number;
}

export interface SourcePlace {
  id: string;
  name: string;
  kind: 'dining' | 'study' | 'library' | 'service' | 'recreation' | 'amenity' | 'facility';
  building: string;
  amenities: string[];
  origin: 'listed' | 'building-name';
  hours: SourceHours | null;
  provenance: SourceProvenanceRef[];
}

export interface SourceCampusFile {
  campus: string;
  sources: SourceRecord[];
  buildings: SourceBuilding[];
  entrances: SourceEntrance[];
  places: SourcePlace[];
}

export interface Registry {
  defaultUniversity: string;
  defaultCampus: string;
  universities: RegistryUniversity[];
  campuses: RegistryCampus[];
}

export interface GraphEdgeRow {
  id: string;
  from: string;
  to: string;
  meters: number;
  environment: 'outdoor' | 'indoor';
  stairs: 'true' | 'false' | 'unknown';
  bidirectional: 'true' | 'false';
  accessibility: 'accessible' | 'not_accessible' | 'unknown';
  verification: Verification;
  osm: string;
}

export interface GraphNodeRow {
  id: string;
  lon: number;
  lat: number;
  osm: string;
}

export interface GraphMeta {
  campus: string;
  sourceId: string;
  license: string;
  retrievedAt: string | null;
  direction: 'per-edge' | 'assumed-bidirectional';
}

/** A parsed TSV file: one object per data row, with its 1-based line number in the file. */
export interface TsvTable {
  file: string;
  rows: Record<string, unknown>[];
  lines: number[];
}

/** Everything read from a sources directory, before validation (values are untrusted). */
export interface RawSources {
  registry: { file: string; data: unknown };
  campuses: { file: string; name: string; data: unknown }[];
  graphs: {
    dir: string;
    name: string;
    meta: { file: string; data: unknown } | null;
    edges: TsvTable | null;
    nodes: TsvTable | null;
  }[];
  schemas: { file: string; data: unknown }[];
  licenseText: string;
  /** Every file under the sources directory (relative posix path, bytes), sorted by path. */
  files: { path: string; content: Buffer }[];
}

/** Sources after validation: typed and consistent. */
export interface CampusGraphSource {
  campus: string;
  meta: GraphMeta;
  edges: GraphEdgeRow[];
  nodes: GraphNodeRow[] | null;
}

export interface ValidSources {
  registry: Registry;
  /** Campus files in registry order. */
  campuses: SourceCampusFile[];
  /** Walking graphs keyed by campus id. */
  graphs: Map<string, CampusGraphSource>;
  licenseText: string;
}
