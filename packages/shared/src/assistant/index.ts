export * from './constants.ts';
export * from './messages.ts';
export * from './proposal.ts';
