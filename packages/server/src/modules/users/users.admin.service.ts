import { type api, holdsEveryRoleOf, rolesGrantable } from '@tessera/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AppContext, AuthUser } from '../../platform/context.ts';
import { badRequest, forbidden, HttpError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { MailLanguage } from '../../platform/mailLanguage.ts';
import type { RealtimeGateway } from '../../platform/realtime.ts';
import type { RouteInput } from '../../platform/routes.ts';
import { countCodesSince, createResetCode, markAllCodesUsed, revokeAllTokens } from '../auth/index.ts';
import { findOrganizationById, type OrganizationRow } from '../organizations/index.ts';
import { sendInvitation } from './invitation.ts';
import {
  deleteUserRow,
  findUserByEmail,
  findUserWithOrganization,
  insertUser,
  listProjectIdsReachedBy,
  listUsersOfOrganization,
  type UserRow,
  updateUserAccount,
} from './users.store.ts';

type Caller = AuthUser['user'];
/** Where an invitation's failure is logged, and the language it is written in. */
export interface MailContext {
  log: FastifyBaseLogger;
  language: MailLanguage;
}
type CreateInput = RouteInput<typeof api.createUser>['body'];
type UpdateInput = RouteInput<typeof api.updateUser>['body'];

/** Invitations per account per hour: enough for a lost message, too few to flood an inbox. */
export const INVITATIONS_PER_HOUR = 10;
const HOUR_MS = 3600 * 1000;

const emailInUse = () => new HttpError('conflict', 'user.emailInUse', { email: 'user.emailInUse' });
const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
};

/** Users lists read by first then last name, then email, case and accents aside. */
const byName = (a: UserRow, b: UserRow) =>
  a.first.localeCompare(b.first, 'en', { sensitivity: 'base' }) ||
  a.last.localeCompare(b.last, 'en', { sensitivity: 'base' }) ||
  a.email.localeCompare(b.email);

/**
 * User administration (issue 3): an organization's user admins at home, consultants in their
 * clients, product operations anywhere. Out of reach answers 404; the roles rule is enforced here, not only in
 * the role editor.
 */
export class UserAdminService {
  private readonly db: Db;
  constructor(private readonly deps: Pick<AppContext, 'db' | 'mailer' | 'config'> & { realtime: RealtimeGateway }) {
    this.db = deps.db;
  }

  /** The organization whose users the route's rule (`organization:manageUsers`) let the caller manage. */
  private async managedOrganization(organizationId: string): Promise<OrganizationRow> {
    const org = await findOrganizationById(this.db, organizationId);
    if (!org) throw notFound('organization.notFound');
    return org;
  }

  /**
   * The user the route's rule (`user:administer`) let the caller manage. Another user must hold no role the caller
   * lacks (403): a lesser admin may not delete a product administrator, nor claim an unclaimed one through a resend.
   */
  private async managedUser(caller: Caller, userId: string): Promise<UserRow> {
    const found = await findUserWithOrganization(this.db, userId);
    if (!found) throw notFound('user.notFound');
    if (found.user.id !== caller.id && !holdsEveryRoleOf(caller.roles, found.user.roles))
      throw forbidden('user.outranked');
    return found.user;
  }

  async list(organizationId: string): Promise<UserRow[]> {
    const org = await this.managedOrganization(organizationId);
    return (await listUsersOfOrganization(this.db, org.id)).sort(byName);
  }

  /**
   * An unclaimed account (needsReset, no password) and its invitation, mailed once the account is committed in
   * `mail.language` (the inviter's).
   */
  async create(caller: Caller, organizationId: string, input: CreateInput, mail: MailContext): Promise<UserRow> {
    const org = await this.managedOrganization(organizationId);
    if (!rolesGrantable(caller.roles, input.roles)) throw forbidden('user.grantRole');
    if (await findUserByEmail(this.db, input.email)) throw emailInUse();
    let created: { row: UserRow; code: string };
    try {
      created = await this.db.transaction(async (tx) => {
        const row = await insertUser(tx, {
          id: newId(),
          organizationId: org.id,
          first: input.first,
          last: input.last,
          email: input.email,
          roles: input.roles,
          passwordHash: null,
          needsReset: true,
        });
        return { row, code: await createResetCode(tx, row.id, 'invitation') };
      });
    } catch (err) {
      // Two admins adding the same address at once: the unique index decides.
      if (isUniqueViolation(err)) throw emailInUse();
      throw err;
    }
    await this.invite(caller, created.row, org.name, created.code, mail);
    return created.row;
  }

  async update(caller: Caller, userId: string, input: UpdateInput): Promise<UserRow> {
    const target = await this.managedUser(caller, userId);
    if (input.active === false && target.id === caller.id) throw badRequest('user.deactivateSelf');
    if (input.roles && !rolesGrantable(caller.roles, input.roles, target.roles)) throw forbidden('user.grantRole');
    const deactivating = input.active === false && target.active;
    const row = await this.db.transaction(async (tx) => {
      const updated = await updateUserAccount(tx, target.id, {
        ...input.name,
        ...(input.roles ? { roles: input.roles } : {}),
        ...(input.active !== undefined ? { active: input.active } : {}),
      });
      if (deactivating) await revokeAllTokens(tx, target.id);
      return updated;
    });
    if (!row) throw notFound('user.notFound');
    if (deactivating || input.roles) await this.revalidateChannels(row);
    return row;
  }

  async remove(caller: Caller, userId: string): Promise<void> {
    const target = await this.managedUser(caller, userId);
    if (target.id === caller.id) throw badRequest('user.deleteSelf');
    const projectIds = await listProjectIdsReachedBy(this.db, target);
    if (!(await deleteUserRow(this.db, target.id))) throw notFound('user.notFound');
    const realtime = this.deps.realtime;
    for (const projectId of projectIds) await realtime.revalidate(projectId, target.id);
  }

  /** A fresh invitation for an unclaimed account: the earlier links die, the new code is mailed and answered. */
  async resendInvitation(caller: Caller, userId: string, mail: MailContext): Promise<{ row: UserRow; code: string }> {
    const target = await this.managedUser(caller, userId);
    if (!target.needsReset) throw new HttpError('conflict', 'user.alreadyClaimed');
    const since = new Date(Date.now() - HOUR_MS);
    if ((await countCodesSince(this.db, target.id, 'invitation', since)) >= INVITATIONS_PER_HOUR) {
      throw new HttpError('rate-limited', 'user.tooManyInvitations');
    }
    const code = await this.db.transaction(async (tx) => {
      await markAllCodesUsed(tx, target.id);
      return createResetCode(tx, target.id, 'invitation');
    });
    const org = await findOrganizationById(this.db, target.organizationId);
    await this.invite(caller, target, org?.name ?? '', code, mail);
    return { row: target, code };
  }

  /** Names the inviter as the invited person may know them: their name, email, and organization when another. */
  private async invite(caller: Caller, user: UserRow, organizationName: string, code: string, mail: MailContext) {
    const inviterOrganization =
      caller.organizationId === user.organizationId
        ? null
        : ((await findOrganizationById(this.db, caller.organizationId))?.name ?? null);
    await sendInvitation(
      this.deps,
      {
        to: user.email,
        first: user.first,
        organizationName,
        inviter: {
          name: `${caller.first} ${caller.last}`.trim(),
          email: caller.email,
          organizationName: inviterOrganization,
        },
        code,
        language: mail.language,
      },
      mail.log,
    );
  }

  /** Sockets of a deactivated user close now, and a role change re-sorts their rooms, rather than at the next sweep. */
  private async revalidateChannels(user: UserRow): Promise<void> {
    const realtime = this.deps.realtime;
    for (const projectId of await listProjectIdsReachedBy(this.db, user)) await realtime.revalidate(projectId, user.id);
  }
}
