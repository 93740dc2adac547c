import type { Form, FormElement } from '@tessera/shared';
import type { DatasetsWorld } from '../datasets/datasets.fixtures.ts';
import { caller } from '../datasets/datasets.fixtures.ts';

/** One element of every type, as the builder sends them. */
export const EVERY_ELEMENT: Array<Pick<FormElement, 'type' | 'config'>> = [
  { type: 'title', config: { title: 'Staff survey', description: 'Five minutes' } },
  { type: 'shortText', config: { question: 'Name', required: true } },
  { type: 'longText', config: { question: 'Comments' } },
  { type: 'number', config: { question: 'Hours', allowDecimal: true } },
  { type: 'dropdown', config: { question: 'Team', options: 'Sales, Ops, IT', required: true } },
  { type: 'radio', config: { question: 'Site', options: 'North, South' } },
  { type: 'checkbox', config: { question: 'Tools', options: 'Excel, Tableau, Python' } },
  { type: 'ratingScale', config: { question: 'Mood', scale: '-5-5', scaleText: { left: 'Bad', right: 'Good' } } },
  { type: 'binary', config: { question: 'Remote', binaryText: { true: 'Yes', false: 'No' } } },
  { type: 'date', config: { question: 'Start date' } },
  { type: 'time', config: { question: 'Start time' } },
];

/** Creates a form with these elements, as the editor; answers it (published when asked). */
export async function makeForm(
  w: DatasetsWorld,
  name: string,
  options: {
    publish?: boolean;
    elements?: typeof EVERY_ELEMENT;
    projectId?: string;
    who?: DatasetsWorld['editor'];
  } = {},
): Promise<Form> {
  const edit = caller(w, options.who ?? w.editor);
  const created = await edit('POST', '/api/v1/forms', { projectId: options.projectId ?? w.projectId, name });
  if (created.statusCode !== 200) throw new Error(created.body);
  const id = created.json()._id as string;
  for (const element of options.elements ?? EVERY_ELEMENT) {
    const added = await edit('POST', `/api/v1/forms/${id}/elements`, { element });
    if (added.statusCode !== 200) throw new Error(added.body);
  }
  if (options.publish) {
    const published = await edit('POST', `/api/v1/forms/${id}/publish`);
    if (published.statusCode !== 200) throw new Error(published.body);
  }
  return (await edit('GET', `/api/v1/forms/${id}`)).json();
}

/** A valid answer to every question of EVERY_ELEMENT, by element id. */
export function fullAnswers(form: Form, name = 'Ann'): Record<string, unknown> {
  const values: Record<string, unknown> = {
    shortText: name,
    longText: 'All good',
    number: 7.5,
    dropdown: 'Ops',
    radio: 'South',
    checkbox: ['Python', 'Excel'],
    ratingScale: -2,
    binary: true,
    date: '2026-03-01',
    time: '08:30',
  };
  return Object.fromEntries(form.elements.filter((e) => e.type !== 'title').map((e) => [e._id, values[e.type]]));
}

/** Sends a response from an address, without login. */
export function submit(w: DatasetsWorld, formId: string, answers: object, address = '203.0.113.1') {
  return w.t.app.inject({
    method: 'POST',
    url: `/api/v1/public/forms/${formId}/responses`,
    payload: { answers },
    remoteAddress: address,
  });
}
