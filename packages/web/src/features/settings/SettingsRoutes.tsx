import { Navigate, Route, Routes } from 'react-router';
import { NotFound } from '../../app/NotFound.tsx';
import { AccountSettings } from './AccountSettings.tsx';

/**
 * The settings area under /settings (spec 1 §2). The own account is here; the organization, client and
 * product-operations screens come with the organization administration and answer the 404 page until then.
 */
export function SettingsRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="users/my" replace />} />
      <Route path="users/my/*" element={<AccountSettings />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
