import { Navigate, Route, Routes } from 'react-router';
import { useCurrentProject } from '../../project/currentProject.tsx';
import { useProjectCan } from '../../project/useProjectCan.ts';
import { NotFound } from '../../ui/NotFound.tsx';
import { CodeEditorPage } from './CodeEditorPage.tsx';
import { DashAppPage } from './DashAppPage.tsx';
import { PackagePage } from './PackagePage.tsx';
import { PackageTextPage } from './PackageTextPage.tsx';

/**
 * /projects/{projectId}/packages/*, behind the shell's package view guard: the package
 * page, its code, its Dash apps; /env and /dependencies need package edit.
 */
export function PackagesRoutes() {
  const { project } = useCurrentProject();
  const canEdit = useProjectCan('package:edit');
  const editOnly = (element: React.ReactNode) =>
    canEdit ? element : <Navigate to={`/projects/${project._id}/models`} replace />;
  return (
    <Routes>
      <Route index element={<Navigate to={`/projects/${project._id}/models`} replace />} />
      <Route path=":packageId" element={<PackagePage />} />
      <Route path=":packageId/code" element={<CodeEditorPage />} />
      <Route path=":packageId/env" element={editOnly(<PackageTextPage key="env" kind="env" />)} />
      <Route path=":packageId/dependencies" element={editOnly(<PackageTextPage key="deps" kind="dependencies" />)} />
      <Route path=":packageId/dash/:dashApp" element={<DashAppPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
