import { Route, Routes } from 'react-router';
import { useCurrentProject } from '../../project/currentProject.tsx';
import { ProjectGuard } from '../../project/guards.tsx';
import { FormBuilderPage } from './builder/FormBuilderPage.tsx';
import { FormsListPage } from './list/FormsListPage.tsx';

/**
 * The forms area under /projects/{projectId}/forms, behind the shell's form view guard: the
 * list, and the builder, which needs form edit.
 */
export function FormsRoutes() {
  const { project, permission } = useCurrentProject();
  return (
    <Routes>
      <Route index element={<FormsListPage />} />
      <Route
        path=":formId"
        element={
          <ProjectGuard area="form" level="edit" permission={permission} projectId={project._id}>
            <FormBuilderPage />
          </ProjectGuard>
        }
      />
    </Routes>
  );
}
