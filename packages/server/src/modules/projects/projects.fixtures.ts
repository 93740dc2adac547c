import { type OrgRoles, PROJECT_ROLE_PRESETS, type ProjectRoles, ROLE_PRESETS } from '@tessera/shared';
import type { Db } from '../../db/client.ts';
import { newId } from '../../platform/ids.ts';
import { permissions, projects } from '../../platform/tenancy.tables.ts';
import { createUser } from '../../test/accounts.ts';
import { issueAccessToken } from '../auth/index.ts';

/** Test set-up for the project tests, straight into the database (the API itself is what the tests exercise). */

export interface Person {
  id: string;
  organizationId: string;
  token: string;
}

/** A signed-in user (no password: the token is issued directly, which keeps argon2 out of big matrices). */
export async function person(
  db: Db,
  organizationId: string,
  roles: OrgRoles = ROLE_PRESETS.standard,
  first = 'Test',
): Promise<Person> {
  const user = await createUser(db, organizationId, { password: null, roles, first });
  return { id: user.id, organizationId, token: await issueAccessToken(db, user.id) };
}

export async function project(
  db: Db,
  organizationId: string,
  values: { name?: string; public?: boolean } = {},
): Promise<string> {
  const id = newId();
  await db
    .insert(projects)
    .values({ id, organizationId, name: values.name ?? `Project ${id.slice(0, 6)}`, public: values.public ?? false });
  return id;
}

export async function membership(
  db: Db,
  userId: string,
  projectId: string,
  roles: ProjectRoles = PROJECT_ROLE_PRESETS.full,
): Promise<string> {
  const id = newId();
  await db.insert(permissions).values({ id, userId, projectId, roles });
  return id;
}
