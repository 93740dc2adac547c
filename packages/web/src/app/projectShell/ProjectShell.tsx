import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { useMyProjectPermission } from '../../api/permissions.ts';
import { findMyProject, useMyProjects, useProject } from '../../api/projects.ts';
import { DashboardsRoutes } from '../../features/dashboards/index.ts';
import { DatasetsRoutes } from '../../features/datasets/index.ts';
import { FormsRoutes } from '../../features/forms/index.ts';
import { MappingRoute } from '../../features/mapping/index.ts';
import { ModelsRoutes } from '../../features/models/index.ts';
import { PackagesRoutes } from '../../features/packages/index.ts';
import { CurrentProjectContext } from '../../project/currentProject.tsx';
import { ProjectGuard } from '../../project/guards.tsx';
import { NotFound } from '../../ui/NotFound.tsx';
import { type ShellProject, useShellProject } from '../shellProject.tsx';
import { AreaComingSoon } from './AreaComingSoon.tsx';
import { useProjectSocket } from './projectEvents.ts';
import { PROJECT_AREA_ROUTES, projectRootTarget } from './projectShellRoutes.ts';

/** Mobi loads on its first visit: its word lists (profanity masking) need not weigh on every page. */
const AssistantPage = lazy(async () => ({
  default: (await import('../../features/assistant/AssistantPage.tsx')).AssistantPage,
}));

/**
 * Everything under /projects/{projectId}/: loads the project and the caller's own permission
 * (either failing sends the user to /projects), shows the project in the navigation bar (name, organization
 * logo, the tabs its roles allow), holds the live-update subscription, redirects the root to the first
 * visible area and guards each area by its role.
 */
export function ProjectShell() {
  const { projectId = '' } = useParams();
  return <ProjectShellFor key={projectId} projectId={projectId} />;
}

function ProjectShellFor({ projectId }: { projectId: string }) {
  const { t } = useTranslation('projects');
  const project = useProject(projectId);
  const permission = useMyProjectPermission(projectId);
  // The list gives the organization's logo for the bar (the project itself carries only its organization's id).
  const mine = useMyProjects();
  useProjectSocket(projectId);

  const logo = findMyProject(mine.data, projectId)?.organization.logo ?? null;
  const shellProject = useMemo<ShellProject | null>(
    () =>
      project.data && permission.data
        ? { _id: projectId, name: project.data.name, organizationLogo: logo, roles: permission.data.roles }
        : null,
    [projectId, project.data, permission.data, logo],
  );
  useShellProject(shellProject);

  if (permission.isError || project.isError) return <Navigate to="/projects" replace />;
  if (!project.data || !permission.data) {
    return (
      <Center py={80}>
        <Loader aria-label={t('shell.loading')} />
      </Center>
    );
  }
  const current = { project: project.data, permission: permission.data };
  return (
    <CurrentProjectContext.Provider value={current}>
      <Routes>
        <Route index element={<Navigate to={projectRootTarget(projectId, permission.data.roles)} replace />} />
        {PROJECT_AREA_ROUTES.map(({ key, area, level }) => (
          <Route
            key={key}
            path={`${key}/*`}
            element={
              <ProjectGuard area={area} level={level} permission={permission.data} projectId={projectId}>
                {/* SLOT: the area's own routes replace this placeholder in its issue. */}
                {key === 'dashboards' ? (
                  <DashboardsRoutes />
                ) : key === 'datasets' ? (
                  <DatasetsRoutes />
                ) : key === 'models' ? (
                  <ModelsRoutes />
                ) : key === 'mobi' ? (
                  <Suspense fallback={<Loader aria-label={t('shell.loading')} />}>
                    <AssistantPage />
                  </Suspense>
                ) : key === 'forms' ? (
                  <FormsRoutes />
                ) : (
                  <AreaComingSoon area={key} />
                )}
              </ProjectGuard>
            }
          />
        ))}
        {/* Source-code packages: package view; /env and /dependencies check edit inside. */}
        <Route
          path="packages/*"
          element={
            <ProjectGuard area="package" level="view" permission={permission.data} projectId={projectId}>
              <PackagesRoutes />
            </ProjectGuard>
          }
        />
        {/* The card mapping editor: needs dashboard edit. */}
        <Route
          path="units/:unitId/mapping"
          element={
            <ProjectGuard area="dashboard" level="edit" permission={permission.data} projectId={projectId}>
              <MappingRoute />
            </ProjectGuard>
          }
        />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </CurrentProjectContext.Provider>
  );
}
