import {
  type api,
  canAdministerOrganization,
  canChangeOrganizationKind,
  canViewOrganization,
  organizationCreation,
  organizationLifecycleRefusal,
  type ServerMessage,
} from '@tessera/shared';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../platform/context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { logoDataUrl } from '../../platform/logo.ts';
import { readLogoUpload } from '../../platform/logoUpload.ts';
import type { RealtimeGateway } from '../../platform/realtime.ts';
import type { RouteInput } from '../../platform/routes.ts';
import {
  findProject,
  presentProject,
  revalidateOrganizationProjects,
  setOrganizationProjectsPublic,
} from '../projects/index.ts';
import {
  countClientsOf,
  deleteOrganizationRow,
  findOrganizationById,
  insertOrganization,
  listAllOrganizations,
  listClientsOf,
  listProjectIdsOf,
  type OrganizationChange,
  type OrganizationRow,
  revokeOrganizationTokens,
  setOrganizationLogo,
  updateOrganizationRow,
} from './organizations.store.ts';

type Caller = AuthUser['user'];
type CreateInput = RouteInput<typeof api.createOrganization>['body'];
type UpdateInput = RouteInput<typeof api.updateOrganization>['body'];

const invalidConsultant = (message: ServerMessage) => badRequest('generic.invalid', { consultantId: message });

/** Organization lists read by name, case and accents aside (the same on PGlite and PostgreSQL, whatever the collation). */
const byName = (a: OrganizationRow, b: OrganizationRow) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id.localeCompare(b.id);

/**
 * Organizations (and issue 3): the settings area of their own admins, of consultants for their
 * clients and of product operations for all. The rules themselves are the shared ones the web also runs.
 */
export class OrganizationsService {
  private readonly db: Db;
  private readonly realtime: RealtimeGateway;
  constructor(deps: { db: Db; realtime: RealtimeGateway }) {
    this.db = deps.db;
    this.realtime = deps.realtime;
  }

  /** The organization if the caller may see it; 404 otherwise, the same as for one that does not exist. */
  async visible(caller: Caller, id: string): Promise<OrganizationRow> {
    const row = await findOrganizationById(this.db, id);
    if (!row || !canViewOrganization(caller, row)) throw notFound('organization.notFound');
    return row;
  }

  /**
   * manageAllOrganizations: all of them; manageClientOrganizations only: the clients of one's organization (the
   * route's rule `organizations:list` admits no one else).
   */
  async list(caller: Caller): Promise<OrganizationRow[]> {
    if (caller.roles.manageAllOrganizations) return (await listAllOrganizations(this.db)).sort(byName);
    return (await listClientsOf(this.db, caller.organizationId)).sort(byName);
  }

  /** The route's rule `organization:listClients` decided who may ask. */
  async listClients(id: string): Promise<OrganizationRow[]> {
    return (await listClientsOf(this.db, id)).sort(byName);
  }

  async create(caller: Caller, input: CreateInput): Promise<OrganizationRow> {
    const own = await this.visible(caller, caller.organizationId);
    // The route's rule `organizations:create` refused 'none'; the mode decides what is created.
    const mode = organizationCreation(caller, own.type);
    if (mode === 'none') throw forbidden();
    const values =
      mode === 'clientOfOwn'
        ? // Whatever was sent: a client manager creates clients of their own consultant organization only.
          { type: 'client' as const, consultantId: own.id, plan: null }
        : await this.kind(input.type ?? 'independent', input.consultantId ?? null, null);
    return insertOrganization(this.db, {
      id: newId(),
      name: input.name,
      publicSharing: input.publicSharing ?? true,
      plan: mode === 'any' ? (input.plan ?? null) : null,
      ...values,
    });
  }

  /** A type and its consultant: a client needs a consultant organization (not itself); other kinds have none. */
  private async kind(
    type: OrganizationRow['type'],
    consultantId: string | null,
    selfId: string | null,
  ): Promise<{ type: OrganizationRow['type']; consultantId: string | null }> {
    if (type !== 'client') return { type, consultantId: null };
    if (!consultantId) throw invalidConsultant('field.required');
    if (consultantId === selfId) throw invalidConsultant('organization.ownConsultant');
    const consultant = await findOrganizationById(this.db, consultantId);
    if (consultant?.type !== 'consultant') throw invalidConsultant('organization.notConsultant');
    return { type, consultantId: consultant.id };
  }

  async update(caller: Caller, id: string, input: UpdateInput): Promise<OrganizationRow> {
    const org = await this.visible(caller, id);
    // The route's rule `organization:edit` held; deactivating also needs `organization:administer`.
    if (input.active === false && org.active) this.assertLifecycle(caller, org);

    const change: OrganizationChange = {};
    if (input.name !== undefined && input.name !== org.name) change.name = input.name;
    if (input.publicSharing !== undefined && input.publicSharing !== org.publicSharing) {
      change.publicSharing = input.publicSharing;
    }
    if (input.active !== undefined && input.active !== org.active) {
      if (!canAdministerOrganization(caller, org)) throw forbidden();
      change.active = input.active;
    }
    Object.assign(change, await this.kindChange(caller, org, input));

    const row = await this.db.transaction(async (tx) => {
      const updated = await updateOrganizationRow(tx, id, change);
      // Deactivated: every session of its users ends now (their tokens would fail anyway while it stays inactive).
      if (change.active === false) await revokeOrganizationTokens(tx, id);
      const changedProjects =
        change.publicSharing === undefined ? [] : await setOrganizationProjectsPublic(tx, id, change.publicSharing);
      return { updated, changedProjects };
    });
    if (!row.updated) throw notFound('organization.notFound');
    // Live channels learn only what was committed.
    await this.announceProjects(row.changedProjects);
    if (change.active !== undefined) await revalidateOrganizationProjects({ db: this.db, realtime: this.realtime }, id);
    return row.updated;
  }

  /** Type, consultant and plan: product operations only, and only checked when they really change. */
  private async kindChange(caller: Caller, org: OrganizationRow, input: UpdateInput): Promise<OrganizationChange> {
    const type = input.type ?? org.type;
    const consultantId = input.consultantId !== undefined ? input.consultantId : org.consultantId;
    const planChanges = input.plan !== undefined && input.plan !== org.plan;
    const kindChanges = type !== org.type || (type === 'client' && consultantId !== org.consultantId);
    if (!planChanges && !kindChanges) return {};
    if (!canChangeOrganizationKind(caller)) throw forbidden('organization.kindIsProductOperations');
    const change: OrganizationChange = planChanges ? { plan: input.plan } : {};
    if (!kindChanges) return change;
    // A consultant that stops being one would leave its clients without a consultant.
    if (org.type === 'consultant' && type !== 'consultant' && (await countClientsOf(this.db, org.id)) > 0) {
      throw conflict('organization.hasClients');
    }
    return { ...change, ...(await this.kind(type, consultantId, org.id)) };
  }

  /** The route's rule `organization:delete` held (administer it; neither one's own nor product operations'). */
  async remove(caller: Caller, id: string): Promise<void> {
    const org = await this.visible(caller, id);
    // Deleting a consultant would orphan its clients: they are deleted or moved to another consultant first.
    if ((await countClientsOf(this.db, org.id)) > 0) throw conflict('organization.hasClients');
    const projectIds = await listProjectIdsOf(this.db, org.id);
    if (!(await this.db.transaction((tx) => deleteOrganizationRow(tx, org.id))))
      throw notFound('organization.notFound');
    // The projects are gone: this closes every live channel that was open on them.
    const { realtime } = this;
    for (const projectId of projectIds) await realtime.revalidate(projectId);
  }

  async setLogo(caller: Caller, id: string, request: FastifyRequest): Promise<string> {
    // The route's rule `organization:edit` was checked before the upload is read: a caller without it makes the
    // server read nothing.
    const org = await this.visible(caller, id);
    const logo = await readLogoUpload(request);
    await setOrganizationLogo(this.db, org.id, logo);
    return logoDataUrl(logo)!;
  }

  /** One's own organization and the product-operations one are never deactivated (nor deleted: `organization:delete`). */
  private assertLifecycle(caller: Caller, org: OrganizationRow): void {
    const refusal = organizationLifecycleRefusal(caller, org);
    if (refusal === 'own') throw badRequest('organization.deactivateOwn');
    if (refusal === 'productOperations') throw forbidden('organization.productOperations');
  }

  /** Tells the live channels of projects whose `public` flag changed, and re-checks who may stay on them. */
  private async announceProjects(projectIds: string[]): Promise<void> {
    const { realtime } = this;
    for (const projectId of projectIds) {
      const row = await findProject(this.db, projectId);
      if (row) realtime.emit(projectId, 'project:updated', presentProject(row));
      await realtime.revalidate(projectId);
    }
  }
}
