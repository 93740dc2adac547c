import { Avatar, type MantineSize } from '@mantine/core';
import { avatarColor, type User } from '@tessera/shared';

type AvatarUser = Pick<User, '_id' | 'name' | 'logo'>;

export function initials(name: User['name']): string {
  return `${name.first.trim().charAt(0)}${name.last.trim().charAt(0)}`.toUpperCase();
}

/** The user's logo image, or their initials on the avatar colour chosen from their id and first letter. */
export function UserAvatar({ user, size = 'md' }: { user: AvatarUser; size?: MantineSize | number }) {
  return (
    <Avatar
      src={user.logo ?? undefined}
      alt={`${user.name.first} ${user.name.last}`}
      color={avatarColor(user._id, user.name.first)}
      variant="filled"
      radius="xl"
      size={size}
    >
      {initials(user.name)}
    </Avatar>
  );
}
