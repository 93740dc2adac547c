import { z } from 'zod';
import { FORM_LIMITS as L } from '../forms/constants.ts';
import {
  answersSchema,
  elementConfigSchema,
  elementTypeSchema,
  formElementSchema,
  formSchema,
  publicFormSchema,
} from '../forms/entities.ts';
import { PUBLIC, projectRule } from '../http/access.ts';
import { endpoint } from '../http/endpoint.ts';
import { id, idParams, ok } from '../http/ids.ts';

/**
 * Forms (paths not shown, so plain REST as issue 18 gives them). Reading needs form
 * view, every change form edit; the two public routes need no login.
 */

const VIEW = { area: 'form', level: 'view' } as const;
const EDIT = { area: 'form', level: 'edit' } as const;

/** Form name required. */
export const formNameField = z.string('Required').trim().min(1, 'Required').max(L.name, `At most ${L.name} characters`);
export const formDescriptionField = z.string().trim().max(L.description, `At most ${L.description} characters`);

export const listForms = endpoint({
  method: 'GET',
  path: '/api/v1/forms',
  access: projectRule(VIEW, 'project', 'query', 'projectId'),
  query: z.object({ projectId: id }),
  response: z.array(formSchema),
});

export const createForm = endpoint({
  method: 'POST',
  path: '/api/v1/forms',
  access: projectRule(EDIT, 'project', 'body', 'projectId'),
  body: z.object({ projectId: id, name: formNameField, description: formDescriptionField.optional() }).strict(),
  response: z.object({ _id: id }),
});

export const getForm = endpoint({
  method: 'GET',
  path: '/api/v1/forms/:id',
  access: projectRule(VIEW, 'form'),
  params: idParams,
  response: formSchema,
});

/** Name, description, the Collecting Responses switch (`closed`), and the element order (every element id once). */
export const updateForm = endpoint({
  method: 'PUT',
  path: '/api/v1/forms/:id',
  access: projectRule(EDIT, 'form'),
  params: idParams,
  body: z
    .object({
      name: formNameField.optional(),
      description: formDescriptionField.optional(),
      closed: z.boolean().optional(),
      elements: z.array(id).max(L.elements).optional(),
    })
    .strict(),
  response: formSchema,
});

/** Deletes the form; its Form Responses dataset stays (its data is the project's). */
export const deleteForm = endpoint({
  method: 'DELETE',
  path: '/api/v1/forms/:id',
  access: projectRule(EDIT, 'form'),
  params: idParams,
  response: ok,
});

/** A draft copy of the form and its elements (no responses). */
export const duplicateForm = endpoint({
  method: 'POST',
  path: '/api/v1/forms/:id/duplicate',
  access: projectRule(EDIT, 'form'),
  params: idParams,
  response: z.object({ _id: id }),
});

/** Publishes a draft: it becomes live and read-only, and its Form Responses dataset is created. */
export const publishForm = endpoint({
  method: 'POST',
  path: '/api/v1/forms/:id/publish',
  access: projectRule(EDIT, 'form'),
  params: idParams,
  response: formSchema,
});

export const createFormElement = endpoint({
  method: 'POST',
  path: '/api/v1/forms/:id/elements',
  access: projectRule(EDIT, 'form'),
  params: idParams,
  body: z
    .object({
      element: z.object({ type: elementTypeSchema, config: elementConfigSchema }).strict(),
      position: z.number().int().min(0).max(L.elements).optional(),
    })
    .strict(),
  response: formElementSchema,
});

const elementParams = z.object({ id, elementId: id });

export const updateFormElement = endpoint({
  method: 'PUT',
  path: '/api/v1/forms/:id/elements/:elementId',
  access: projectRule(EDIT, 'form'),
  params: elementParams,
  body: z.object({ config: elementConfigSchema }).strict(),
  response: formElementSchema,
});

export const deleteFormElement = endpoint({
  method: 'DELETE',
  path: '/api/v1/forms/:id/elements/:elementId',
  access: projectRule(EDIT, 'form'),
  params: elementParams,
  response: ok,
});

/** The public page's form: published forms only (else 404), its texts and elements and nothing else. */
export const getPublicForm = endpoint({
  method: 'GET',
  path: '/api/v1/public/forms/:id',
  access: PUBLIC,
  params: idParams,
  response: publicFormSchema,
});

/** An anonymous response: 201, 400 with `fields` per element, 409 closed, 404 unknown or draft, 413, 429. */
export const submitFormResponse = endpoint({
  method: 'POST',
  path: '/api/v1/public/forms/:id/responses',
  access: PUBLIC,
  params: idParams,
  body: z.object({ answers: answersSchema }).strict(),
  response: z.object({ _id: id }),
});
