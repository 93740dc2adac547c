import { FORM_RATE_LIMIT, FORM_MESSAGES as M } from '@tessera/shared';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../../platform/tenancy.tables.ts';
import { caller, type DatasetsWorld, datasetsWorld } from '../datasets/datasets.fixtures.ts';
import { fullAnswers, makeForm, submit } from './forms.fixtures.ts';
import { formResponses } from './forms.tables.ts';
import { responsesFlusherOf } from './index.ts';

let w: DatasetsWorld;
beforeAll(async () => {
  w = await datasetsWorld();
});
afterAll(() => w?.t.close());

const publicForm = (id: string) => w.t.app.inject({ method: 'GET', url: `/api/v1/public/forms/${id}` });
const dataOf = async (datasetId: string) =>
  (await caller(w, w.viewer)('POST', `/api/v1/datasets/${datasetId}/data?limit=500`, {})).json();
const dataVersion = async () =>
  Number(
    (await w.t.database.db.select({ v: projects.dataVersion }).from(projects).where(eq(projects.id, w.projectId)))[0].v,
  );
let nextAddress = 1;
const address = () => `198.51.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

describe('the public form', () => {
  it('shows a published form (open or closed) without login: its texts and elements only; a draft is 404', async () => {
    const draft = await makeForm(w, 'Draft');
    expect((await publicForm(draft._id)).statusCode).toBe(404);
    expect((await publicForm('0123456789abcdef01234567')).statusCode).toBe(404);
    const form = await makeForm(w, 'Live', { publish: true });
    const res = await publicForm(form._id);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['_id', 'closed', 'description', 'elements', 'name']);
    expect(res.json().elements).toEqual(form.elements);
    await caller(w, w.editor)('PUT', `/api/v1/forms/${form._id}`, { closed: true });
    expect((await publicForm(form._id)).json().closed).toBe(true);
  });
});

describe('responses', () => {
  it('validates every answer by its element (400 with fields), refuses unknown fields, changes nothing', async () => {
    const form = await makeForm(w, 'Checks', { publish: true });
    const [, name, , hours, team, , tools, mood, remote, date, time] = form.elements;
    const bad = await submit(
      w,
      form._id,
      {
        [hours._id]: 'many',
        [tools._id]: ['Excel', 'Cobol'],
        [mood._id]: 6,
        [remote._id]: 'yes',
        [date._id]: '2026-02-30',
        [time._id]: '25:00',
        ffffffffffffffffffffffff: 'x',
        [form.elements[0]._id]: 'a title',
      },
      address(),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      [name._id]: M.required,
      [team._id]: M.required,
      [hours._id]: M.number,
      [tools._id]: M.option,
      [mood._id]: M.scale,
      [remote._id]: M.option,
      [date._id]: M.date,
      [time._id]: M.time,
      ffffffffffffffffffffffff: M.unknownField,
      [form.elements[0]._id]: M.unknownField,
    });
    const badShape = await w.t.app.inject({
      method: 'POST',
      url: `/api/v1/public/forms/${form._id}/responses`,
      payload: { answers: {}, extra: true },
    });
    expect(badShape.statusCode).toBe(400);
    const tooLong = await submit(
      w,
      form._id,
      { ...fullAnswers(form), [form.elements[2]._id]: 'x'.repeat(5001) },
      address(),
    );
    expect(tooLong.statusCode).toBe(400);
    const rows = await w.t.database.db
      .select({ n: count() })
      .from(formResponses)
      .where(eq(formResponses.formId, form._id));
    expect(rows[0].n).toBe(0);
  });

  it('stores a response (201) and makes it the dataset data: one row, typed values, a new data version', async () => {
    const form = await makeForm(w, 'Stored', { publish: true });
    const before = await dataVersion();
    const res = await submit(w, form._id, fullAnswers(form, 'Zoé'), address());
    expect(res.statusCode, res.body).toBe(201);
    await responsesFlusherOf(w.t.app).settle();
    expect(await dataVersion()).toBeGreaterThan(before);
    const dataset = (await caller(w, w.viewer)('GET', `/api/v1/datasets/${form.dataset!._id}`)).json();
    expect(dataset.rowCount).toBe(1);
    const [row] = (await dataOf(form.dataset!._id)).list;
    const byName = Object.fromEntries(
      dataset.features.map((f: { _id: string; name: string }) => [f.name, row[f._id] ?? row[f.name]]),
    );
    expect(byName).toMatchObject({
      Name: 'Zoé',
      Hours: 7.5,
      Team: 'Ops',
      Tools: 'Excel, Python',
      Mood: -2,
      Remote: 'true',
      'Start time': '08:30:00',
    });
    expect(String(byName['Start date'])).toContain('2026-03-01');
  });

  it('answers 409 when closed, 404 for a draft or an unknown form, 413 above the size bound', async () => {
    const form = await makeForm(w, 'Closing', { publish: true });
    await caller(w, w.editor)('PUT', `/api/v1/forms/${form._id}`, { closed: true });
    const closed = await submit(w, form._id, fullAnswers(form), address());
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.message).toBe(M.closed);
    const draft = await makeForm(w, 'Not yet');
    expect((await submit(w, draft._id, fullAnswers(draft), address())).statusCode).toBe(404);
    expect((await submit(w, '0123456789abcdef01234567', {}, address())).statusCode).toBe(404);
    const open = await makeForm(w, 'Big', { publish: true });
    const huge = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, 'y'.repeat(5000)]));
    expect((await submit(w, open._id, huge, address())).statusCode).toBe(413);
  });

  it(`rate-limits an address after ${FORM_RATE_LIMIT.perAddress} attempts a minute (429)`, async () => {
    const form = await makeForm(w, 'Flood', { publish: true });
    const from = address();
    for (let i = 0; i < FORM_RATE_LIMIT.perAddress; i++) {
      expect((await submit(w, form._id, fullAnswers(form), from)).statusCode).toBe(201);
    }
    const refused = await submit(w, form._id, fullAnswers(form), from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(M.rateLimited);
    expect((await submit(w, form._id, fullAnswers(form), address())).statusCode).toBe(201);
  });

  it('stores 200 concurrent submissions once each, and the dataset holds all 200 rows', async () => {
    const form = await makeForm(w, 'Crowd', { publish: true });
    const answers = Array.from({ length: 200 }, (_, i) => fullAnswers(form, `person ${i}`));
    const results = await Promise.all(answers.map((a) => submit(w, form._id, a, address())));
    expect(results.map((r) => r.statusCode)).toEqual(answers.map(() => 201));
    expect(new Set(results.map((r) => r.json()._id)).size).toBe(200);
    const db = w.t.database.db;
    const stored = await db
      .select({ n: count(), names: sql<number>`count(distinct ${formResponses.answers})::int`.mapWith(Number) })
      .from(formResponses)
      .where(eq(formResponses.formId, form._id));
    expect(stored[0]).toEqual({ n: 200, names: 200 });
    await responsesFlusherOf(w.t.app).settle();
    const dataset = (await caller(w, w.viewer)('GET', `/api/v1/datasets/${form.dataset!._id}`)).json();
    expect(dataset.rowCount).toBe(200);
    expect((await dataOf(form.dataset!._id)).list).toHaveLength(200);
  });

  it('catches up at start-up on responses a crash left unflushed', async () => {
    const form = await makeForm(w, 'Crash', { publish: true });
    const db = w.t.database.db;
    await db.insert(formResponses).values({
      id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
      datasetId: form.dataset!._id,
      formId: form._id,
      answers: { [`e_${form.elements[1]._id}`]: 'late' },
    });
    await responsesFlusherOf(w.t.app).catchUp();
    expect((await caller(w, w.viewer)('GET', `/api/v1/datasets/${form.dataset!._id}`)).json().rowCount).toBe(1);
  });
});
