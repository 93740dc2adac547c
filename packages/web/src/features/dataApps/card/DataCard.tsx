import { ActionIcon, Box, Group, Paper, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconGripVertical, IconInfoCircle, IconPencil, IconTableColumn } from '@tabler/icons-react';
import { cardIsMapped, type Unit, type UnitType } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { useUnitMutations } from '../../../api/dashboards.ts';
import { useServerText } from '../../../app/serverText.ts';
import { CardBody } from '../../cards/CardBody.tsx';
import { downloadCard } from '../../cards/download.ts';
import { useCardData } from '../../cards/useCardData.ts';
import { pointOf } from '../../crossFilters/crossFilterEntries.ts';
import { useCrossFilters } from '../../crossFilters/useCrossFilters.ts';
import { ViewRowsModal } from '../../crossFilters/ViewRowsModal.tsx';
import { CardFilterIcon } from '../../filters/CardFilterIcon.tsx';
import { useActiveFilters } from '../../filters/useActiveFilters.ts';
import { placeProjectId, useDashboardMode } from '../dashboard/dashboardMode.tsx';
import { useExport } from '../export/useExport.ts';
import { CardModelIcon } from '../models/CardModelIcon.tsx';
import { unitMappingPath } from '../paths.ts';
import { CardMenu, cardMenuItems } from './CardMenu.tsx';
import { CardName } from './CardName.tsx';
import { ChartTableButton } from './ChartTableButton.tsx';
import { useCardFilters } from './cardFilters.ts';
import { DescriptionBox } from './DescriptionBox.tsx';
import { TypeChooser } from './TypeChooser.tsx';

/** The class react-grid-layout drags cards by (the header's handle). */
export const DRAG_HANDLE_CLASS = 'card-drag-handle';

interface Props {
  unit: Unit;
  /** The card's height in grid rows. */
  h: number | undefined;
  /** Cards are dragged on desktop only. */
  draggable: boolean;
}

/**
 * A card: the header (name, drag handle, its model icon, the filters that apply to it, info, edit, menu) and the body — the type chooser
 * for a card with no type, else its data's view or placeholder (features/cards) — and the description box.
 */
export function DataCard({ unit, h, draggable }: Props) {
  const { t } = useTranslation('dataApps');
  const serverText = useServerText();
  const navigate = useNavigate();
  const { canEdit, cardMenu, place } = useDashboardMode();
  const units = useUnitMutations(unit.dashboardId);
  const [describing, setDescribing] = useState(false);
  const projectId = placeProjectId(place);
  const card = useCardData(unit);
  const cardFilters = useCardFilters(unit);
  const { filters: inForce } = useActiveFilters(unit.dashboardId, unit.tabId);
  const cross = useCrossFilters(unit.dashboardId, unit.tabId);
  const [viewingRows, setViewingRows] = useState(false);
  // "Show as table": the chart's data in place of its drawing, until asked back (docs/accessibility.md).
  const [asTable, setAsTable] = useState(false);
  const toggleTable = () => setAsTable((shown) => !shown);

  const failed = (error: unknown) =>
    notifications.show({
      color: 'red',
      message: error instanceof ApiError ? serverText(error.message) : t('common.failed'),
    });
  const save = (change: { name?: string; description?: string }) =>
    units.update.mutate({ unitId: unit._id, change }, { onError: failed });
  const openMapping = (type: string) => {
    if (projectId) void navigate(unitMappingPath(projectId, unit._id, unit.tabId, type));
  };
  const choose = (type: UnitType) =>
    units.update.mutate(
      { unitId: unit._id, change: { type } },
      { onSuccess: () => openMapping(type), onError: failed },
    );

  const download = () =>
    downloadCard(unit._id, unit.tabId).catch(() =>
      notifications.show({ color: 'red', message: t('cards:menu.downloadFailed') }),
    );
  const downloadable = cardIsMapped(unit) && !card.failed && !card.data?.error;
  const exportable = place.kind === 'project';
  const exporter = useExport(unit.dashboardId, [unit.tabId]);
  const items = cardMenuItems({ type: unit.type, downloadable }, { canEdit, cardMenu, exportable });

  return (
    <Paper withBorder radius="md" h="100%" style={{ display: 'flex', flexDirection: 'column', overflow: 'hidden' }}>
      <Group gap={4} wrap="nowrap" px="xs" pt={6} pb={2} miw={0}>
        {canEdit && draggable && (
          <Box
            className={DRAG_HANDLE_CLASS}
            role="img"
            aria-label={t('card.drag')}
            style={{ cursor: 'grab', display: 'flex' }}
            c="dimmed"
          >
            <IconGripVertical size={16} />
          </Box>
        )}
        <CardName name={unit.name} editable={canEdit} onSave={(name) => save({ name })} />
        {projectId && unit.type && <CardModelIcon projectId={projectId} unit={unit} />}
        {unit.type && <CardFilterIcon unit={unit} filters={cardFilters} />}
        {unit.description && (
          <Tooltip
            label={<Box style={{ maxHeight: 350, overflow: 'hidden', whiteSpace: 'pre-wrap' }}>{unit.description}</Box>}
            multiline
            maw={320}
            openDelay={500}
            events={{ hover: true, focus: true, touch: true }}
          >
            <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('card.info')}>
              <IconInfoCircle size={16} />
            </ActionIcon>
          </Tooltip>
        )}
        {canEdit && unit.type && projectId && (
          <ActionIcon
            variant="subtle"
            color="gray"
            size={24}
            aria-label={t('card.edit')}
            onClick={() => openMapping(unit.type as string)}
          >
            <IconPencil size={16} />
          </ActionIcon>
        )}
        {downloadable && (unit.type === 'chart' || unit.type === 'kpi' || unit.type === 'table') && (
          <Tooltip label={t('viewRows.open')} openDelay={500}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={t('viewRows.open')}
              onClick={() => setViewingRows(true)}
            >
              <IconTableColumn size={16} />
            </ActionIcon>
          </Tooltip>
        )}
        {!cardMenu && place.kind !== 'preview' && unit.type === 'chart' && downloadable && (
          <ChartTableButton asTable={asTable} onToggle={toggleTable} />
        )}
        <CardMenu
          items={items}
          asTable={asTable}
          onToggleTable={toggleTable}
          onEditDescription={() => setDescribing(true)}
          onDuplicate={() => units.duplicate.mutate({ tabId: unit.tabId, unitId: unit._id }, { onError: failed })}
          onDownload={() => void download()}
          onDownloadPng={() => void exporter.start({ format: 'png', unitId: unit._id })}
          onDelete={() => units.remove.mutateAsync({ tabId: unit.tabId, unitId: unit._id }).catch(failed)}
          onBetaCardTypes={() => openMapping('custom')}
        />
      </Group>
      <Box flex={1} miw={0} mih={0} style={{ overflow: 'auto' }}>
        {unit.type === null ? (
          <TypeChooser canEdit={canEdit} h={h} busy={units.update.isPending} onChoose={choose} />
        ) : (
          <CardBody unit={unit} card={card} h={h} showFinishHint={canEdit} asTable={asTable} />
        )}
      </Box>
      {viewingRows && (
        <ViewRowsModal
          unit={unit}
          body={{
            filters: inForce.map(({ valid: _valid, ...filter }) => filter),
            ...(cross.forCard(unit._id) ? { crossFilters: cross.forCard(unit._id) } : {}),
            ...(cross.ownOf(unit._id).length ? { point: pointOf(cross.ownOf(unit._id)) } : {}),
          }}
          onClose={() => setViewingRows(false)}
        />
      )}
      {describing && (
        <DescriptionBox
          description={unit.description}
          onSave={(description) => save({ description })}
          onClose={() => setDescribing(false)}
        />
      )}
    </Paper>
  );
}
