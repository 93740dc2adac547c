import { setTimeout as sleep } from 'node:timers/promises';
import { api, type ElementConfig, type ElementType, type Form } from '@tessera/shared';
import type { FastifyInstance } from 'fastify';
import { callApi } from './call.ts';
import type { DemoCard } from './demoContent.ts';

/** The demo's form (looked up by this name: a second start makes nothing again). */
export const DEMO_FORM = {
  name: 'Weather check-in',
  card: 'Weather check-ins by city',
} as const;

const ELEMENTS: Array<{ type: ElementType; config: ElementConfig }> = [
  { type: 'title', config: { title: 'How was the weather today?', description: 'One minute, anonymous.' } },
  { type: 'dropdown', config: { question: 'City', options: 'Seattle, Paris, Montréal', required: true } },
  { type: 'binary', config: { question: 'Did it rain?', required: true } },
  { type: 'ratingScale', config: { question: 'How pleasant was it?', scale: '1-5', required: true } },
  { type: 'longText', config: { question: 'Anything to add?' } },
];

/** Sample check-ins sent through the public page's route, as anonymous visitors would. */
const CHECK_INS: Array<{ city: string; rain: boolean; pleasant: number; note?: string }> = [
  { city: 'Seattle', rain: true, pleasant: 2, note: 'Drizzle all day.' },
  { city: 'Seattle', rain: true, pleasant: 3 },
  { city: 'Seattle', rain: false, pleasant: 5, note: 'The mountain was out.' },
  { city: 'Paris', rain: false, pleasant: 4 },
  { city: 'Paris', rain: true, pleasant: 2 },
  { city: 'Montréal', rain: false, pleasant: 5, note: 'Cold and bright.' },
  { city: 'Montréal', rain: false, pleasant: 4 },
];

const FLUSH_DEADLINE_MS = 30_000;

/**
 * The demo's published form: a city, a yes/no question, a rating and a comment, with a few check-ins sent through
 * the public route, and the card of the demo dashboard that charts them (the average rating by city). A form a
 * crash left unpublished or without all its check-ins is deleted (with its responses dataset) and made again.
 */
export async function demoForm(
  app: FastifyInstance,
  token: string,
  projectId: string,
  created: string[],
): Promise<{ form: Form; card: DemoCard }> {
  const existing = (await callApi(app, token, api.listForms, { query: { projectId } })).filter(
    (f) => f.name === DEMO_FORM.name,
  );
  let form = existing.find((f) => f.published && f.dataset && f.responseCount >= CHECK_INS.length);
  for (const unfinished of existing.filter((f) => f !== form)) {
    if (unfinished.dataset) await callApi(app, token, api.deleteDataset, { params: { id: unfinished.dataset._id } });
    await callApi(app, token, api.deleteForm, { params: { id: unfinished._id } });
  }
  if (!form) {
    form = await publishedForm(app, token, projectId);
    created.push('form');
  }
  const datasetId = form.dataset?._id;
  if (!datasetId) throw new Error('the demo form has no responses dataset');
  const dataset = await responsesDataset(app, token, datasetId);
  const ref = (name: string) => {
    const feature = dataset.features.find((f) => f.name === name);
    if (!feature) throw new Error(`the demo form's dataset has no column ${name}`);
    return { _id: feature._id, dataset: { _id: datasetId } };
  };
  const card = {
    name: DEMO_FORM.card,
    description: `Bar chart: the responses to the published form "${DEMO_FORM.name}" (Forms), the average rating per city. Answer it from its link: the card follows.`,
    type: 'chart',
    box: { x: 0, y: 20, w: 12, h: 4 },
    vis: {
      chartType: 'bar',
      independent: [{ series: [{ id: 'form-city', feature: ref('City'), operation: '' }] }],
      dependent: [{ series: [{ id: 'form-pleasant', feature: ref('How pleasant was it?'), operation: 'avg' }] }],
    },
  } as DemoCard;
  return { form, card };
}

/** Creates the form, adds its elements, publishes it and sends the check-ins. */
async function publishedForm(app: FastifyInstance, token: string, projectId: string): Promise<Form> {
  const { _id } = await callApi(app, token, api.createForm, {
    body: { projectId, name: DEMO_FORM.name, description: 'A published form of the demo: its answers feed a card.' },
  });
  for (const element of ELEMENTS) {
    await callApi(app, token, api.createFormElement, { params: { id: _id }, body: { element } });
  }
  const form = await callApi(app, token, api.publishForm, { params: { id: _id } });
  const question = (text: string) => {
    const element = form.elements.find((e) => e.config.question === text);
    if (!element) throw new Error(`the demo form has no question ${text}`);
    return element._id;
  };
  for (const c of CHECK_INS) {
    const answers = {
      [question('City')]: c.city,
      [question('Did it rain?')]: c.rain,
      [question('How pleasant was it?')]: c.pleasant,
      ...(c.note ? { [question('Anything to add?')]: c.note } : {}),
    };
    await callApi(app, token, api.submitFormResponse, { params: { id: _id }, body: { answers } });
  }
  return callApi(app, token, api.getForm, { params: { id: _id } });
}

/** The responses dataset once it holds every check-in (responses reach it a moment after they are stored). */
async function responsesDataset(app: FastifyInstance, token: string, datasetId: string) {
  const deadline = Date.now() + FLUSH_DEADLINE_MS;
  for (;;) {
    const dataset = await callApi(app, token, api.getDataset, { params: { id: datasetId } });
    if (dataset.imported && (dataset.rowCount ?? 0) >= CHECK_INS.length) return dataset;
    if (Date.now() > deadline) throw new Error('the demo form responses did not reach their dataset in 30 s');
    await sleep(100);
  }
}
