import type { LoginEvent } from '@tessera/shared';
import type { LoginEventRow } from '../auth/index.ts';

/** A login log event as the API presents it; the address and ids stay on the server. */
export const presentLoginEvent = (row: LoginEventRow): LoginEvent => ({
  _id: row.id,
  type: row.type,
  email: row.email,
  status: row.status,
  timeCreated: row.timeCreated.toISOString(),
});
