/** Data versions held for download (GET /v1/datasets). */
import { arrayOf, record, ref, str } from './common.ts';

export const DATA_VERSION_PATTERN_TEXT = '^\\d{4}-\\d{2}-\\d{2}\\.[0-9a-f]{8}$';
export const FILE_NAME_PATTERN_TEXT = '^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$';

export const DatasetFile = record({
  name: str({ pattern: FILE_NAME_PATTERN_TEXT, description: 'The {file} of its download URL: the path with "/" replaced by "." (one URL segment).' }),
  path: str({ description: 'Path inside the version (and inside the release tarball), as manifest.json lists it.' }),
  bytes: { type: 'integer', minimum: 0 },
  sha256: str({ pattern: '^[0-9a-f]{64}$', description: 'Hex sha256 of the exact bytes; the download\'s strong ETag is this value in quotes.' }),
  url: str({ description: 'Download path: /v1/datasets/{dataVersion}/{name}.' }),
});

export const Dataset = record({
  dataVersion: str({ pattern: DATA_VERSION_PATTERN_TEXT }),
  generatedAt: str({ format: 'date-time' }),
  inService: { type: 'boolean', description: 'The version the API answers from (meta.dataVersion).' },
  files: arrayOf(ref('DatasetFile'), { description: 'Every artifact file of the version and its manifest.json, by path.' }),
});
