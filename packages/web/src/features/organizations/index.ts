/** Organizations: the organization settings pages the settings routes (app/SettingsRoutes.tsx) place. */

export {
  AllOrganizationsPage,
  ClientOrganizationPage,
  ClientOrganizationsPage,
  MyOrganizationPage,
  RootOrganizationPage,
} from './OrganizationPages.tsx';
