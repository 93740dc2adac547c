export * from './accounts.ts';
export * from './can.ts';
export * from './projects.ts';
export * from './models.ts';
