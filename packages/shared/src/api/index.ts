/** Every endpoint contract, by domain. The server registers each one; the web client calls them. */
export * from './auth.ts';
export * from './health.ts';
export * from './organizations.ts';
export * from './users.ts';
export * from './projects.ts';
export * from './permissions.ts';
