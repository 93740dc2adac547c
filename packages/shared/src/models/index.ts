export * from './constants.ts';
export * from './entities.ts';
export * from './failure.ts';
export * from './inputs.ts';
export * from './merge.ts';
export * from './outputMatch.ts';
