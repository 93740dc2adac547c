import type { Organization } from '@tessera/shared';
import { logoDataUrl } from '../../platform/logo.ts';
import type { OrganizationRow } from './organizations.store.ts';

/** An organization row as the API presents it. */
export const presentOrganization = (row: OrganizationRow): Organization => ({
  _id: row.id,
  name: row.name,
  type: row.type,
  consultantId: row.consultantId,
  active: row.active,
  publicSharing: row.publicSharing,
  logo: logoDataUrl(row.logo),
  plan: row.plan,
  timeCreated: row.timeCreated.toISOString(),
});
