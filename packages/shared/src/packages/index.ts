export * from './constants.ts';
export * from './entities.ts';
export * from './requirements.ts';
