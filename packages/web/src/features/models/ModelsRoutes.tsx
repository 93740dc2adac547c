import { Route, Routes } from 'react-router';
import { NotFound } from '../../ui/NotFound.tsx';
import { ModelPage } from './ModelPage.tsx';
import { ModelsArea } from './ModelsArea.tsx';
import { OnboardPage } from './onboard/OnboardPage.tsx';

/** /projects/{projectId}/models/* : the Models area and a model's detail page. */
export function ModelsRoutes() {
  return (
    <Routes>
      <Route index element={<ModelsArea />} />
      <Route path="onboard" element={<OnboardPage />} />
      <Route path=":modelId/onboard" element={<OnboardPage />} />
      <Route path=":modelId" element={<ModelPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
