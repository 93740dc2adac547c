import type { Access, ProjectArea } from '../http/access.ts';

import type { OrgRoleKey } from '../organizations/roles.ts';
import { isClientOf, isOwnOrganization, type OrgActor, type OrgRef } from '../organizations/rules.ts';
import { meetsLevel, PROJECT_ROLE_PRESETS, type ProjectRoles } from '../projects/permissions.ts';

/**
 * Project rules: who reaches an organization, who manages its projects, a caller's effective roles
 * on a project, and who opens a dashboard without signing in. Pure: the server enforces them and the web uses
 * the same ones to show or hide its controls.
 */

const has = (actor: OrgActor, role: OrgRoleKey) => actor.roles[role] === true;

/** What the project rules need to know of an organization. */
export type OrganizationFacts = Pick<OrgRef, 'id' | 'type' | 'consultantId'>;

/**
 * The organizations a caller may act on (create a project in, take members from): their own, a client of their
 * consultant organization with manageClientOrganizations, any with manageAllOrganizations.
 */
export function reachesOrganization(actor: OrgActor, org: OrganizationFacts): boolean {
  return (
    isOwnOrganization(actor, org) ||
    has(actor, 'manageAllOrganizations') ||
    (has(actor, 'manageClientOrganizations') && isClientOf(actor, org))
  );
}

/**
 * Who manages an organization's projects (the one definition): manageOrganizationProjects acts as Full Access on
 * the projects of every organization the caller reaches.
 */
export function managesProjectsOf(actor: OrgActor, org: OrganizationFacts): boolean {
  return has(actor, 'manageOrganizationProjects') && reachesOrganization(actor, org);
}

/** The organization settings Projects tab: its own project managers, product operations, its consultant's client managers. */
export function canListProjectsOf(actor: OrgActor, org: OrganizationFacts): boolean {
  return (
    (isOwnOrganization(actor, org) && has(actor, 'manageOrganizationProjects')) ||
    has(actor, 'manageAllOrganizations') ||
    (has(actor, 'manageClientOrganizations') && isClientOf(actor, org))
  );
}

/**
 * Transfer Project targets: every organization for manageAllOrganizations, otherwise the clients of
 * the caller's consultant organization with manageClientOrganizations.
 */
export function canTransferProjectTo(actor: OrgActor, org: OrganizationFacts): boolean {
  return has(actor, 'manageAllOrganizations') || (has(actor, 'manageClientOrganizations') && isClientOf(actor, org));
}

/** What decides a caller's roles on a project: its organization and the caller's own permission there, if any. */
export interface ProjectStanding {
  organization: OrganizationFacts & { active: boolean };
  /** The caller's membership roles, or null when they hold no permission row. */
  permission: ProjectRoles | null;
}

/**
 * The caller's effective roles on a project, or undefined when they have no way in (an inactive organization,
 * neither member nor manager). A manager of the organization's projects acts as Full Access.
 */
export function effectiveProjectRoles(actor: OrgActor, project: ProjectStanding): ProjectRoles | undefined {
  if (!project.organization.active) return undefined;
  if (managesProjectsOf(actor, project.organization)) return PROJECT_ROLE_PRESETS.full;
  return project.permission ?? undefined;
}

export type ProjectRequirement = Extract<Access, { kind: 'project' }>['requirement'];

/** A route's project requirement is met by these roles: an area level (view by view or edit), a flag, or membership. */
export function meetsRequirement(roles: ProjectRoles, requirement: ProjectRequirement): boolean {
  if ('member' in requirement) return true;
  // Never met by roles alone: the server asks the vocabulary with the resource's facts.
  if ('action' in requirement) return false;
  if ('flag' in requirement) return roles[requirement.flag];
  return meetsLevel(roles[requirement.area], requirement.level);
}

/** Shorthand for an area requirement. */
export const areaAt = (area: ProjectArea, level: 'view' | 'edit'): ProjectRequirement => ({ area, level });

/** What decides whether a dashboard opens without signing in. */
export interface PublicExposure {
  projectPublic: boolean;
  organization: { active: boolean; publicSharing: boolean };
}

/** A dashboard is public when its project is public and its organization is active and shares publicly. */
export const isPubliclyVisible = (e: PublicExposure): boolean =>
  e.projectPublic && e.organization.active && e.organization.publicSharing;

/**
 * The preview renderer opens a dashboard that is not public only with a live preview token issued for that very
 * dashboard, and only while its organization is active.
 */
export const previewOpens = (e: PublicExposure, tokenValid: boolean): boolean =>
  isPubliclyVisible(e) || (e.organization.active && tokenValid);
