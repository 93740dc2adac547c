export * from './colors.ts';
export * from './constants.ts';
export * from './entities.ts';
export * from './layout.ts';
export * from './vis.ts';
