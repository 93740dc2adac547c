import { z } from 'zod';
import { LOGIN, projectRule } from '../http/access.ts';
import { endpoint } from '../http/endpoint.ts';
import { id, idParams, ok } from '../http/ids.ts';
import {
  MAX_PACKAGE_UPLOAD_BYTES,
  MAX_SOURCE_FILE_CHARS,
  PACKAGE_DESCRIPTION_MAX,
  PACKAGE_NAME_MAX,
  PYTHON_BASE_IMAGES,
} from '../packages/constants.ts';
import { algorithmSchema, packageSchema, pythonVersionsSchema } from '../packages/entities.ts';

/** Source-code packages and their functions: package view reads, package edit writes. */

const VIEW = { area: 'package', level: 'view' } as const;
const EDIT = { area: 'package', level: 'edit' } as const;

export const packageNameField = z
  .string('Required')
  .trim()
  .min(1, 'Required')
  .max(PACKAGE_NAME_MAX, `At most ${PACKAGE_NAME_MAX} characters`);
export const packageDescriptionField = z
  .string()
  .trim()
  .max(PACKAGE_DESCRIPTION_MAX, `At most ${PACKAGE_DESCRIPTION_MAX} characters`);

/** The multipart form of an upload or an update (its zip is the `zipfile` part, after these fields). */
export const packageUploadFields = z.object({
  name: packageNameField,
  baseImage: z.enum(PYTHON_BASE_IMAGES, `One of ${PYTHON_BASE_IMAGES.join(', ')}`),
  projectId: id.optional(),
});

/**
 * Uploads a package: multipart with the fields `name`, `baseImage` (3.7 ... 3.11) and `projectId`, then the file
 * `zipfile` (.zip). The project is also in the query, so that access is checked before the body is read. The
 * zip is checked and unpacked before the answer (a bad zip: 400, nothing kept); the build then runs as a job.
 */
export const uploadPackage = endpoint({
  method: 'POST',
  path: '/api/v1/packages/upload',
  access: projectRule(EDIT, 'project', 'query', 'projectId'),
  query: z.object({ projectId: id }),
  body: packageUploadFields,
  multipart: { field: 'zipfile', maxBytes: MAX_PACKAGE_UPLOAD_BYTES },
  response: packageSchema,
});

/** Uploads a new zip for the same package (a new revision), rebuilt as a job. */
export const updatePackageZip = endpoint({
  method: 'PUT',
  path: '/api/v1/packages/:id/update',
  access: projectRule(EDIT, 'package'),
  params: idParams,
  body: packageUploadFields,
  multipart: { field: 'zipfile', maxBytes: MAX_PACKAGE_UPLOAD_BYTES },
  response: packageSchema,
});

export const listPackages = endpoint({
  method: 'GET',
  path: '/api/v1/packages',
  access: projectRule(VIEW, 'project', 'query', 'projectId'),
  query: z.object({ projectId: id }),
  response: z.array(packageSchema),
});

export const getPackage = endpoint({
  method: 'GET',
  path: '/api/v1/packages/:id',
  access: projectRule(VIEW, 'package'),
  params: idParams,
  response: packageSchema,
});

export const updatePackage = endpoint({
  method: 'PUT',
  path: '/api/v1/packages/:id',
  access: projectRule(EDIT, 'package'),
  params: idParams,
  body: z.object({ name: packageNameField.optional(), description: packageDescriptionField.optional() }).strict(),
  response: packageSchema,
});

/** Refused (409) while a model uses the package. */
export const deletePackage = endpoint({
  method: 'DELETE',
  path: '/api/v1/packages/:id',
  access: projectRule(EDIT, 'package'),
  params: idParams,
  response: ok,
});

/** The working copy's files (saved edits included) by path. */
export const getPackageCode = endpoint({
  method: 'GET',
  path: '/api/v1/packages/:id/code',
  access: projectRule(VIEW, 'package'),
  params: idParams,
  response: z.object({ sourceCode: z.record(z.string(), z.string()), changed: z.array(z.string()) }),
});

/** Saves one file of the working copy (Commit makes it a revision). */
export const savePackageCode = endpoint({
  method: 'PUT',
  path: '/api/v1/packages/:id/code',
  access: projectRule(EDIT, 'package'),
  params: idParams,
  body: z
    .object({
      fileName: z.string().min(1, 'Required').max(500),
      updatedCode: z.string().max(MAX_SOURCE_FILE_CHARS, `At most ${MAX_SOURCE_FILE_CHARS} characters`),
    })
    .strict(),
  response: ok,
});

/** Makes the working copy a new immutable revision: functions re-discovered, rebuilt if the requirements changed. */
export const commitPackage = endpoint({
  method: 'PUT',
  path: '/api/v1/packages/:id/commit',
  access: projectRule(EDIT, 'package'),
  params: idParams,
  response: packageSchema,
});

/**
 * Revert Changes (after a failed source-code update): the code of the revision before the current one becomes a new
 * revision, built as a job.
 */
export const revertPackage = endpoint({
  method: 'PUT',
  path: '/api/v1/packages/:id/revert',
  access: projectRule(EDIT, 'package'),
  params: idParams,
  response: packageSchema,
});

export const getPackageDependencies = endpoint({
  method: 'GET',
  path: '/api/v1/packages/:id/dependencies',
  access: projectRule(VIEW, 'package'),
  params: idParams,
  /** `added`: what Tessera put in the built environment beside them (pyarrow for a DataFrame library). */
  response: z.object({ dependencies: z.string(), added: z.array(z.string()) }),
});

/** Replaces requirements.txt and rebuilds the environment as a job. */
export const savePackageDependencies = endpoint({
  method: 'PUT',
  path: '/api/v1/packages/:id/dependencies',
  access: projectRule(EDIT, 'package'),
  params: idParams,
  body: z.object({ updatedDependencies: z.string().max(100_000, 'At most 100000 characters') }).strict(),
  response: packageSchema,
});

/**
 * The package's environment variables. They hold secrets: package editors get the KEY=value text; other members
 * get the names only, one a line, and `valuesHidden` (docs/security.md, "Package secrets").
 */
export const getPackageEnv = endpoint({
  method: 'GET',
  path: '/api/v1/packages/:id/env',
  access: projectRule(VIEW, 'package'),
  params: idParams,
  response: z.object({ env: z.string(), valuesHidden: z.boolean() }),
});

/** Replaces the package's environment variables (KEY=value lines) and rebuilds as a job. */
export const savePackageEnv = endpoint({
  method: 'PUT',
  path: '/api/v1/packages/:id/env',
  access: projectRule(EDIT, 'package'),
  params: idParams,
  body: z.object({ updatedEnv: z.string().max(100_000, 'At most 100000 characters') }).strict(),
  response: packageSchema,
});

/**
 * Starts (or finds running) one of the package's Dash apps; `url` opens it on the Dash origin with a
 * short-lived credential.
 */
export const startDashApp = endpoint({
  method: 'POST',
  path: '/api/v1/packages/:id/:dashApp',
  access: projectRule(VIEW, 'package'),
  params: z.object({ id, dashApp: z.string().regex(/^[A-Za-z_][A-Za-z0-9_.-]{0,199}$/, 'Not a Dash app name') }),
  response: z.object({ dashPort: z.number().int(), status: z.enum(['running']), url: z.string() }),
});

export const listAlgorithms = endpoint({
  method: 'GET',
  path: '/api/v1/algorithms',
  access: projectRule(VIEW, 'project', 'query', 'projectId'),
  query: z.object({ projectId: id }),
  response: z.array(algorithmSchema),
});

export const getAlgorithm = endpoint({
  method: 'GET',
  path: '/api/v1/algorithms/:id',
  access: projectRule(VIEW, 'algorithm'),
  params: idParams,
  response: algorithmSchema,
});

/** A template package to start from (a zip: requirements.txt and a module of example functions). */
export const packageTemplate = endpoint({
  method: 'GET',
  path: '/api/v1/packages/template.zip',
  access: LOGIN,
  response: z.string(),
  raw: true,
});

/** The interpreters this server has for the base images, and whether builds and runs are sandboxed. */
export const pythonVersions = endpoint({
  method: 'GET',
  path: '/api/v1/python/versions',
  access: LOGIN,
  response: pythonVersionsSchema,
});
