import { binaryLabels, type FormElement, questionFeatureType } from '@tessera/shared';
import type { Db } from '../../db/client.ts';
import { newId } from '../../platform/ids.ts';
import { insertDataset, insertFeatures } from '../datasets/index.ts';
import { type FormRow, insertResponsesJob } from './forms.store.ts';

/** The column of the submission time in every Form Responses dataset. */
export const SUBMITTED_COLUMN = 'submitted_at';

/** The column of an element in its Form Responses dataset (element ids are hex, so they need a letter first). */
export const elementColumn = (elementId: string): string => `e_${elementId}`;

/** The stored (DuckDB) type of each question type's column: numbers, dates, times, yes/no as booleans, else text. */
const PHYSICAL: Record<string, string> = { number: 'DOUBLE', date: 'DATE', time: 'TIME' };
const physicalTypeOf = (element: FormElement): string =>
  element.type === 'binary' ? 'BOOLEAN' : (PHYSICAL[questionFeatureType(element.type)!] ?? 'VARCHAR');

/** The label of the submission time column. */
export const SUBMITTED_LABEL = 'Submitted At';

/**
 * Creates the form's **Form Responses** dataset when it is published (inside the publish transaction): type
 * `formData`, `source.form.id`, one feature per question with its type (titles have none), plus the submission
 * time, and its one dataset job (the segment is written by the first flush).
 */
export async function createResponsesDataset(tx: Db, form: FormRow, userId: string): Promise<string> {
  const datasetId = newId();
  const questions = form.elements.filter((e) => questionFeatureType(e.type));
  const columns = [
    ...questions.map((e) => ({
      name: featureName(e),
      dbName: elementColumn(e._id),
      physicalType: physicalTypeOf(e),
      type: questionFeatureType(e.type)!,
    })),
    { name: SUBMITTED_LABEL, dbName: SUBMITTED_COLUMN, physicalType: 'TIMESTAMP', type: 'date' as const },
  ];
  await insertDataset(tx, {
    id: datasetId,
    projectId: form.projectId,
    name: form.name,
    description: form.description,
    type: 'formData',
    source: { form: { id: form.id } },
    columns: columns.map(({ name, dbName, physicalType }) => ({ name, dbName, physicalType })),
    imported: true,
    userId,
  });
  await insertFeatures(
    tx,
    columns.map((c, i) => ({
      id: newId(),
      datasetId,
      name: c.name,
      type: c.type,
      detectedType: c.type,
      precision: c.dbName === SUBMITTED_COLUMN ? 'second' : c.type === 'date' ? 'day' : null,
      listIndex: i,
      dbName: c.dbName,
      physicalType: c.physicalType,
      stats: { min: null, max: null, avg: null },
      preview: [],
    })),
  );
  await insertResponsesJob(tx, { jobId: newId(), projectId: form.projectId, datasetId, userId, name: form.name });
  return datasetId;
}

function featureName(element: FormElement): string {
  return element.config.question?.trim() || element.type;
}

/**
 * The yes/no questions whose column is text (forms published before yes/no answers became a BOOLEAN column), by
 * column, with the texts such a column has always held: the question's texts, else True and False. Their new
 * answers are written as those texts, so that the column keeps one kind of value (docs/product.md, Forms).
 */
export function yesNoTextColumns(
  elements: readonly FormElement[],
  columns: readonly { dbName: string; physicalType: string }[],
): Map<string, { true: string; false: string }> {
  const textColumns = new Set(columns.filter((c) => c.physicalType === 'VARCHAR').map((c) => c.dbName));
  const labels = new Map<string, { true: string; false: string }>();
  for (const element of elements) {
    const column = elementColumn(element._id);
    if (element.type === 'binary' && textColumns.has(column)) labels.set(column, binaryLabels(element.config));
  }
  return labels;
}
