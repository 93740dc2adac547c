import { FORM_MESSAGES as M, PROJECT_ROLE_PRESETS as P } from '@tessera/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, type DatasetsWorld, datasetsWorld } from '../datasets/datasets.fixtures.ts';
import { membership, project } from '../projects/projects.fixtures.ts';
import { EVERY_ELEMENT, makeForm } from './forms.fixtures.ts';

let w: DatasetsWorld;
beforeAll(async () => {
  w = await datasetsWorld();
});
afterAll(() => w?.t.close());

const base = '/api/v1/forms';

describe('forms: the builder', () => {
  it('creates a form (name required), lists it, renames it and deletes it', async () => {
    const edit = caller(w, w.editor);
    expect((await edit('POST', base, { projectId: w.projectId, name: ' ' })).json().error.fields).toEqual({
      name: 'Required',
    });
    const created = await edit('POST', base, { projectId: w.projectId, name: ' Survey ', description: 'Q1' });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json()._id;
    const form = (await edit('GET', `${base}/${id}`)).json();
    expect(form).toMatchObject({ name: 'Survey', description: 'Q1', published: false, closed: false, elements: [] });
    expect(form.dataset).toBeNull();
    const listed = (await caller(w, w.viewer)('GET', `${base}?projectId=${w.projectId}`)).json();
    expect(listed.map((f: { _id: string }) => f._id)).toContain(id);
    expect((await edit('PUT', `${base}/${id}`, { name: 'Renamed' })).json().name).toBe('Renamed');
    expect((await edit('PUT', `${base}/${id}`, { name: 'x', unknown: 1 })).statusCode).toBe(400);
    expect((await edit('DELETE', `${base}/${id}`)).statusCode).toBe(200);
    expect((await edit('GET', `${base}/${id}`)).statusCode).toBe(404);
  });

  it('adds every element type, refuses incomplete configs, edits, reorders and deletes elements', async () => {
    const edit = caller(w, w.editor);
    const form = await makeForm(w, 'Every type');
    expect(form.elements.map((e) => e.type)).toEqual(EVERY_ELEMENT.map((e) => e.type));
    const url = `${base}/${form._id}/elements`;
    const emptyItem = await edit('POST', url, {
      element: { type: 'radio', config: { question: 'q', options: 'a,,b' } },
    });
    expect(emptyItem.statusCode).toBe(400);
    expect(emptyItem.json().error.fields).toEqual({ options: M.required });
    const noOptions = await edit('POST', url, { element: { type: 'checkbox', config: { question: 'q' } } });
    expect(noOptions.json().error.fields).toEqual({ options: M.required });
    const badScale = await edit('POST', url, {
      element: { type: 'ratingScale', config: { question: 'q', scale: '0-3' } },
    });
    expect(badScale.statusCode).toBe(400);
    const unknownType = await edit('POST', url, { element: { type: 'video', config: {} } });
    expect(unknownType.statusCode).toBe(400);
    // Inserted at a position.
    const first = await edit('POST', url, { element: { type: 'title', config: { title: 'Top' } }, position: 0 });
    expect(first.statusCode, first.body).toBe(200);
    let now = (await edit('GET', `${base}/${form._id}`)).json();
    expect(now.elements[0]._id).toBe(first.json()._id);
    // Edit a config.
    const name = now.elements[2];
    const edited = await edit('PUT', `${url}/${name._id}`, { config: { question: 'Full name', required: false } });
    expect(edited.json()).toEqual({
      _id: name._id,
      type: 'shortText',
      config: { question: 'Full name', required: false },
    });
    expect((await edit('PUT', `${url}/${name._id}`, { config: { question: '' } })).statusCode).toBe(400);
    // Reorder: every element once, else 400.
    const ids = now.elements.map((e: { _id: string }) => e._id);
    const reversed = [...ids].reverse();
    expect(
      (await edit('PUT', `${base}/${form._id}`, { elements: reversed }))
        .json()
        .elements.map((e: { _id: string }) => e._id),
    ).toEqual(reversed);
    const partial = await edit('PUT', `${base}/${form._id}`, { elements: reversed.slice(1) });
    expect(partial.json().error.fields).toEqual({ elements: M.order });
    // Delete.
    expect((await edit('DELETE', `${url}/${first.json()._id}`)).statusCode).toBe(200);
    expect((await edit('DELETE', `${url}/${first.json()._id}`)).statusCode).toBe(404);
    now = (await edit('GET', `${base}/${form._id}`)).json();
    expect(now.elements).toHaveLength(EVERY_ELEMENT.length);
  });

  it('publishes once: a Form Responses dataset with one typed feature per question; then no edits (409)', async () => {
    const edit = caller(w, w.editor);
    const form = await makeForm(w, 'To publish');
    expect((await edit('PUT', `${base}/${form._id}`, { closed: true })).statusCode).toBe(409);
    const published = await edit('POST', `${base}/${form._id}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ published: true, closed: false });
    const datasetId = published.json().dataset._id;
    const dataset = (await edit('GET', `/api/v1/datasets/${datasetId}`)).json();
    expect(dataset).toMatchObject({ type: 'formData', source: { form: { id: form._id } }, name: 'To publish' });
    expect(dataset.features.map((f: { name: string; type: string }) => [f.name, f.type])).toEqual([
      ['Name', 'text'],
      ['Comments', 'text'],
      ['Hours', 'number'],
      ['Team', 'category'],
      ['Site', 'category'],
      ['Tools', 'category'],
      ['Mood', 'number'],
      ['Remote', 'category'],
      ['Start date', 'date'],
      ['Start time', 'time'],
      ['Submitted At', 'date'],
    ]);
    expect((await edit('POST', `${base}/${form._id}/publish`)).statusCode).toBe(409);
    const element = form.elements[1];
    expect(
      (await edit('POST', `${base}/${form._id}/elements`, { element: { type: 'date', config: { question: 'd' } } }))
        .statusCode,
    ).toBe(409);
    expect(
      (await edit('PUT', `${base}/${form._id}/elements/${element._id}`, { config: { question: 'x' } })).statusCode,
    ).toBe(409);
    expect((await edit('DELETE', `${base}/${form._id}/elements/${element._id}`)).statusCode).toBe(409);
    const order = form.elements.map((e) => e._id).reverse();
    expect((await edit('PUT', `${base}/${form._id}`, { elements: order })).statusCode).toBe(409);
    // The Collecting Responses switch.
    expect((await edit('PUT', `${base}/${form._id}`, { closed: true })).json().closed).toBe(true);
    expect((await edit('PUT', `${base}/${form._id}`, { closed: false })).json().closed).toBe(false);
  });

  it('duplicates a form as a draft with new element ids', async () => {
    const edit = caller(w, w.editor);
    const form = await makeForm(w, 'Original', { publish: true });
    const copy = await edit('POST', `${base}/${form._id}/duplicate`);
    expect(copy.statusCode).toBe(200);
    const dup = (await edit('GET', `${base}/${copy.json()._id}`)).json();
    expect(dup).toMatchObject({ name: 'Original', published: false, closed: false, dataset: null, responseCount: 0 });
    expect(dup.elements.map((e: { type: string }) => e.type)).toEqual(form.elements.map((e) => e.type));
    expect(dup.elements.map((e: { _id: string }) => e._id)).not.toContain(form.elements[0]._id);
  });

  it('form view reads, form edit writes, another organization gets 404', async () => {
    const form = await makeForm(w, 'Rights', { elements: [] });
    const viewer = caller(w, w.viewer);
    expect((await viewer('GET', `${base}/${form._id}`)).statusCode).toBe(200);
    expect((await viewer('POST', base, { projectId: w.projectId, name: 'No' })).statusCode).toBe(403);
    expect((await viewer('PUT', `${base}/${form._id}`, { name: 'No' })).statusCode).toBe(403);
    expect((await viewer('POST', `${base}/${form._id}/publish`)).statusCode).toBe(403);
    expect((await viewer('POST', `${base}/${form._id}/duplicate`)).statusCode).toBe(403);
    expect((await viewer('DELETE', `${base}/${form._id}`)).statusCode).toBe(403);
    const dashboardsOnly = caller(w, w.dashboardsOnly);
    expect((await dashboardsOnly('GET', `${base}?projectId=${w.projectId}`)).statusCode).toBe(403);
    const outsider = caller(w, w.outsider);
    expect((await outsider('GET', `${base}/${form._id}`)).statusCode).toBe(404);
    expect((await outsider('PUT', `${base}/${form._id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await outsider('DELETE', `${base}/${form._id}`)).statusCode).toBe(404);
    expect((await outsider('GET', `${base}?projectId=${w.projectId}`)).statusCode).toBe(404);
  });

  it('Transfer Assets moves a form with its Form Responses dataset', async () => {
    const db = w.t.database.db;
    const org = (await import('../../platform/tenancy.tables.ts')).projects;
    const [{ organizationId }] = await db.select({ organizationId: org.organizationId }).from(org);
    const target = await project(db, organizationId);
    await membership(db, w.editor.id, target, P.full);
    const form = await makeForm(w, 'Moving', { publish: true });
    const edit = caller(w, w.editor);
    const moved = await edit('PUT', `/api/v1/projects/${w.projectId}/transferTo/${target}`, { forms: [form._id] });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await edit('GET', `${base}/${form._id}`)).json().projectId).toBe(target);
    expect((await edit('GET', `/api/v1/datasets/${form.dataset!._id}`)).json().projectId).toBe(target);
  });
});
