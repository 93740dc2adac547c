import { ActionIcon, Alert, Badge, Center, Group, Loader, Menu, Progress, Stack, Tabs, Text } from '@mantine/core';
import { IconDots, IconTrash } from '@tabler/icons-react';
import type { DatasetDetail } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useDataset } from '../../../api/datasets.ts';
import { useProjectCan } from '../../../project/useProjectCan.ts';
import { usePageName } from '../../../ui/documentTitle.ts';
import { useUploads } from '../upload/UploadsContext.tsx';
import { DatasetName } from './DatasetName.tsx';
import { DataTab } from './DataTab.tsx';
import { DeleteDatasetModal } from './DeleteDatasetModal.tsx';
import { FeaturesTab } from './FeaturesTab.tsx';
import { HistoryTab } from './HistoryTab.tsx';

/** The dataset page: an editable name, the type badge and the tabs Data, Features, Append History. */
export function DatasetPage({ projectId, canEdit }: { projectId: string; canEdit: boolean }) {
  const { t } = useTranslation('datasets');
  const { datasetId = '' } = useParams();
  const dataset = useDataset(projectId, datasetId);
  usePageName(dataset.data?.name);
  const [tab, setTab] = useState<string | null>('data');
  const upload = useUploads().running.find((u) => u.datasetId === datasetId);

  if (dataset.isError) return <Alert color="red">{t('page.notFound')}</Alert>;
  if (!dataset.data) {
    return (
      <Center py={60}>
        <Loader aria-label={t('page.loading')} />
      </Center>
    );
  }
  const d = dataset.data;
  return (
    <Stack key={d._id}>
      {/* The badge and menu wrap below the name on a narrow window, never cut (docs/accessibility.md "Reflow"). */}
      <Group justify="space-between">
        <DatasetName projectId={projectId} dataset={d} canEdit={canEdit} />
        <Group gap="xs" wrap="nowrap">
          <TypeBadge dataset={d} projectId={projectId} />
          {canEdit && <DatasetMenu projectId={projectId} dataset={d} />}
        </Group>
      </Group>
      {upload && (
        <Stack gap={2}>
          <Text size="sm">{t('page.uploading')}</Text>
          <Progress value={upload.total ? (100 * upload.sent) / upload.total : 0} aria-label={t('queue.progress')} />
        </Stack>
      )}
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="data">{t('tabs.data')}</Tabs.Tab>
          <Tabs.Tab value="features">{t('tabs.features')}</Tabs.Tab>
          {d.type === 'file' && <Tabs.Tab value="history">{t('tabs.history')}</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="data" pt="md">
          <DataTab projectId={projectId} dataset={d} />
        </Tabs.Panel>
        <Tabs.Panel value="features" pt="md">
          <FeaturesTab projectId={projectId} datasetId={d._id} canEdit={canEdit} />
        </Tabs.Panel>
        {d.type === 'file' && (
          <Tabs.Panel value="history" pt="md">
            <HistoryTab projectId={projectId} dataset={d} canEdit={canEdit} />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}

/** The dataset's menu (dataset edit): Delete Dataset, with its typed-name confirmation. */
function DatasetMenu({ projectId, dataset }: { projectId: string; dataset: DatasetDetail }) {
  const { t } = useTranslation('datasets');
  const [deleting, setDeleting] = useState(false);
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={t('delete.menu')}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(true)}>
            {t('delete.action')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {deleting && <DeleteDatasetModal projectId={projectId} dataset={dataset} onClose={() => setDeleting(false)} />}
    </>
  );
}

/**
 * CSV Dataset, Joined Dataset, Model Output (a link to the model), Form Responses (a link to the form), else
 * Unknown type; the links show only to those with the model's (package) or form's edit right.
 */
function TypeBadge({ dataset, projectId }: { dataset: DatasetDetail; projectId: string }) {
  const { t } = useTranslation('datasets');
  const canEditPackages = useProjectCan('package:edit');
  const canEditForms = useProjectCan('form:edit');
  const { type, source } = dataset;
  if (type === 'file') return <Badge>{t('badges.file')}</Badge>;
  if (type === 'joined') return <Badge color="grape">{t('badges.joined')}</Badge>;
  if (type === 'modelResult') {
    const link = source.model && canEditPackages;
    return link ? (
      <Badge color="teal" component={Link} to={`/projects/${projectId}/models/${source.model?.id}`}>
        {t('badges.modelResult')}
      </Badge>
    ) : (
      <Badge color="teal">{t('badges.modelResult')}</Badge>
    );
  }
  if (type === 'formData') {
    const link = source.form && canEditForms;
    return link ? (
      <Badge color="orange" component={Link} to={`/projects/${projectId}/forms/${source.form?.id}`}>
        {t('badges.formData')}
      </Badge>
    ) : (
      <Badge color="orange">{t('badges.formData')}</Badge>
    );
  }
  return <Badge color="gray">{t('badges.unknown')}</Badge>;
}
