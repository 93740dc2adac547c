/** Every endpoint contract, by domain. The server registers each one; the web client calls them. */
export * from './assistant.ts';
export * from './auth.ts';
export * from './collections.ts';
export * from './dashboards.ts';
export * from './datasets.ts';
export * from './features.ts';
export * from './filters.ts';
export * from './forms.ts';
export * from './health.ts';
export * from './models.ts';
export * from './organizations.ts';
export * from './packages.ts';
export * from './permissions.ts';
export * from './projects.ts';
export * from './tabs.ts';
export * from './units.ts';
export * from './users.ts';
