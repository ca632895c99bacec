/** Great-circle geometry on the mean Earth sphere. */
import type { LonLat } from '../load/source-types.ts';

export const EARTH_RADIUS_M = 6371008.8;
const RAD = Math.PI / 180;

/** Haversine distance in metres between two [lon, lat] points. */
export function haversineMeters(a: LonLat, b: LonLat): number {
  const dLat = (b[1] - a[1]) * RAD;
  const dLon = (b[0] - a[0]) * RAD;
  const s = Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * RAD) * Math.cos(b[1] * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(s)));
}

/** Bounds [[minLon, minLat], [maxLon, maxLat]] grown by `meters` on every side. */
export function expandBounds(bounds: [LonLat, LonLat], meters: number): [LonLat, LonLat] {
  const [[minLon, minLat], [maxLon, maxLat]] = bounds;
  const dLat = meters / EARTH_RADIUS_M / RAD;
  const maxAbsLat = Math.min(89, Math.max(Math.abs(minLat), Math.abs(maxLat)) + dLat);
  const dLon = dLat / Math.cos(maxAbsLat * RAD);
  return [
    [minLon - dLon, minLat - dLat],
    [maxLon + dLon, maxLat + dLat],
  ];
}

export function insideBounds(p: LonLat, bounds: [LonLat, LonLat]): boolean {
  return p[0] >= bounds[0][0] && p[0] <= bounds[1][0] && p[1] >= bounds[0][1] && p[1] <= bounds[1][1];
}

/** Rounds a coordinate to 7 decimals (≈ 1 cm). */
export function round7(x: number): number {
  return Math.round(x * 1e7) / 1e7;
}

/** Rounds metres to 0.1 m. */
export function roundTenth(x: number): number {
  return Math.round(x * 10) / 10;
}
