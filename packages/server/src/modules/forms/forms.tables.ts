import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { projects, users } from '../../platform/tenancy.tables.ts';
import { datasets } from '../datasets/datasets.tables.ts';

/* Forms and their anonymous responses. */

/**
 * Forms: the elements, in order, live in the form (a reorder is one write). Once published, a
 * form has its Form Responses dataset (`datasetId`; null when that dataset was deleted).
 */
export const forms = pgTable(
  'forms',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    published: boolean('published').notNull().default(false),
    closed: boolean('closed').notNull().default(false),
    elements: jsonb('elements').$type<import('@tessera/shared').FormElement[]>().notNull().default(sql`'[]'::jsonb`),
    datasetId: text('dataset_id').references(() => datasets.id, { onDelete: 'set null' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    timeCreated: createdAt(),
    lastUpdated: timestamp('last_updated', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('forms_project_idx').on(t.projectId)],
);

/**
 * Anonymous responses, stored (committed) before the submitter hears 201. They belong to the Form Responses
 * dataset (deleting the dataset deletes them; deleting the form keeps them), whose segment is rebuilt from them
 * (modules/forms/responses.flush.ts).
 */
export const formResponses = pgTable(
  'form_responses',
  {
    id: text('id').primaryKey(),
    datasetId: text('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    formId: text('form_id').notNull(),
    answers: jsonb('answers').$type<Record<string, string | number | boolean | string[] | null>>().notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('form_responses_dataset_idx').on(t.datasetId, t.submittedAt)],
);
