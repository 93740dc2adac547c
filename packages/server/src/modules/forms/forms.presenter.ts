import type { Form, PublicForm } from '@tessera/shared';
import type { FormRow } from './forms.store.ts';

/** A form as its project's members see it. */
export function presentForm(row: FormRow, responseCount: number): Form {
  return {
    _id: row.id,
    projectId: row.projectId,
    name: row.name,
    description: row.description,
    published: row.published,
    closed: row.closed,
    elements: row.elements,
    dataset: row.datasetId ? { _id: row.datasetId } : null,
    responseCount,
    user: { id: row.userId },
    timeCreated: row.timeCreated.toISOString(),
    lastUpdated: row.lastUpdated.toISOString(),
  };
}

/** What anyone with the link reads: the form's own texts and elements, nothing else of the project. */
export function presentPublicForm(row: FormRow): PublicForm {
  return { _id: row.id, name: row.name, description: row.description, closed: row.closed, elements: row.elements };
}
