import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

/** Small key/value facts about this installation (e.g. when the root user was created). */
export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  version: integer('version').notNull().default(1),
});
