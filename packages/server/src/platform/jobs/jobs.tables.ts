import { JOB_OWNER_TYPES, JOB_STATUSES, JOB_TYPES, type ServerErrorCode } from '@tessera/shared';
import { sql } from 'drizzle-orm';
import { doublePrecision, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { projects, users } from '../tenancy.tables.ts';

/**
 * Long work: one row per job, the product's view of it. The queue
 * itself is pg-boss (schema `pgboss`), whose job id is derived from this id (platform/jobs/bossIds.ts).
 * `message` is the English text of what the job says; `messageCode` and `messageParams` say it by code when it is ours.
 * `worker` and `heartbeatAt` say which server process holds an unfinished job and when it last said so: a job
 * whose process is gone is failed at start-up or by the periodic sweep (platform/jobs/recovery.ts).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: JOB_TYPES }).notNull(),
    status: text('status', { enum: JOB_STATUSES }).notNull(),
    ownerType: text('owner_type', { enum: JOB_OWNER_TYPES }).notNull(),
    ownerId: text('owner_id').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    progress: doublePrecision('progress'),
    message: text('message'),
    // The message's code of the shared list (SERVER_ERRORS) and the values of its `{name}` parts, when it is one of
    // ours: the web translates by them (docs/architecture.md "Errors"). Null for text no code of ours wrote (a
    // Python traceback, pip's output, a progress note) and for rows stored before these columns.
    messageCode: text('message_code').$type<ServerErrorCode>(),
    messageParams: jsonb('message_params').$type<Record<string, string | number>>(),
    worker: text('worker'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }),
    timeCreated: createdAt(),
    lastUpdated: timestamp('last_updated', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_project_idx').on(t.projectId, t.timeCreated),
    index('jobs_owner_idx').on(t.ownerType, t.ownerId, t.timeCreated),
    // The restart sweep reads the unfinished jobs only.
    index('jobs_unfinished_idx').on(t.status).where(sql`${t.status} in ('queued', 'continue', 'active')`),
  ],
);
