/**
 * GeoJSON validity as strict tools see it, for the tests: the structure (RFC 7946, @placemarkio/check-geojson),
 * every geometry valid under JTS's IsValidOp (jsts: the algorithm GEOS ports, i.e. what GDAL's
 * `ST_IsValid` answers: no zero-length line, closed simple rings, holes inside, parts that do not
 * overlap), and, stricter than both, no position repeating the one before it in a line or ring.
 */
import { getIssues } from '@placemarkio/check-geojson';
import GeometryFactory from 'jsts/org/locationtech/jts/geom/GeometryFactory.js';
import GeoJSONReader from 'jsts/org/locationtech/jts/io/GeoJSONReader.js';
import IsValidOp from 'jsts/org/locationtech/jts/operation/valid/IsValidOp.js';

type Position = number[];
interface Geometry {
  type: string;
  coordinates?: unknown;
  geometries?: Geometry[];
}

const reader = new GeoJSONReader(new GeometryFactory());

/** Lines and rings of a geometry, as position lists. */
function sequences(g: Geometry): Position[][] {
  const c = g.coordinates as never;
  switch (g.type) {
    case 'LineString':
      return [c];
    case 'MultiLineString':
    case 'Polygon':
      return c;
    case 'MultiPolygon':
      return (c as Position[][][]).flat();
    case 'GeometryCollection':
      return (g.geometries ?? []).flatMap(sequences);
    default:
      return [];
  }
}

/** Why one geometry is not valid under the strict checks, or null. */
export function geometryProblem(g: Geometry): string | null {
  for (const seq of sequences(g)) {
    for (let k = 1; k < seq.length; k++) {
      if (seq[k][0] === seq[k - 1][0] && seq[k][1] === seq[k - 1][1]) return `${g.type}: position ${k} repeats the one before it`;
    }
  }
  const op = new IsValidOp(reader.read(g));
  return op.isValid() ? null : `${g.type}: ${op.getValidationError()}`;
}

/** Every problem of a GeoJSON text (a FeatureCollection, a Feature or a geometry), at most `limit`. */
export function strictGeoJsonProblems(text: string, limit = 20): string[] {
  const problems = getIssues(text).map((i) => `structure: ${i.message}`);
  const doc = JSON.parse(text);
  const features: { geometry: Geometry | null; properties?: Record<string, unknown> }[] =
    doc.type === 'FeatureCollection' ? doc.features : doc.type === 'Feature' ? [doc] : [{ geometry: doc }];
  for (const [i, f] of features.entries()) {
    if (problems.length >= limit) break;
    if (f.geometry === null) continue;
    const problem = geometryProblem(f.geometry);
    if (problem) problems.push(`feature ${i} (${JSON.stringify(f.properties ?? {}).slice(0, 80)}): ${problem}`);
  }
  return problems;
}
