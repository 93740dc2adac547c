import { Avatar, type MantineSize } from '@mantine/core';
import { avatarColor, readableTextOn, type User } from '@tessera/shared';
import classes from './UserAvatar.module.css';

type AvatarUser = Pick<User, '_id' | 'name' | 'logo'>;

export function initials(name: User['name']): string {
  return `${name.first.trim().charAt(0)}${name.last.trim().charAt(0)}`.toUpperCase();
}

/**
 * The user's logo image, or their initials on the avatar colour chosen from their id and first letter (in black
 * or white, whichever reads better). `decorative`: inside a control named otherwise (the
 * user menu), hidden from assistive technologies so that the control's name contains all its text.
 */
export function UserAvatar({
  user,
  size = 'md',
  decorative = false,
}: {
  user: AvatarUser;
  size?: MantineSize | number;
  decorative?: boolean;
}) {
  const color = avatarColor(user._id, user.name.first);
  return (
    <Avatar
      aria-hidden={decorative || undefined}
      styles={{ placeholder: { color: readableTextOn(color) } }}
      src={user.logo ?? undefined}
      alt={`${user.name.first} ${user.name.last}`}
      color={color}
      variant="filled"
      radius="xl"
      size={size}
    >
      {decorative ? <span className={classes.initials} data-initials={initials(user.name)} /> : initials(user.name)}
    </Avatar>
  );
}
