import { Button, Checkbox, Group, Modal, Radio, Stack } from '@mantine/core';
import type { ExportOrientation, ExportPaper, ExportRequest, Tab } from '@tessera/shared';
import { type RefObject, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  opened: boolean;
  onClose(): void;
  /** The data app's tabs (sections), in its order. */
  tabs: readonly Pick<Tab, '_id' | 'name'>[];
  /** A report's tabs are its sections. */
  sections: boolean;
  busy: boolean;
  onExport(request: Omit<ExportRequest, 'filters'>): void;
  /**
   * Where the focus goes once the dialog has closed: its opener, a menu item, is gone by then, and the focus must
   * not drop to the page's body (docs/accessibility.md "Focus").
   */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/**
 * Export PDF's choices (docs/data-apps.md "Export"): which tabs (every one by default, printed in the data app's
 * order whatever the order they were ticked in), the paper (A4 or Letter) and its orientation.
 */
export function ExportPdfDialog({ opened, onClose, tabs, sections, busy, onExport, returnFocusTo }: Props) {
  const { t } = useTranslation('dashboards');
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [paper, setPaper] = useState<ExportPaper>('a4');
  const [orientation, setOrientation] = useState<ExportOrientation>('portrait');
  const selected = chosen ?? tabs.map((tab) => tab._id);
  const inOrder = tabs.map((tab) => tab._id).filter((id) => selected.includes(id));

  const close = () => {
    setChosen(null);
    onClose();
    setTimeout(() => returnFocusTo.current?.focus(), 0);
  };
  const submit = () => {
    onExport({
      format: 'pdf',
      paper,
      orientation,
      ...(inOrder.length < tabs.length ? { tabs: inOrder } : {}),
    });
    close();
  };

  return (
    <Modal opened={opened} onClose={close} returnFocus={false} title={t('export.dialogTitle')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          {tabs.length > 1 && (
            <Checkbox.Group
              label={t(sections ? 'export.sections' : 'export.tabs')}
              value={selected}
              onChange={setChosen}
              error={inOrder.length === 0 ? t(sections ? 'export.noSection' : 'export.noTab') : undefined}
            >
              <Stack gap={6} mt={6}>
                {tabs.map((tab) => (
                  <Checkbox key={tab._id} value={tab._id} label={tab.name} />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
          <Radio.Group label={t('export.paper')} value={paper} onChange={(value) => setPaper(value as ExportPaper)}>
            <Group gap="md" mt={6}>
              <Radio value="a4" label={t('export.a4')} />
              <Radio value="letter" label={t('export.letter')} />
            </Group>
          </Radio.Group>
          <Radio.Group
            label={t('export.orientation')}
            value={orientation}
            onChange={(value) => setOrientation(value as ExportOrientation)}
          >
            <Group gap="md" mt={6}>
              <Radio value="portrait" label={t('export.portrait')} />
              <Radio value="landscape" label={t('export.landscape')} />
            </Group>
          </Radio.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={inOrder.length === 0} loading={busy}>
              {t('export.export')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
