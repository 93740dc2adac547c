export * from './constants.ts';
export * from './entities.ts';
