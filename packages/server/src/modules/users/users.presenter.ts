import type { User } from '@tessera/shared';
import { logoDataUrl } from '../../platform/logo.ts';
import type { UserRow } from './users.store.ts';

/** A user row as the API presents it; the password hash never leaves the server. */
export function presentUser(row: UserRow): User {
  return {
    _id: row.id,
    name: { first: row.first, last: row.last },
    email: row.email,
    roles: row.roles,
    logo: logoDataUrl(row.logo),
    active: row.active,
    needsReset: row.needsReset,
    organizationId: row.organizationId,
    popOvers: row.popOvers,
    timeCreated: row.timeCreated.toISOString(),
  };
}
