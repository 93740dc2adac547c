import { Alert, Button, Center, Group, Loader, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { api, type CastReport, type DateFormatChoice, type Feature, type FeatureType } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client.ts';
import { dateFormatSample } from './dateFormatSample.ts';

export interface TypeDialogProps {
  feature: Feature;
  /** The type the user picked; the dialog previews the values cast to it. */
  type: FeatureType;
  saving: boolean;
  /** Applies the type; for Date, with the date format chosen (null: the defaults), else undefined. */
  onConfirm: (dateFormat?: DateFormatChoice | null) => void;
  /** Nothing is saved; the feature keeps its type and its original preview. */
  onCancel: () => void;
}

/**
 * Changing a feature's type: a preview of the values read as the new type beside the stored ones
 * (nothing is saved until confirmed), and the warning that it "could break existing charts". Before it is
 * applied, the dialog says how many values the new type cannot read ("N of M values could not be read as
 * dates", over the whole feature) and, for dates, offers the formats that read them (issue #20 item 4).
 */
export function TypeDialog({ feature, type, saving, onConfirm, onCancel }: TypeDialogProps) {
  const { t } = useTranslation('datasets');
  const [format, setFormat] = useState<DateFormatChoice | null>(type === 'date' ? (feature.dateFormat ?? null) : null);
  // The formats offered: those the first report (the defaults, or the kept format) found reading unread values.
  const [offered, setOffered] = useState<Pick<CastReport, 'formats' | 'unread'> | null>(null);
  const preview = useQuery({
    queryKey: ['featureCast', feature._id, type, format],
    queryFn: () =>
      call(api.featureData, {
        params: { id: feature._id },
        query: { castedType: type, limit: 10, ...(format ? { dateFormat: format } : {}) },
      }),
    gcTime: 0,
  });
  const values = preview.data?.values ?? [];
  const original = preview.data?.original ?? feature.preview;
  const report = preview.data?.report;
  if (report && offered === null && type === 'date') setOffered({ formats: report.formats, unread: report.unread });
  const formatChoices = offered?.formats ?? [];
  return (
    <Modal opened onClose={onCancel} title={t('features.typeTitle', { name: feature.name })}>
      <Stack>
        <Alert color="yellow" icon={<IconAlertTriangle size={16} />}>
          {t('features.typeWarning')}
        </Alert>
        {report && report.unread > 0 && (
          <Alert color="red" icon={<IconAlertTriangle size={16} />} data-testid="cast-unread">
            <Text size="sm" fw={600}>
              {t(`features.unread.${type}`, { unread: report.unread, total: report.total })}
            </Text>
            {report.examples.length > 0 && (
              <Text size="sm">{t('features.unreadDetail', { examples: report.examples.join(', ') })}</Text>
            )}
            {type === 'date' && formatChoices.length > 0 && !format && (
              <Text size="sm">{t('features.dateFormatHint')}</Text>
            )}
          </Alert>
        )}
        {type === 'date' && (formatChoices.length > 0 || format) && (
          <Select
            label={t('features.dateFormat')}
            allowDeselect={false}
            value={format ?? ''}
            onChange={(value) => setFormat(value ? (value as DateFormatChoice) : null)}
            data={[
              { value: '', label: t('features.dateFormatDefault') },
              ...formatChoices.map((choice) => ({
                value: choice.format,
                label: t('features.dateFormatOption', {
                  sample: dateFormatSample(choice.format),
                  reads: choice.reads,
                  unread: offered?.unread ?? 0,
                }),
              })),
              ...(format && !formatChoices.some((c) => c.format === format)
                ? [{ value: format, label: dateFormatSample(format) }]
                : []),
            ]}
          />
        )}
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
          <Button onClick={() => onConfirm(type === 'date' ? format : undefined)} loading={saving}>
            {t('features.changeType')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
