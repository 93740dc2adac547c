import { notifications } from '@mantine/notifications';
import type { Package } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { usePackageMutations } from '../../api/packages.ts';
import { ConfirmModal } from '../../ui/ConfirmModal.tsx';

/** Delete Package (package edit): refused by the server with its message while a model uses the package. */
export function DeletePackageModal({
  opened,
  onClose,
  pkg,
  projectId,
  onDeleted,
}: {
  opened: boolean;
  onClose: () => void;
  pkg: Package;
  projectId: string;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation('packages');
  const { remove } = usePackageMutations(projectId, pkg._id);
  return (
    <ConfirmModal
      opened={opened}
      onClose={onClose}
      title={t('delete.title')}
      message={t('delete.confirm', { name: pkg.name })}
      confirmLabel={t('delete.submit')}
      onConfirm={async () => {
        await remove.mutateAsync();
        notifications.show({ color: 'green', message: t('delete.done') });
        onDeleted?.();
      }}
    />
  );
}
