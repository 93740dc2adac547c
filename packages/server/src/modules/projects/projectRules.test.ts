import {
  type Access,
  endpoint,
  idParams,
  PROJECT_ROLE_PRESETS as P,
  type ProjectRoles,
  projectRule,
  ROLE_PRESETS,
} from '@tessera/shared';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serverModules } from '../../app.ts';
import { installAccessControl } from '../../platform/access.ts';
import { installErrorHandler } from '../../platform/errors.ts';
import { gatherResourceResolvers } from '../../platform/projectAccess.ts';
import { route } from '../../platform/routes.ts';
import { organizations } from '../../platform/tenancy.tables.ts';
import { createOrganization } from '../../test/accounts.ts';
import { as, createTestApp, type TestApp } from '../../test/harness.ts';
import { membership, person, project } from './projects.fixtures.ts';

/**
 * Every later route is guarded by one project rule (issue 4 §3). These routes stand for them: one per kind of
 * requirement, on a bare app that shares the real app's database and access hooks.
 */
const RULES: Record<string, Access> = {
  'dataset-view': projectRule({ area: 'dataset', level: 'view' }, 'project'),
  'dataset-edit': projectRule({ area: 'dataset', level: 'edit' }, 'project'),
  member: projectRule({ member: true }, 'project'),
  'edit-members': projectRule({ flag: 'editMembers' }, 'project'),
  'permission-model-edit': projectRule({ area: 'model', level: 'edit' }, 'permission'),
};

let t: TestApp;
let bare: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  bare = Fastify({ logger: false });
  bare.setValidatorCompiler(validatorCompiler);
  bare.setSerializerCompiler(serializerCompiler);
  installErrorHandler(bare);
  bare.decorate('ctx', t.app.ctx);
  installAccessControl(bare, gatherResourceResolvers(serverModules().map((m) => m.resources)));
  for (const [name, access] of Object.entries(RULES)) {
    const e = endpoint({
      method: 'GET',
      path: `/api/v1/rule/${name}/:id`,
      access,
      params: idParams,
      response: z.object({ project: z.string() }),
    });
    route(bare, e, ({ request }) => ({ project: request.project!.id }));
  }
  await bare.ready();
});
afterAll(async () => {
  await bare?.close();
  await t?.close();
});

const hidden: ProjectRoles = { ...P.viewDashboards, dashboard: 'hidden' };

describe('project rules', () => {
  // held role on the project → expected status per rule
  const table: Array<[string, ProjectRoles, Record<string, number>]> = [
    ['all hidden', hidden, { 'dataset-view': 403, 'dataset-edit': 403, member: 200, 'edit-members': 403 }],
    [
      'dataset view',
      { ...hidden, dataset: 'view' },
      { 'dataset-view': 200, 'dataset-edit': 403, member: 200, 'edit-members': 403 },
    ],
    [
      'dataset edit',
      { ...hidden, dataset: 'edit' },
      { 'dataset-view': 200, 'dataset-edit': 200, member: 200, 'edit-members': 403 },
    ],
    [
      'editMembers only',
      { ...hidden, editMembers: true },
      { 'dataset-view': 403, 'dataset-edit': 403, member: 200, 'edit-members': 200 },
    ],
    ['Full Access', P.full, { 'dataset-view': 200, 'dataset-edit': 200, member: 200, 'edit-members': 200 }],
  ];

  it.each(table)('%s', async (_label, roles, expected) => {
    const db = t.database.db;
    const org = (await createOrganization(db)).id;
    const id = await project(db, org);
    const user = await person(db, org);
    await membership(db, user.id, id, roles);
    const got: Record<string, number> = {};
    for (const rule of Object.keys(expected)) {
      const res = await as(bare, user.token)({ method: 'GET', url: `/api/v1/rule/${rule}/${id}` });
      got[rule] = res.statusCode;
      if (res.statusCode === 200) expect(res.json()).toEqual({ project: id });
      else expect(res.json().error.code).toBe('forbidden');
    }
    expect(got).toEqual(expected);
  });

  it('answers 404 for a project of another organization, even to its administrators', async () => {
    const db = t.database.db;
    const org = (await createOrganization(db)).id;
    const id = await project(db, org);
    const stranger = await person(db, (await createOrganization(db)).id, ROLE_PRESETS.organizationAdmin);
    for (const rule of Object.keys(RULES).filter((r) => !r.startsWith('permission'))) {
      const res = await as(bare, stranger.token)({ method: 'GET', url: `/api/v1/rule/${rule}/${id}` });
      expect([rule, res.statusCode, res.json().error.code]).toEqual([rule, 404, 'not-found']);
    }
  });

  it('answers 404 for an unknown project, and for a deactivated organization project until reactivated', async () => {
    const db = t.database.db;
    const org = (await createOrganization(db)).id;
    const id = await project(db, org);
    const member = await person(db, (await createOrganization(db)).id);
    await membership(db, member.id, id, P.full);
    const get = (projectId: string) =>
      as(bare, member.token)({ method: 'GET', url: `/api/v1/rule/member/${projectId}` });
    expect((await get('0123456789abcdef01234567')).statusCode).toBe(404);
    expect((await get(id)).statusCode).toBe(200);
    await db.update(organizations).set({ active: false }).where(eq(organizations.id, org));
    expect((await get(id)).statusCode).toBe(404);
    await db.update(organizations).set({ active: true }).where(eq(organizations.id, org));
    expect((await get(id)).statusCode).toBe(200);
  });

  it('resolves a resource to its project before checking the role (a permission id here)', async () => {
    const db = t.database.db;
    const org = (await createOrganization(db)).id;
    const a = await project(db, org);
    const b = await project(db, org);
    const user = await person(db, org);
    const onA = await membership(db, user.id, a, { ...hidden, model: 'edit' });
    const onB = await membership(db, user.id, b, { ...hidden, model: 'view' });
    const get = (permissionId: string) =>
      as(bare, user.token)({ method: 'GET', url: `/api/v1/rule/permission-model-edit/${permissionId}` });
    const okA = await get(onA);
    expect(okA.json()).toEqual({ project: a });
    expect((await get(onB)).statusCode).toBe(403);
    expect((await get('0123456789abcdef01234567')).statusCode).toBe(404);
  });

  it('lets an organization project manager act as Full Access on its organization projects only', async () => {
    const db = t.database.db;
    const org = (await createOrganization(db)).id;
    const id = await project(db, org);
    const manager = await person(db, org, ROLE_PRESETS.organizationAdmin);
    const elsewhere = await project(db, (await createOrganization(db)).id);
    for (const rule of ['dataset-edit', 'edit-members']) {
      expect((await as(bare, manager.token)({ method: 'GET', url: `/api/v1/rule/${rule}/${id}` })).statusCode).toBe(
        200,
      );
      expect(
        (await as(bare, manager.token)({ method: 'GET', url: `/api/v1/rule/${rule}/${elsewhere}` })).statusCode,
      ).toBe(404);
    }
  });
});
