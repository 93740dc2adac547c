import { Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Tab, Unit } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { CardGrid } from '../grid/CardGrid.tsx';
import type { TabDialog } from '../tabs/TabDialogs.tsx';
import { TabMenu } from '../tabs/TabMenu.tsx';

export const sectionElementId = (tabId: string) => `section-${tabId}`;

interface Props {
  tab: Tab;
  units: Unit[];
  selected: boolean;
  canEdit: boolean;
  onAddCard: () => void;
  adding: boolean;
  onDialog: (dialog: TabDialog) => void;
  onDuplicate: (tabId: string) => void;
  /** Move up / Move down in the section's menu, where it can go (docs/accessibility.md "Layout by keyboard"). */
  onMove: (tabId: string, offset: -1 | 1) => void;
  canMove: (tabId: string, offset: -1 | 1) => boolean;
}

/** One section of a report: its name, its menu and Add Card for editors, and its card grid. */
export function ReportSection(props: Props) {
  const { tab, units, selected, canEdit, onAddCard, adding, onDialog, onDuplicate, onMove, canMove } = props;
  const { t } = useTranslation('dashboards');
  return (
    <Box
      component="section"
      id={sectionElementId(tab._id)}
      aria-label={tab.name}
      data-selected={selected || undefined}
      style={{ scrollMarginTop: 76 }}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Stack gap={0} miw={0}>
            <Title order={3} fz="h4" style={{ overflowWrap: 'anywhere' }}>
              {tab.name}
            </Title>
            {tab.description && (
              <Text size="sm" c="dimmed">
                {tab.description}
              </Text>
            )}
          </Stack>
          {canEdit && (
            <Group gap={4} wrap="nowrap">
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={14} />}
                onClick={onAddCard}
                loading={adding}
              >
                {t('header.addCard')}
              </Button>
              <TabMenu
                tab={tab}
                words="sections"
                canEdit
                onDialog={onDialog}
                onDuplicate={onDuplicate}
                onMove={onMove}
                canMove={canMove}
              />
            </Group>
          )}
        </Group>
        <CardGrid tab={tab} units={units} />
      </Stack>
    </Box>
  );
}
