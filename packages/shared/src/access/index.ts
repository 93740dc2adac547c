export * from './accounts.ts';
export * from './can.ts';
export * from './models.ts';
export * from './projects.ts';
