/*
 * The metadata schema as one object, for the db client (client.ts) and drizzle-kit (drizzle.config.ts): every
 * owner's tables gathered, none declared here. A table is declared by the module or platform part that writes it,
 * in its `*.tables.ts` (docs/architecture.md "Tables").
 */
export * from '../modules/alerts/alerts.tables.ts';
export * from '../modules/auth/auth.tables.ts';
export * from '../modules/collections/collections.tables.ts';
export * from '../modules/dashboards/dashboards.tables.ts';
export * from '../modules/dashboards/history/history.tables.ts';
export * from '../modules/datasets/datasets.tables.ts';
export * from '../modules/errors/errors.tables.ts';
export * from '../modules/forms/forms.tables.ts';
export * from '../modules/models/models.tables.ts';
export * from '../modules/packages/packages.tables.ts';
export * from '../modules/sso/sso.tables.ts';
export * from '../modules/subscriptions/subscriptions.tables.ts';
export * from '../modules/triggers/triggers.tables.ts';
export * from '../platform/jobs/jobs.tables.ts';
export * from '../platform/rateLimit.tables.ts';
export * from '../platform/tenancy.tables.ts';
export * from './meta.tables.ts';
