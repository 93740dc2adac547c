import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';

/** Errors caught by the web app's error boundary (POST /api/v1/errors/ui). */
export const uiErrors = pgTable(
  'ui_errors',
  {
    id: text('id').primaryKey(),
    stack: text('stack').notNull(),
    path: text('path'),
    userId: text('user_id'),
    ip: text('ip').notNull(),
    timeCreated: createdAt(),
  },
  (t) => [index('ui_errors_ip_idx').on(t.ip, t.timeCreated)],
);
