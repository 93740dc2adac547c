import {
  can,
  canActOnMember,
  canGrant,
  DEFAULT_MEMBER_PRESET,
  type Member,
  type MemberUser,
  type MyProjectPermission,
  PROJECT_ROLE_PRESETS,
  type ProjectRoles,
  withPackageOfModel,
} from '@tessera/shared';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../platform/context.ts';
import { forbidden, HttpError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { ProjectContext } from '../../platform/projectAccess.ts';
import type { RealtimeGateway } from '../../platform/realtime.ts';
import { findOrganizationFacts, presentPermissionOf } from '../projects/index.ts';
import { byPerson, presentMember, presentMemberUser } from './permissions.presenter.ts';
import {
  deletePermissionRow,
  findMember,
  findPermission,
  findPermissionOf,
  findUserStanding,
  insertPermission,
  listCandidates,
  listMembers,
  updatePermissionRoles,
} from './permissions.store.ts';

type Caller = AuthUser['user'];

/**
 * Project members: every project-rule check (membership, editMembers) was made by the route's
 * rule, which passes the caller's effective rights on the project as `project`.
 */
export class PermissionsService {
  private readonly db: Db;
  private readonly realtime: RealtimeGateway;
  constructor(deps: { db: Db; realtime: RealtimeGateway }) {
    this.db = deps.db;
    this.realtime = deps.realtime;
  }

  async members(projectId: string): Promise<Member[]> {
    const rows = await listMembers(this.db, projectId);
    return rows.sort((a, b) => byPerson(a.user, b.user)).map(presentMember);
  }

  async mine(user: Caller, project: ProjectContext): Promise<MyProjectPermission> {
    const own = await findPermissionOf(this.db, user.id, project.id);
    return presentPermissionOf(project.roles, own?.id ?? null);
  }

  /** Only active users are offered, from an organization the caller reaches, who are not members yet. */
  async candidates(user: Caller, projectId: string, organizationId = user.organizationId): Promise<MemberUser[]> {
    const organization = await findOrganizationFacts(this.db, organizationId);
    if (!organization?.active || !can(user, 'organization:reach', organization))
      throw notFound('organization.notFound');
    const rows = await listCandidates(this.db, projectId, organization.id);
    return rows.sort(byPerson).map(presentMemberUser);
  }

  async add(user: Caller, project: ProjectContext, input: { userId: string; roles?: ProjectRoles }): Promise<Member> {
    const roles = withPackageOfModel(input.roles ?? PROJECT_ROLE_PRESETS[DEFAULT_MEMBER_PRESET]);
    const candidate = await findUserStanding(this.db, input.userId);
    if (
      !candidate?.active ||
      !candidate.organization.active ||
      !can(user, 'organization:reach', candidate.organization)
    ) {
      throw notFound('user.notFound');
    }
    if (!canGrant(project.roles, roles)) throw forbidden('project.moreThanHeld');
    const inserted = await insertPermission(this.db, {
      id: newId(),
      userId: candidate.id,
      projectId: project.id,
      roles,
    });
    if (!inserted) throw new HttpError('conflict', 'project.alreadyMember');
    return this.announce(inserted.id);
  }

  /**
   * Nobody grants more than they hold, nor changes a member who holds more than they do; one's own role changes only
   * for a manager of the organization's projects.
   */
  async update(user: Caller, project: ProjectContext, permissionId: string, asked: ProjectRoles): Promise<Member> {
    const roles = withPackageOfModel(asked);
    const current = await findPermission(this.db, permissionId);
    if (!current) throw notFound();
    if (current.userId === user.id) {
      const organization = await findOrganizationFacts(this.db, project.organizationId);
      if (!organization || !can(user, 'organization:manageProjects', organization)) throw forbidden('project.ownRole');
    } else if (!canActOnMember(project.roles, current.roles)) throw forbidden('project.holdsMore');
    if (!canGrant(project.roles, roles)) throw forbidden('project.moreThanHeld');
    if (!(await updatePermissionRoles(this.db, permissionId, roles))) throw notFound();
    const member = await this.announce(permissionId);
    await this.realtime.revalidate(project.id, current.userId);
    return member;
  }

  /** Removing a member needs editMembers and at least their rights; leaving (one's own permission) needs nothing more than membership. */
  async remove(user: Caller, project: ProjectContext, permissionId: string): Promise<void> {
    const current = await findPermission(this.db, permissionId);
    if (!current) throw notFound();
    if (current.userId !== user.id && !project.roles.editMembers) throw forbidden();
    if (current.userId !== user.id && !canActOnMember(project.roles, current.roles))
      throw forbidden('project.holdsMore');
    const deleted = await deletePermissionRow(this.db, permissionId);
    if (!deleted) throw notFound();
    const realtime = this.realtime;
    realtime.emit(project.id, 'permission:deleted', {
      _id: deleted.id,
      userId: deleted.userId,
      projectId: deleted.projectId,
    });
    // The removed user's sockets close, unless they still reach the project as its organization's manager.
    await realtime.revalidate(project.id, deleted.userId);
  }

  private async announce(permissionId: string): Promise<Member> {
    const row = await findMember(this.db, permissionId);
    if (!row) throw notFound();
    const member = presentMember(row);
    this.realtime.emit(member.projectId, 'permission:updated', member);
    return member;
  }
}
