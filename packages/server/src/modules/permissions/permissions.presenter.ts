import { type Member, type MemberUser, projectPresetOf } from '@tessera/shared';
import { logoDataUrl } from '../../platform/logo.ts';
import type { MemberRow, MemberUserRow } from './permissions.store.ts';

export function presentMemberUser(row: MemberUserRow): MemberUser {
  return {
    _id: row.id,
    name: { first: row.first, last: row.last },
    email: row.email,
    logo: logoDataUrl(row.logo),
    organizationId: row.organizationId,
    active: row.active,
  };
}

export function presentMember({ permission, user }: MemberRow): Member {
  return {
    _id: permission.id,
    userId: permission.userId,
    projectId: permission.projectId,
    roles: permission.roles,
    preset: projectPresetOf(permission.roles),
    user: presentMemberUser(user),
  };
}

/** People are listed by first name, then last name, then email (equal names stay in a stable order). */
export const byPerson = (a: MemberUserRow, b: MemberUserRow) =>
  a.first.localeCompare(b.first, 'en', { sensitivity: 'base' }) ||
  a.last.localeCompare(b.last, 'en', { sensitivity: 'base' }) ||
  a.email.localeCompare(b.email);
