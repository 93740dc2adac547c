import type { AlertCondition } from '@tessera/shared';
import { boolean, doublePrecision, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { projects, users } from '../../platform/tenancy.tables.ts';
import { units } from '../dashboards/dashboards.tables.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Threshold alerts on a card's value (docs/data-apps.md "Alerts"). `active` is whether the condition held at the
 * last check and `lastValue` the value then: a check fires only on a change of `active` from false to true, under a
 * row lock, so two workers checking at once fire once. The alert goes with its card, its project or its user.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    unitId: text('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    dashboardId: text('dashboard_id').notNull(),
    tabId: text('tab_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    valueId: text('value_id').notNull(),
    condition: text('condition').$type<AlertCondition>().notNull(),
    threshold: doublePrecision('threshold').notNull(),
    /** The recipient's language for the mail, as their requests asked when they set or last changed it. */
    language: text('language').notNull().default('en'),
    active: boolean('active').notNull().default(false),
    lastValue: doublePrecision('last_value'),
    lastCheckedAt: at('last_checked_at'),
    lastFiredAt: at('last_fired_at'),
    timeCreated: at('time_created').notNull().defaultNow(),
  },
  (t) => [index('alerts_project_user_idx').on(t.projectId, t.userId), index('alerts_unit_idx').on(t.unitId)],
);

/** One row per time an alert's condition turned true. */
export const alertFirings = pgTable(
  'alert_firings',
  {
    id: text('id').primaryKey(),
    alertId: text('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    value: doublePrecision('value').notNull(),
    previousValue: doublePrecision('previous_value'),
    firedAt: at('fired_at').notNull().defaultNow(),
  },
  (t) => [index('alert_firings_alert_idx').on(t.alertId, t.firedAt)],
);
