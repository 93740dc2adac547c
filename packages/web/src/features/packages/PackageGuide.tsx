import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { IconDownload, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { downloadPackageTemplate } from '../../api/packages.ts';

/**
 * What the Add package dialog says first (docs/writing-a-package.md): what a package is, a template zip to
 * start from, and the help page with the whole guide.
 */
export function PackageGuide() {
  const { t } = useTranslation('packages');
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const download = () => {
    setState('busy');
    downloadPackageTemplate().then(
      () => setState('idle'),
      () => setState('failed'),
    );
  };
  return (
    <Alert variant="light" icon={<IconInfoCircle size={16} />} data-testid="package-guide">
      <Text size="sm">{t('guide.what')}</Text>
      <Group gap="sm" mt="xs">
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconDownload size={14} />}
          loading={state === 'busy'}
          onClick={download}
        >
          {t('guide.template')}
        </Button>
        <Anchor component={Link} to="/help/writing-a-package" target="_blank" size="sm">
          {t('guide.help')}
        </Anchor>
      </Group>
      {state === 'failed' && (
        <Text size="sm" c="red" mt={4}>
          {t('guide.templateFailed')}
        </Text>
      )}
    </Alert>
  );
}
