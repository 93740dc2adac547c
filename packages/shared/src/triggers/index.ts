export * from './constants.ts';
export * from './defaults.ts';
export * from './entities.ts';
export * from './occurrences.ts';
export type * from './pattern.ts';
