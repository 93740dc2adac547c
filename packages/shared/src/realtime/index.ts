export * from './events.ts';
export * from './namespace.ts';
