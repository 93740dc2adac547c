import { useParams } from 'react-router';
import { useOrganization } from '../../api/organizations.ts';
import { useMyOrganization } from '../../api/session.ts';
import { NotFound } from '../../ui/NotFound.tsx';
import { OrganizationList } from './OrganizationList.tsx';
import { OrganizationLoading, OrganizationSettings } from './OrganizationSettings.tsx';

/** /settings/organizations/my/*: the viewer's own organization. */
export function MyOrganizationPage() {
  const organization = useMyOrganization();
  if (!organization.data) return organization.isError ? null : <OrganizationLoading />;
  return <OrganizationSettings organization={organization.data} basePath="/settings/organizations/my" />;
}

/** One organization opened from a list, by id; unknown or out of reach is the 404 page. */
function OrganizationById({ id, listPath }: { id: string; listPath: string }) {
  const organization = useOrganization(id);
  if (organization.isError) return <NotFound />;
  if (!organization.data) return <OrganizationLoading />;
  return <OrganizationSettings organization={organization.data} basePath={`${listPath}/${id}`} listPath={listPath} />;
}

/** /settings/clients/{clientId}/*. */
export function ClientOrganizationPage() {
  const { clientId = '' } = useParams();
  return <OrganizationById key={clientId} id={clientId} listPath="/settings/clients" />;
}

/** /settings/root/organizations/{organizationId}/*. */
export function RootOrganizationPage() {
  const { organizationId = '' } = useParams();
  return <OrganizationById key={organizationId} id={organizationId} listPath="/settings/root/organizations" />;
}

/** /settings/clients: the client organizations of the viewer's consultant organization. */
export function ClientOrganizationsPage() {
  return <OrganizationList kind="clients" />;
}

/** /settings/root/organizations: every organization. */
export function AllOrganizationsPage() {
  return <OrganizationList kind="all" />;
}
