import { Avatar } from '@mantine/core';
import type { Organization } from '@tessera/shared';

/** An organization's logo, or the first letter of its name. */
export function OrganizationLogo({
  organization,
  size = 40,
}: {
  organization: Pick<Organization, 'name' | 'logo'>;
  size?: number;
}) {
  return (
    <Avatar
      src={organization.logo ?? undefined}
      alt={organization.name}
      size={size}
      radius="sm"
      color="blue"
      variant="light"
    >
      {organization.name.trim().charAt(0).toUpperCase()}
    </Avatar>
  );
}
