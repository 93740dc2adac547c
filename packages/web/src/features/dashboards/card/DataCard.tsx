import { ActionIcon, Box, Group, Paper, Tooltip, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconGripVertical, IconInfoCircle, IconPencil, IconTableColumn } from '@tabler/icons-react';
import { cardIsMapped, type Unit, type UnitType } from '@tessera/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { useUnitMutations } from '../../../api/dashboards.ts';
import { useServerText } from '../../../ui/serverText.ts';
import { downloadCard, placeProjectId, unitMappingPath, useDashboardMode } from '../../canvas/index.ts';
import { CardBody, useCardData } from '../../cards/index.ts';
import { type Clicked, pointOf, useCrossFilters, ViewRowsModal } from '../../crossFilters/index.ts';
import { CardFilterIcon, useActiveFilters } from '../../filters/index.ts';
import { AlertDialog } from '../alerts/AlertDialog.tsx';
import { useExport } from '../export/useExport.ts';
import { cardLayoutKeyDown, type LayoutStep, useCardLayoutControls } from '../grid/cardLayoutKeys.tsx';
import { CardModelIcon } from '../models/CardModelIcon.tsx';
import { CardLayoutDialog } from './CardLayoutDialog.tsx';
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
  const { t } = useTranslation('dashboards');
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
  // View rows is open, and from where: its menu item is gone when it closes, its icon button is still there.
  const [viewingRows, setViewingRows] = useState<'menu' | 'icon' | null>(null);
  // The chart element the keyboard focused: the menu's View rows drills into it (else into the selection).
  const [focused, setFocused] = useState<Clicked[] | undefined>();
  const drilled = focused?.length ? focused : cross.ownOf(unit._id);
  const [settingAlert, setSettingAlert] = useState(false);
  // "Show as table": the chart's data in place of its drawing, until asked back (docs/accessibility.md).
  const [asTable, setAsTable] = useState(false);
  const toggleTable = () => setAsTable((shown) => !shown);
  // Moving and resizing without dragging (docs/accessibility.md "Layout by keyboard"): desktop editors only.
  const layoutControls = useCardLayoutControls();
  const [laying, setLaying] = useState<LayoutStep | null>(null);
  const keysHintId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const focusHere = (location.state as { focusCard?: string } | null)?.focusCard === unit._id;
  // Coming back from this card's mapping editor (saved or cancelled): the focus goes to its Edit button, else its
  // menu, rather than to the page's body (docs/accessibility.md "Focus").
  useEffect(() => {
    if (focusHere) (editButton.current ?? menuButton.current)?.focus();
  }, [focusHere]);
  // The menu item that opened the dialog is gone when it closes: the focus goes back to the menu's button.
  const stopLaying = () => {
    setLaying(null);
    setTimeout(() => menuButton.current?.focus(), 0);
  };
  const cardName = unit.name || t('card.untitled');

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
  const items = cardMenuItems(
    { type: unit.type, downloadable },
    { canEdit, cardMenu, exportable, alertable: exportable, movable: layoutControls !== null },
  );

  return (
    <Paper withBorder radius="md" h="100%" style={{ display: 'flex', flexDirection: 'column', overflow: 'hidden' }}>
      <Group gap={4} wrap="nowrap" px="xs" pt={6} pb={2} miw={0}>
        {canEdit && draggable && (
          <ActionIcon
            className={DRAG_HANDLE_CLASS}
            variant="subtle"
            color="gray"
            // 24 px: the smallest target WCAG 2.5.8 allows.
            size={24}
            aria-label={t('layout.handle', { name: cardName })}
            aria-describedby={layoutControls ? keysHintId : undefined}
            style={{ cursor: 'grab' }}
            onKeyDown={layoutControls ? cardLayoutKeyDown(layoutControls, unit._id) : undefined}
          >
            <IconGripVertical size={16} />
          </ActionIcon>
        )}
        {canEdit && draggable && layoutControls && (
          <VisuallyHidden id={keysHintId}>{t('layout.keysHint')}</VisuallyHidden>
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
            ref={editButton}
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
              onClick={() => setViewingRows('icon')}
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
          buttonRef={menuButton}
          onMove={() => setLaying('move')}
          onResize={() => setLaying('resize')}
          onDuplicate={() => units.duplicate.mutate({ tabId: unit.tabId, unitId: unit._id }, { onError: failed })}
          onDownload={() => void download()}
          onDownloadPng={() => void exporter.start({ format: 'png', unitId: unit._id })}
          onSetAlert={() => setSettingAlert(true)}
          onDelete={() => units.remove.mutateAsync({ tabId: unit.tabId, unitId: unit._id }).catch(failed)}
          onBetaCardTypes={() => openMapping('custom')}
          onViewRows={() => setViewingRows('menu')}
          focusedElement={focused?.map((clicked) => clicked.label).join(', ') || undefined}
        />
      </Group>
      <Box flex={1} miw={0} mih={0} style={{ overflow: 'auto' }}>
        {unit.type === null ? (
          <TypeChooser canEdit={canEdit} h={h} busy={units.update.isPending} onChoose={choose} />
        ) : (
          <CardBody
            unit={unit}
            card={card}
            h={h}
            showFinishHint={canEdit}
            asTable={asTable}
            onFocusElement={setFocused}
          />
        )}
      </Box>
      {viewingRows && (
        <ViewRowsModal
          unit={unit}
          body={{
            filters: inForce.map(({ valid: _valid, ...filter }) => filter),
            ...(cross.forCard(unit._id) ? { crossFilters: cross.forCard(unit._id) } : {}),
            ...(drilled.length ? { point: pointOf(drilled) } : {}),
          }}
          onClose={() => {
            if (viewingRows === 'menu') setTimeout(() => menuButton.current?.focus(), 0);
            setViewingRows(null);
          }}
        />
      )}
      {settingAlert && projectId && (
        <AlertDialog projectId={projectId} unit={unit} data={card.data} onClose={() => setSettingAlert(false)} />
      )}
      {laying && layoutControls && (
        <CardLayoutDialog
          kind={laying}
          unitId={unit._id}
          name={cardName}
          controls={layoutControls}
          onClose={stopLaying}
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
