export * from './constants.ts';
export * from './dateFormats.ts';
export * from './entities.ts';
export * from './jobs.ts';
export * from './query.ts';
export * from './types.ts';
export * from './upload.ts';
