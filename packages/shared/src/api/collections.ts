import { z } from 'zod';
import { collectionSchema } from '../datasets/entities.ts';
import { projectRule } from '../http/access.ts';
import { endpoint } from '../http/endpoint.ts';
import { id, idParams, ok } from '../http/ids.ts';

/** Folders of datasets: dataset view to list, dataset edit to manage. */

export const COLLECTION_NAME_MAX = 100;
export const COLLECTION_DESCRIPTION_MAX = 1000;

const VIEW = { area: 'dataset', level: 'view' } as const;
const EDIT = { area: 'dataset', level: 'edit' } as const;

/** Name required; the server's messages go on the name and description fields. */
export const collectionNameField = z
  .string('Required')
  .trim()
  .min(1, 'Required')
  .max(COLLECTION_NAME_MAX, `At most ${COLLECTION_NAME_MAX} characters`);
export const collectionDescriptionField = z
  .string()
  .trim()
  .max(COLLECTION_DESCRIPTION_MAX, `At most ${COLLECTION_DESCRIPTION_MAX} characters`);

export const listCollections = endpoint({
  method: 'GET',
  path: '/api/v1/collections',
  access: projectRule(VIEW, 'project', 'query', 'projectId'),
  query: z.object({ projectId: id }),
  response: z.array(collectionSchema),
});

/** A folder's name is unique in its project (else 400 with fields.name). */
export const createCollection = endpoint({
  method: 'POST',
  path: '/api/v1/collections',
  access: projectRule(EDIT, 'project', 'body', 'projectId'),
  body: z
    .object({ projectId: id, name: collectionNameField, description: collectionDescriptionField.optional() })
    .strict(),
  response: collectionSchema,
});

export const updateCollection = endpoint({
  method: 'PUT',
  path: '/api/v1/collections/:id',
  access: projectRule(EDIT, 'collection'),
  params: idParams,
  body: z.object({ name: collectionNameField.optional(), description: collectionDescriptionField.optional() }).strict(),
  response: collectionSchema,
});

/** Deletes the folder; its datasets go back to the Datasets list. */
export const deleteCollection = endpoint({
  method: 'DELETE',
  path: '/api/v1/collections/:id',
  access: projectRule(EDIT, 'collection'),
  params: idParams,
  response: ok,
});
