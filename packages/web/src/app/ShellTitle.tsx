import { Group, Image, Title } from '@mantine/core';
import type { User } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { ShellProject } from './shellProject.tsx';
import { shellTitleKey } from './shellTitle.ts';

/** The bar's title: the project's name and organization logo inside a project, else by path. */
export function ShellTitle({ user, project }: { user: Pick<User, 'name'>; project: ShellProject | null }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  if (project) {
    return (
      <Group gap="sm" wrap="nowrap" miw={0}>
        {project.organizationLogo && (
          <Image src={project.organizationLogo} alt={t('title.organizationLogo')} h={32} w="auto" fit="contain" />
        )}
        {/* Two lines in the bar: a narrow window still reads a long project name (docs/accessibility.md "Reflow"). */}
        <Title order={1} fz={{ base: 'sm', sm: 'lg' }} lh={1.25} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {project.name}
        </Title>
      </Group>
    );
  }
  const key = shellTitleKey(pathname);
  if (!key) return null;
  return (
    <Title order={1} fz={{ base: 'md', sm: 'lg' }} lineClamp={1}>
      {t(`title.${key}`, { first: user.name.first })}
    </Title>
  );
}
