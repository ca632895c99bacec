export { CampusClient, type ClientOptions } from './client.js';
export { CampusError, CampusApiError, CampusNetworkError, CampusTimeoutError } from './errors.js';
export { DEFAULT_MAX_RETRY_DELAY_MS, DEFAULT_RETRY_BASE_MS, RETRY_STATUSES, parseRetryAfter } from './retry.js';
export { OPERATIONS } from './operations.js';
export { SDK_VERSION } from './version.js';
export type * from './types.js';
