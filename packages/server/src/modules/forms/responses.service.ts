import {
  type Answers,
  checkResponse,
  FORM_LIMITS,
  FORM_RATE_LIMIT,
  type FormElement,
  type PublicForm,
  type StoredAnswer,
} from '@tessera/shared';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, HttpError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { presentPublicForm } from './forms.presenter.ts';
import { findForm, insertResponse } from './forms.store.ts';
import type { ResponsesFlusher } from './responses.flush.ts';
import { elementColumn } from './responsesDataset.ts';

/**
 * The public side of forms (no login): the published form's own texts and elements, and anonymous responses,
 * checked against the published elements only, bounded, rate-limited, and stored before the answer.
 */
export class ResponsesService {
  constructor(
    private readonly deps: Pick<AppContext, 'db' | 'counters'>,
    private readonly flusher: ResponsesFlusher,
    private readonly limits: { perAddress: number; perForm: number } = FORM_RATE_LIMIT,
  ) {}

  /** A published form (open or closed); a draft or an unknown id is 404. */
  async publicForm(id: string): Promise<PublicForm> {
    const row = await findForm(this.deps.db, id);
    if (!row?.published) throw notFound('form.notFound');
    return presentPublicForm(row);
  }

  async submit(formId: string, address: string, answers: Answers): Promise<{ _id: string }> {
    // Counted in Redis when the processes share one (REDIS_URL), else in this process (platform/counters.ts).
    // An address's every request counts against it; the form counts only the answers it stores, so that what one
    // address is refused, or any refused answer, never closes the form for others (docs/security.md).
    const { counters } = this.deps;
    const hit = (key: string, limit: number) => counters.hit(key, limit, FORM_RATE_LIMIT.windowMs);
    if (!(await hit(`form-address:${address}`, this.limits.perAddress))) throw rateLimited();
    const { db } = this.deps;
    const form = await findForm(db, formId);
    if (!form?.published) throw notFound('form.notFound');
    if (form.closed || !form.datasetId) throw new HttpError('conflict', 'form.closed');
    if (JSON.stringify(answers).length > FORM_LIMITS.responseChars) throw new HttpError('too-large', 'form.tooLarge');
    const { fields, values } = checkResponse(form.elements, answers);
    const first = Object.values(fields)[0];
    if (first) throw badRequest(first, fields);
    if (!(await hit(`form:${formId}`, this.limits.perForm))) throw rateLimited();
    const id = newId();
    // Committed before the 201: the response is durable once the submitter hears it was recorded.
    await insertResponse(db, { id, datasetId: form.datasetId, formId, answers: toCells(form.elements, values) });
    this.flusher.request(form.datasetId);
    return { _id: id };
  }
}

const rateLimited = () => new HttpError('rate-limited', 'form.rateLimited');

/**
 * The response as a row of its dataset: a column per question; option lists as text, yes/no as a boolean (the
 * flush writes it as text into the text column of a form published before: responsesDataset.ts).
 */
function toCells(elements: FormElement[], values: Record<string, StoredAnswer>) {
  const cells: Record<string, string | number | boolean | null> = {};
  for (const element of elements) {
    if (!(element._id in values)) continue;
    const value = values[element._id];
    const column = elementColumn(element._id);
    if (Array.isArray(value)) cells[column] = value.length ? value.join(', ') : null;
    else cells[column] = value;
  }
  return cells;
}
