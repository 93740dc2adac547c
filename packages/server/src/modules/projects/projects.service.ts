import { can, type MyProject, PROJECT_ROLE_PRESETS, type Project } from '@tessera/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AppContext, AuthUser } from '../../platform/context.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { RealtimeGateway } from '../../platform/realtime.ts';
import { permissions } from '../../platform/tenancy.tables.ts';
import type { ProjectFiles } from './projectFiles.ts';
import { byName, presentMyProject, presentPermissionOf, presentProject } from './projects.presenter.ts';
import {
  deleteProjectRow,
  findOrganizationFacts,
  findProject,
  insertProject,
  listProjectsOfOrganization,
  listReachableProjects,
  type ProjectRow,
  setPublicOfOrganization,
  updateProjectRow,
} from './projects.store.ts';

type Caller = AuthUser['user'];
const organizationNotFound = () => notFound('organization.notFound');

/** Projects: create, list, update (rename, public, transfer to another organization), delete. */
export class ProjectsService {
  private readonly db: Db;
  constructor(
    private readonly deps: Pick<AppContext, 'db' | 'storage' | 'config'> & {
      realtime: RealtimeGateway;
      log: FastifyBaseLogger;
    },
    private readonly projectFiles: readonly ProjectFiles[] = [],
  ) {
    this.db = deps.db;
  }

  /** In the caller's organization, or another they reach; the creator becomes a Full Access member. */
  async create(user: Caller, input: { name: string; organizationId?: string }): Promise<Project> {
    const organization = await findOrganizationFacts(this.db, input.organizationId ?? user.organizationId);
    if (!organization?.active || !can(user, 'organization:reach', organization)) throw organizationNotFound();
    const row = await this.db.transaction(async (tx) => {
      const project = await insertProject(tx, { id: newId(), name: input.name, organizationId: organization.id });
      await tx
        .insert(permissions)
        .values({ id: newId(), userId: user.id, projectId: project.id, roles: PROJECT_ROLE_PRESETS.full });
      return project;
    });
    return presentProject(row);
  }

  /** Every project the caller can open: as a member, or as the organization's project manager. */
  async listMine(user: Caller): Promise<MyProject[]> {
    const rows = await listReachableProjects(this.db, user);
    const mine: Array<{ row: ProjectRow; item: MyProject }> = [];
    for (const { project, organization, permission } of rows) {
      const manager = can(user, 'organization:manageProjects', organization);
      if (!manager && !permission) continue;
      const roles = manager ? PROJECT_ROLE_PRESETS.full : permission!.roles;
      mine.push({
        row: project,
        item: presentMyProject(project, organization, presentPermissionOf(roles, permission?.id ?? null)),
      });
    }
    return mine.sort((a, b) => byName(a.row, b.row)).map((m) => m.item);
  }

  /** The route's rule (`organization:listProjects`, else 404) decided who may ask. */
  async listOfOrganization(organizationId: string): Promise<Project[]> {
    const rows = await listProjectsOfOrganization(this.db, organizationId);
    return rows.sort(byName).map(presentProject);
  }

  async get(projectId: string): Promise<Project> {
    const row = await findProject(this.db, projectId);
    if (!row) throw notFound();
    return presentProject(row);
  }

  /**
   * The access rule already required editProject. Making the project public also needs its organization's
   * publicSharing; moving it to another organization needs the right to reach that organization as a target.
   */
  async update(
    user: Caller,
    projectId: string,
    input: { name?: string; public?: boolean; organizationId?: string },
  ): Promise<Project> {
    const current = await findProject(this.db, projectId);
    if (!current) throw notFound();
    const change: Partial<Pick<ProjectRow, 'name' | 'public' | 'organizationId'>> = {};
    if (input.name !== undefined && input.name !== current.name) change.name = input.name;

    let organizationId = current.organizationId;
    if (input.organizationId !== undefined && input.organizationId !== current.organizationId) {
      const target = await findOrganizationFacts(this.db, input.organizationId);
      if (!target?.active || !can(user, 'organization:receiveProject', target)) throw organizationNotFound();
      change.organizationId = organizationId = target.id;
    }
    const organization = await findOrganizationFacts(this.db, organizationId);
    const wantsPublic = input.public ?? current.public;
    if (wantsPublic && !organization?.publicSharing) {
      // Asking for it is refused; a public project moving to an organization that does not share becomes private.
      if (input.public) throw forbidden('project.publicSharingOff');
      change.public = false;
    } else if (input.public !== undefined && input.public !== current.public) {
      change.public = input.public;
    }

    const row = await updateProjectRow(this.db, projectId, change);
    if (!row) throw notFound();
    const project = presentProject(row);
    if (Object.keys(change).length > 0) {
      const realtime = this.deps.realtime;
      realtime.emit(projectId, 'project:updated', project);
      // Another organization's managers gain or lose the project; anonymous viewers lose a private one.
      if (change.organizationId !== undefined || change.public !== undefined) await realtime.revalidate(projectId);
    }
    return project;
  }

  /**
   * Deletes the project with every asset (the foreign keys' cascades), then the files they had (`projectFiles`:
   * its datasets' segments, its dashboards' preview images, its packages' folders and its assistant's images). A file that could not be removed now is swept at
   * the next start (datasets) or unreachable (an image is only served after its dashboard is found).
   */
  async delete(projectId: string): Promise<void> {
    const files = await Promise.all(this.projectFiles.map((kind) => kind.list(this.db, projectId)));
    if (!(await deleteProjectRow(this.db, projectId))) throw notFound();
    const { storage, config } = this.deps;
    const removals = this.projectFiles.flatMap((kind, i) =>
      files[i].map((id) => kind.remove(storage, id, config.DATA_DIR)),
    );
    for (const result of await Promise.allSettled(removals)) {
      if (result.status === 'rejected')
        this.deps.log.warn({ err: result.reason, projectId }, 'project file not removed');
    }
    const realtime = this.deps.realtime;
    realtime.emit(projectId, 'project:deleted', { _id: projectId });
    // Nobody may open a deleted project: this closes every socket of its channel.
    await realtime.revalidate(projectId);
  }
}

/**
 * Organization cascade (issue 4): changing an organization's publicSharing sets `public` on each of its
 * projects. Called by the organizations module; with the live channel, the projects' sockets are told (and,
 * when sharing stops, their anonymous viewers leave). Answers the ids of the projects that changed.
 */
export async function setOrganizationProjectsPublic(
  db: Db,
  organizationId: string,
  value: boolean,
  realtime?: RealtimeGateway,
): Promise<string[]> {
  const changed = await setPublicOfOrganization(db, organizationId, value);
  if (realtime) {
    for (const projectId of changed) {
      const row = await findProject(db, projectId);
      if (row) realtime.emit(projectId, 'project:updated', presentProject(row));
      await realtime.revalidate(projectId);
    }
  }
  return changed;
}

/**
 * After an organization is deactivated or reactivated: re-checks at once who may stay on the live channels of
 * its projects (the periodic check of every socket would do it within a minute).
 */
export async function revalidateOrganizationProjects(
  { db, realtime }: { db: Db; realtime: RealtimeGateway },
  organizationId: string,
): Promise<void> {
  for (const project of await listProjectsOfOrganization(db, organizationId)) await realtime.revalidate(project.id);
}
