import { Alert, Code, Loader, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { isBuilding, PACKAGE_STATUSES, type Package } from '@tessera/shared';
import { useTranslation } from 'react-i18next';

/** A package's status in words. */
export function usePackageStatusText() {
  const { t, i18n } = useTranslation('packages');
  return (pkg: Pick<Package, 'status' | 'timeCreated' | 'lastUpdated'>) => {
    if (!(PACKAGE_STATUSES as readonly string[]).includes(pkg.status)) return t('status.unknown');
    if (pkg.status === 'built') {
      const date = new Date(pkg.timeCreated).toLocaleDateString(i18n.language, { dateStyle: 'medium' });
      return t('status.built', { date });
    }
    return t(`status.${pkg.status}`);
  };
}

/** The build banner of the package page, shown while the build is not complete. */
export function BuildBanner({ pkg }: { pkg: Package }) {
  const text = usePackageStatusText();
  if (pkg.status === 'built') return null;
  if (isBuilding(pkg.status)) {
    return (
      <Alert color="blue" icon={<Loader size="xs" />} role="status">
        {text(pkg)}
      </Alert>
    );
  }
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
      <Text size="sm">{text(pkg)}</Text>
      {pkg.errorLog && (
        <Code block mt="xs" style={{ maxHeight: 240, overflow: 'auto', whiteSpace: 'pre-wrap' }}>
          {pkg.errorLog}
        </Code>
      )}
    </Alert>
  );
}
