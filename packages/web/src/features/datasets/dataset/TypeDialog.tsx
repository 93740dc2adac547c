import { Alert, Button, Center, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { api, type Feature, type FeatureType } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client.ts';

export interface TypeDialogProps {
  feature: Feature;
  /** The type the user picked; the dialog previews the values cast to it. */
  type: FeatureType;
  saving: boolean;
  onConfirm: () => void;
  /** Nothing is saved; the feature keeps its type and its original preview. */
  onCancel: () => void;
}

/**
 * Changing a feature's type (spec 3 §4): a preview of the values read as the new type beside the stored ones
 * (nothing is saved until confirmed), and the warning that it "could break existing charts".
 */
export function TypeDialog({ feature, type, saving, onConfirm, onCancel }: TypeDialogProps) {
  const { t } = useTranslation('datasets');
  const preview = useQuery({
    queryKey: ['featureCast', feature._id, type],
    queryFn: () => call(api.featureData, { params: { id: feature._id }, query: { castedType: type, limit: 10 } }),
    gcTime: 0,
  });
  const values = preview.data?.values ?? [];
  const original = preview.data?.original ?? feature.preview;
  return (
    <Modal opened onClose={onCancel} title={t('features.typeTitle', { name: feature.name })}>
      <Stack>
        <Alert color="yellow" icon={<IconAlertTriangle size={16} />}>
          {t('features.typeWarning')}
        </Alert>
        {preview.isError ? (
          <Text c="red" size="sm">
            {(preview.error as Error).message}
          </Text>
        ) : !preview.data ? (
          <Center>
            <Loader size="sm" aria-label={t('page.loading')} />
          </Center>
        ) : (
          <Table withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t(`featureTypes.${feature.type}`)}</Table.Th>
                <Table.Th>{t(`featureTypes.${type}`)}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {values.map((value, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: preview values have only their place
                <Table.Tr key={i}>
                  <Table.Td>{String(original[i] ?? '')}</Table.Td>
                  <Table.Td>{value === null ? '' : String(value)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button onClick={onConfirm} loading={saving}>
            {t('features.changeType')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
