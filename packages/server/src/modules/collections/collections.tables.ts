import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { projects, users } from '../../platform/tenancy.tables.ts';

/** Folders of datasets; a name is unique in its project, whatever its case. */
export const collections = pgTable(
  'collections',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    timeCreated: createdAt(),
  },
  (t) => [uniqueIndex('collections_project_name_unique').on(t.projectId, sql`lower(${t.name})`)],
);
