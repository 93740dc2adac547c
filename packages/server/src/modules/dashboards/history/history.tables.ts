import type { AppState, ChangeKind, StateOp } from '@tessera/shared';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../../platform/tenancy.tables.ts';
import { dashboards } from '../dashboards.tables.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A data app's history (docs/data-apps.md "History"): one version per saved change, or per run of one person's
 * changes of one kind on one object within a short while. A version keeps what its summary says (kind, object,
 * names at the time); what changed is in its steps. `snapshot`, on the first version and every 100th, is the
 * whole app as it was just before that version: the start from which a version's app is rebuilt.
 */
export const dashboardVersions = pgTable(
  'dashboard_versions',
  {
    id: text('id').primaryKey(),
    dashboardId: text('dashboard_id')
      .notNull()
      .references(() => dashboards.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<ChangeKind>().notNull(),
    /** The object the summary names ('' for the app itself), its name then, and the summary's other words. */
    targetId: text('target_id').notNull().default(''),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    snapshot: jsonb('snapshot').$type<AppState>(),
    timeCreated: at('time_created').notNull().defaultNow(),
    /** The last change folded into it: a later one of the same kind is folded in while this is recent. */
    timeUpdated: at('time_updated').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('dashboard_versions_number_idx').on(t.dashboardId, t.number),
    index('dashboard_versions_time_idx').on(t.timeUpdated),
  ],
);

/**
 * One saved change (a step): the ops it made, in order. An editor's session undoes and redoes its own steps
 * (`session`, `undone`); an undo or a redo is itself a step (`reverts` names the step it undid or redid).
 */
export const dashboardSteps = pgTable(
  'dashboard_steps',
  {
    id: text('id').primaryKey(),
    dashboardId: text('dashboard_id')
      .notNull()
      .references(() => dashboards.id, { onDelete: 'cascade' }),
    versionId: text('version_id')
      .notNull()
      .references(() => dashboardVersions.id, { onDelete: 'cascade' }),
    /** The step's place in the app's history: steps are applied in this order. */
    seq: integer('seq').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    session: text('session'),
    role: text('role', { enum: ['edit', 'undo', 'redo'] }).notNull(),
    reverts: text('reverts'),
    undone: integer('undone').notNull().default(0),
    ops: jsonb('ops').$type<StateOp[]>().notNull(),
    timeCreated: at('time_created').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('dashboard_steps_seq_idx').on(t.dashboardId, t.seq),
    index('dashboard_steps_version_idx').on(t.versionId),
    index('dashboard_steps_session_idx').on(t.dashboardId, t.session, t.seq),
  ],
);
