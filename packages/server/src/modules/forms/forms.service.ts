import {
  type ElementConfig,
  type ElementType,
  elementConfigErrors,
  FORM_LIMITS,
  type Form,
  type FormElement,
  isPermutation,
} from '@tessera/shared';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { RealtimeGateway } from '../../platform/realtime.ts';
import { announceDatasetUpdated } from '../datasets/index.ts';
import { presentForm } from './forms.presenter.ts';
import {
  deleteFormRow,
  type FormRow,
  findForm,
  insertForm,
  listProjectForms,
  responseCounts,
  updateDraftElements,
  updateFormRow,
} from './forms.store.ts';
import type { ResponsesFlusher } from './responses.flush.ts';
import { createResponsesDataset } from './responsesDataset.ts';

const publishedError = () => conflict('form.published');

/**
 * Forms and their elements: a draft is edited (elements added, changed, reordered,
 * deleted); publishing makes it live and read-only and creates its Form Responses dataset; the Collecting
 * Responses switch (`closed`) opens and closes a published form.
 */
export class FormsService {
  private readonly db: Db;
  private readonly realtime: RealtimeGateway;
  constructor(
    deps: { db: Db; realtime: RealtimeGateway },
    private readonly flusher: ResponsesFlusher,
  ) {
    this.db = deps.db;
    this.realtime = deps.realtime;
  }

  async list(projectId: string): Promise<Form[]> {
    const rows = await listProjectForms(this.db, projectId);
    const counts = await responseCounts(
      this.db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => presentForm(r, counts.get(r.id) ?? 0));
  }

  async show(id: string): Promise<Form> {
    return this.present(await this.getRow(id));
  }

  async getRow(id: string): Promise<FormRow> {
    const row = await findForm(this.db, id);
    if (!row) throw notFound('form.notFound');
    return row;
  }

  async create(userId: string, input: { projectId: string; name: string; description?: string }) {
    const row = await insertForm(this.db, {
      id: newId(),
      projectId: input.projectId,
      name: input.name,
      description: input.description ?? '',
      userId,
    });
    this.announce(row);
    return { _id: row.id };
  }

  /** Name and description (any time), the Collecting Responses switch (published forms), the element order (drafts). */
  async update(
    id: string,
    change: { name?: string; description?: string; closed?: boolean; elements?: string[] },
  ): Promise<Form> {
    const current = await this.getRow(id);
    if (change.closed !== undefined && !current.published && change.closed) throw conflict('form.notPublished');
    let elements: FormElement[] | undefined;
    if (change.elements) {
      if (current.published) throw publishedError();
      const byId = new Map(current.elements.map((e) => [e._id, e]));
      if (!isPermutation([...byId.keys()], change.elements)) throw badRequest('form.order', { elements: 'form.order' });
      elements = change.elements.map((elementId) => byId.get(elementId)!);
    }
    const { elements: _order, ...rest } = change;
    const row = await this.db.transaction(async (tx) => {
      if (elements && !(await updateDraftElements(tx, id, elements))) throw publishedError();
      return updateFormRow(tx, id, rest);
    });
    if (!row) throw notFound('form.notFound');
    this.announce(row);
    return this.present(row);
  }

  async delete(id: string): Promise<void> {
    const row = await this.getRow(id);
    if (!(await deleteFormRow(this.db, id))) throw notFound('form.notFound');
    this.realtime.emit(row.projectId, 'form:deleted', { _id: id }, { area: 'form' });
  }

  /** A draft copy with the same elements (new ids), no responses and no dataset. */
  async duplicate(userId: string, id: string) {
    const source = await this.getRow(id);
    const row = await insertForm(this.db, {
      id: newId(),
      projectId: source.projectId,
      name: source.name,
      description: source.description,
      elements: source.elements.map((e) => ({ ...e, _id: newId() })),
      userId,
    });
    this.announce(row);
    return { _id: row.id };
  }

  async publish(userId: string, id: string): Promise<Form> {
    const row = await this.db.transaction(async (tx) => {
      const current = await findForm(tx, id);
      if (!current) throw notFound('form.notFound');
      if (current.published) throw publishedError();
      const invalid = current.elements.find((e) => Object.keys(elementConfigErrors(e.type, e.config)).length);
      if (invalid) throw badRequest('form.required', { [invalid._id]: 'form.required' });
      const datasetId = await createResponsesDataset(tx, current, userId);
      // The publish itself is conditional on the draft state, so two concurrent publishes create one dataset.
      const published = await updateFormRow(tx, id, { published: true, closed: false, datasetId });
      if (!published) throw notFound('form.notFound');
      return published;
    });
    // The first flush writes the empty segment, so the dataset reads (and charts) at once.
    await this.flusher.flushNow(row.datasetId!);
    announceDatasetUpdated(this.realtime, { id: row.datasetId!, projectId: row.projectId }, 'created');
    this.announce(row);
    return this.present(row);
  }

  async addElement(
    id: string,
    element: { type: ElementType; config: ElementConfig },
    position?: number,
  ): Promise<FormElement> {
    const current = await this.getRow(id);
    if (current.published) throw publishedError();
    if (current.elements.length >= FORM_LIMITS.elements) {
      throw badRequest(
        { code: 'form.tooManyElements', params: { count: FORM_LIMITS.elements } },
        { element: { code: 'form.tooManyElementsField', params: { count: FORM_LIMITS.elements } } },
      );
    }
    checkConfig(element.type, element.config);
    const created: FormElement = { _id: newId(), type: element.type, config: element.config };
    const elements = [...current.elements];
    elements.splice(Math.min(position ?? elements.length, elements.length), 0, created);
    await this.saveElements(current, elements);
    return created;
  }

  async updateElement(id: string, elementId: string, config: ElementConfig): Promise<FormElement> {
    const current = await this.getRow(id);
    if (current.published) throw publishedError();
    const index = current.elements.findIndex((e) => e._id === elementId);
    if (index < 0) throw notFound('form.elementNotFound');
    const element = { ...current.elements[index], config };
    checkConfig(element.type, config);
    await this.saveElements(
      current,
      current.elements.map((e, i) => (i === index ? element : e)),
    );
    return element;
  }

  async deleteElement(id: string, elementId: string): Promise<void> {
    const current = await this.getRow(id);
    if (current.published) throw publishedError();
    if (!current.elements.some((e) => e._id === elementId)) throw notFound('form.elementNotFound');
    await this.saveElements(
      current,
      current.elements.filter((e) => e._id !== elementId),
    );
  }

  private async saveElements(current: FormRow, elements: FormElement[]): Promise<void> {
    const row = await updateDraftElements(this.db, current.id, elements);
    if (!row) throw publishedError();
    this.announce(row);
  }

  private async present(row: FormRow): Promise<Form> {
    const counts = await responseCounts(this.db, [row.id]);
    return presentForm(row, counts.get(row.id) ?? 0);
  }

  private announce(row: FormRow): void {
    this.realtime.emit(row.projectId, 'form:updated', { _id: row.id }, { area: 'form' });
  }
}

/** An element's config must be complete for its type: else 400 with the field messages. */
function checkConfig(type: ElementType, config: ElementConfig): void {
  const errors = elementConfigErrors(type, config);
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
}
