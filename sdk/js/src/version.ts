/** This SDK's version (independent of the API version and the data version); equals package.json "version". */
export const SDK_VERSION = '0.1.0';
