import type { FormElement } from '@tessera/shared';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobs } from '../../platform/jobs/jobs.tables.ts';
import { datasetJobs, insertDatasetJob } from '../datasets/index.ts';
import { formResponses, forms } from './forms.tables.ts';

/** SQL only: forms, their responses, and the one job row of a Form Responses dataset. */

export type FormRow = typeof forms.$inferSelect;
export type NewFormRow = typeof forms.$inferInsert;

export async function findForm(db: Db, id: string): Promise<FormRow | undefined> {
  const [row] = await db.select().from(forms).where(eq(forms.id, id));
  return row;
}

/** The project a form belongs to (the access rule's resolver). */
export async function findFormProject(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db.select({ projectId: forms.projectId }).from(forms).where(eq(forms.id, id));
  return row?.projectId;
}

export function listProjectForms(db: Db, projectId: string): Promise<FormRow[]> {
  return db.select().from(forms).where(eq(forms.projectId, projectId)).orderBy(asc(forms.timeCreated), asc(forms.id));
}

export async function insertForm(db: Db, row: NewFormRow): Promise<FormRow> {
  const [inserted] = await db.insert(forms).values(row).returning();
  return inserted;
}

export async function updateFormRow(
  db: Db,
  id: string,
  change: Partial<Pick<FormRow, 'name' | 'description' | 'closed' | 'published' | 'elements' | 'datasetId'>>,
): Promise<FormRow | undefined> {
  const [row] = await db
    .update(forms)
    .set({ ...change, lastUpdated: sql`now()` })
    .where(eq(forms.id, id))
    .returning();
  return row;
}

/**
 * Changes a draft's elements only while it is still a draft (the condition is in the statement, so a publish
 * between the read and the write cannot be overwritten); answers undefined when the form is published or gone.
 */
export async function updateDraftElements(db: Db, id: string, elements: FormElement[]): Promise<FormRow | undefined> {
  const [row] = await db
    .update(forms)
    .set({ elements, lastUpdated: sql`now()` })
    .where(and(eq(forms.id, id), eq(forms.published, false)))
    .returning();
  return row;
}

export async function deleteFormRow(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(forms).where(eq(forms.id, id)).returning({ id: forms.id });
  return rows.length > 0;
}

/** Responses per form, for the forms listed. */
export async function responseCounts(db: Db, formIds: string[]): Promise<Map<string, number>> {
  const map = new Map<string, number>(formIds.map((id) => [id, 0]));
  if (!formIds.length) return map;
  const rows = await db
    .select({ formId: formResponses.formId, n: count() })
    .from(formResponses)
    .where(inArray(formResponses.formId, formIds))
    .groupBy(formResponses.formId);
  for (const r of rows) map.set(r.formId, Number(r.n));
  return map;
}

export async function insertResponse(db: Db, row: typeof formResponses.$inferInsert): Promise<void> {
  await db.insert(formResponses).values(row);
}

/** Every response of a Form Responses dataset, in the order they arrived. */
export function datasetResponses(db: Db, datasetId: string) {
  return db
    .select({ answers: formResponses.answers, submittedAt: formResponses.submittedAt })
    .from(formResponses)
    .where(eq(formResponses.datasetId, datasetId))
    .orderBy(asc(formResponses.submittedAt), asc(formResponses.id));
}

/** Form Responses datasets whose segment holds fewer rows than they have responses (a flush missed by a crash). */
export async function staleResponseDatasets(db: Db): Promise<string[]> {
  const rows = await db
    .select({ datasetId: formResponses.datasetId })
    .from(formResponses)
    .leftJoin(datasetJobs, and(eq(datasetJobs.datasetId, formResponses.datasetId), eq(datasetJobs.kind, 'output')))
    .groupBy(formResponses.datasetId, datasetJobs.rowCount, datasetJobs.state)
    .having(sql`${datasetJobs.state} is distinct from 'imported' or count(*) <> coalesce(${datasetJobs.rowCount}, -1)`);
  return rows.map((r) => r.datasetId);
}

/** The dataset job of a Form Responses dataset (it has exactly one). */
export async function responsesJob(db: Db, datasetId: string) {
  const [row] = await db
    .select()
    .from(datasetJobs)
    .where(and(eq(datasetJobs.datasetId, datasetId), eq(datasetJobs.kind, 'output')));
  return row;
}

/** The file name a Form Responses dataset's job shows. */
export const RESPONSES_FILE_NAME = 'responses';

/** The job row and dataset job of a new Form Responses dataset (never queued: it records the segment). */
export async function insertResponsesJob(
  db: Db,
  input: { jobId: string; projectId: string; datasetId: string; userId: string; name: string },
): Promise<void> {
  await db.insert(jobs).values({
    id: input.jobId,
    projectId: input.projectId,
    name: input.name,
    type: 'formResponses',
    status: 'completed',
    ownerType: 'dataset',
    ownerId: input.datasetId,
    userId: input.userId,
  });
  await insertDatasetJob(db, {
    jobId: input.jobId,
    datasetId: input.datasetId,
    kind: 'output',
    fileName: RESPONSES_FILE_NAME,
    state: 'pending',
    rowCount: 0,
  });
}

/** Transfer Assets: moves the forms of `fromProjectId` among `ids`; answers the moved rows. */
export async function moveForms(db: Db, ids: string[], fromProjectId: string, toProjectId: string) {
  if (!ids.length) return [];
  return db
    .update(forms)
    .set({ projectId: toProjectId, lastUpdated: sql`now()` })
    .where(and(inArray(forms.id, ids), eq(forms.projectId, fromProjectId)))
    .returning({ id: forms.id, datasetId: forms.datasetId });
}
