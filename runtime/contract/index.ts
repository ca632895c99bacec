/** The artifact contract between build/ (writer) and runtime/ (reader): see format.ts. */
export * from './format.ts';
export * from './artifacts.ts';
export * from './matrix.ts';
export * from './paths.ts';
export * from './candidates.ts';
export * from './manifest.ts';
