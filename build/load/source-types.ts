/**
 * Types of the committed source files under `sources/`. The shapes of the campus files and graph rows
 * are generated from sources/schemas/*.json (build/load/schema-types/, `npm run sources:types`) and only
 * named here; the rest are the build's own in-memory forms. The artifact/API types live in
 * runtime/domain/types.ts and runtime/contract/.
 */
import type { RegistryCampus, RegistryUniversity } from '../../runtime/domain/types.ts';
import type { Building, CampusFile, Entrance, Hours, LonLat, Place, Provenance } from './schema-types/campus.ts';
import type { Edge, Meta, Node } from './schema-types/graph.ts';
import type { FootprintFile, Outline } from './schema-types/footprint.ts';

export type { RegistryCampus, RegistryUniversity, LonLat };

export type SourceCampusFile = CampusFile;
export type SourceBuilding = Building;
export type SourceEntrance = Entrance;
export type SourcePlace = Place;
export type SourceHours = Hours;
export type SourceProvenanceRef = Provenance;
export type GraphEdgeRow = Edge;
export type GraphNodeRow = Node;
export type GraphMeta = Meta;
export type SourceFootprints = FootprintFile;
export type SourceOutline = Outline;

export interface Registry {
  defaultUniversity: string;
  defaultCampus: string;
  universities: RegistryUniversity[];
  campuses: RegistryCampus[];
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
  /** footprints/<campus>.geojson files (building outlines), by campus id. */
  footprints: { file: string; name: string; data: unknown }[];
  schemas: { file: string; data: unknown }[];
  licenseText: string;
  /** The campus files read (campuses/, graphs/, footprints/; relative posix path, bytes), sorted by path: every campus's, or those of the campuses loaded. */
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
  /** Campus files in registry order (those validated: all, or a scope's). */
  campuses: SourceCampusFile[];
  /** Walking graphs keyed by campus id. */
  graphs: Map<string, CampusGraphSource>;
  /** Building outlines keyed by campus id (campuses without a footprints file have none). */
  footprints: Map<string, SourceOutline[]>;
  licenseText: string;
  /** The campus files validated, as read (for each campus's input key). */
  files: RawSources['files'];
}
