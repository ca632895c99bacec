/** Flat response shapes of the deprecated /api/campus-* aliases (SPEC §4.6, BEHAVIOUR §4). */
import { arrayOf, CODE_PATTERN, record, ref, str, type Schema } from './common.ts';

const service = { const: 'service-public-campus' };

export const LEGACY_COMPONENTS: Record<string, Schema> = {
  LegacyBuildings: record({ service, buildings: arrayOf(ref('Building')) }),
  LegacyBuilding: record({ service, building: ref('Building') }),
  LegacyRoute: record({ service, route: ref('Route') }),
  LegacyGapPlan: record({ service, gapPlan: ref('GapPlan') }),
  LegacyPlaces: record({ service, dataVersion: str(), generatedAt: str({ format: 'date-time' }), places: arrayOf(ref('Place')) }),
  LegacyPlace: record({ service, dataVersion: str(), place: ref('Place') }),
  LegacyError: record(
    { service, error: str({ description: 'Error code (same codes as the v1 API).' }), message: str(), candidates: arrayOf(str({ pattern: CODE_PATTERN })) },
    ['candidates'],
  ),
};
