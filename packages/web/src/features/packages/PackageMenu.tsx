import { ActionIcon, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { Package } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeletePackageModal } from './DeletePackageModal.tsx';
import { PackageUploadModal } from './PackageUploadModal.tsx';

/** A package's menu (Update Package / Delete Package, package edit only) with the two dialogs it opens. */
export function PackageMenu({
  pkg,
  projectId,
  onDeleted,
}: {
  pkg: Package;
  projectId: string;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation('packages');
  const [updating, setUpdating] = useState(false);
  const [deleting, setDeleting] = useState(false);
  return (
    <>
      <Menu position="bottom-end">
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={t('menu.label')}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => setUpdating(true)}>{t('menu.update')}</Menu.Item>
          <Menu.Item color="red" onClick={() => setDeleting(true)}>
            {t('menu.delete')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <PackageUploadModal opened={updating} onClose={() => setUpdating(false)} projectId={projectId} existing={pkg} />
      <DeletePackageModal
        opened={deleting}
        onClose={() => setDeleting(false)}
        pkg={pkg}
        projectId={projectId}
        onDeleted={onDeleted}
      />
    </>
  );
}
