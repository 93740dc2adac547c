import { meetsLevel, type ProjectRoles } from '../projects/permissions.ts';

/**
 * Model rules on dashboards: running a model needs model view, or dashboard view when a dashboard
 * of the project reads the model's outputs (the model bar); the model edit link needs model edit; public
 * visitors (no actor) run nothing and cannot reset inputs. Pure: the server enforces `model:run` before the run
 * routes' handlers, and the dashboard shows or hides its run controls with the same rule.
 */

/** What decides whether a caller runs a model: their roles on its project, and whether a dashboard uses it. */
export interface ModelStanding {
  roles: ProjectRoles;
  /** Some card of a dashboard of the model's project reads one of the model's output datasets. */
  onDashboard: boolean;
}

export const canRunModel = (s: ModelStanding): boolean =>
  meetsLevel(s.roles.model, 'view') || (s.onDashboard && meetsLevel(s.roles.dashboard, 'view'));

/**
 * Whether the facts are needed at all: with model view the answer is yes whatever the dashboards hold, and
 * without model view or dashboard view it is no.
 */
export const runDependsOnDashboards = (roles: ProjectRoles): boolean =>
  !meetsLevel(roles.model, 'view') && meetsLevel(roles.dashboard, 'view');
