export * from './constants.ts';
export * from './proposal.ts';
