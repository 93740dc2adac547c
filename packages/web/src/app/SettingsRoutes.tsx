import { Navigate, Route, Routes } from 'react-router';
import {
  AllOrganizationsPage,
  ClientOrganizationPage,
  ClientOrganizationsPage,
  MyOrganizationPage,
  RootOrganizationPage,
} from '../features/organizations/index.ts';
import { AccountSettings } from '../features/settings/index.ts';
import { RoleGuard } from '../project/guards.tsx';
import { NotFound } from '../ui/NotFound.tsx';

/**
 * The settings area under /settings, each route behind the organization role the spec names: a
 * failed check is the 404 page.
 */
export function SettingsRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="users/my" replace />} />
      <Route path="users/my/*" element={<AccountSettings />} />
      <Route element={<RoleGuard requires="editOrganizationSettings" />}>
        <Route path="organizations/my/*" element={<MyOrganizationPage />} />
      </Route>
      <Route element={<RoleGuard requires="manageClientOrganizations" />}>
        <Route path="clients" element={<ClientOrganizationsPage />} />
        <Route path="clients/:clientId/*" element={<ClientOrganizationPage />} />
      </Route>
      <Route element={<RoleGuard requires="manageAllOrganizations" />}>
        <Route path="root/organizations" element={<AllOrganizationsPage />} />
        <Route path="root/organizations/:organizationId/*" element={<RootOrganizationPage />} />
        <Route path="root/*" element={<Navigate to="/settings/root/organizations" replace />} />
      </Route>
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
