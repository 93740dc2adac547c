import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../ui/testing.tsx';
import { ExportPdfDialog } from './ExportPdfDialog.tsx';

const TABS = [
  { _id: 'a'.repeat(24), name: 'Overview' },
  { _id: 'b'.repeat(24), name: 'Details' },
  { _id: 'c'.repeat(24), name: 'Trends' },
];

function open(onExport = vi.fn(), sections = false) {
  const onClose = vi.fn();
  const opener = { current: document.createElement('button') };
  opener.current.textContent = 'Data app menu';
  document.body.append(opener.current);
  renderWithProviders(
    <ExportPdfDialog
      opened
      onClose={onClose}
      tabs={TABS}
      sections={sections}
      busy={false}
      onExport={onExport}
      returnFocusTo={opener}
    />,
  );
  return { onExport, onClose, opener: opener.current };
}

describe('Export PDF dialog', () => {
  beforeEach(() => i18n.changeLanguage('en'));
  afterEach(() => {
    cleanup();
    document.body.replaceChildren();
  });

  it('gives the focus back to the menu button that opened it once exported (its menu item is gone)', async () => {
    const { onExport, opener } = open();
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(onExport).toHaveBeenCalled();
    await vi.waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('gives the focus back to the menu button when closed with Escape', async () => {
    const { onClose, opener } = open();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
    await vi.waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('exports every tab on A4 portrait by default (no tab list sent: the server prints them all)', async () => {
    const { onExport, onClose } = open();
    for (const tab of TABS)
      expect((screen.getByRole('checkbox', { name: tab.name }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'A4' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Portrait' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(onExport).toHaveBeenCalledWith({ format: 'pdf', paper: 'a4', orientation: 'portrait' });
    expect(onClose).toHaveBeenCalled();
  });

  it('sends the chosen tabs in the data app order, Letter and landscape', async () => {
    const { onExport } = open();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Overview' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Trends' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Overview' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Letter' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Landscape' }));
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(onExport).toHaveBeenCalledWith({
      format: 'pdf',
      paper: 'letter',
      orientation: 'landscape',
      tabs: [TABS[0]._id, TABS[1]._id],
    });
  });

  it('refuses to export no tab at all, and says why', async () => {
    const { onExport } = open();
    for (const tab of TABS) await userEvent.click(screen.getByRole('checkbox', { name: tab.name }));
    expect(screen.getByText('Choose at least one tab.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Export' }) as HTMLButtonElement).disabled).toBe(true);
    expect(onExport).not.toHaveBeenCalled();
  });

  it('speaks French, and calls a report’s tabs its sections', async () => {
    await i18n.changeLanguage('fr');
    open(vi.fn(), true);
    expect(screen.getByText('Sections')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Paysage' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Exporter' })).toBeTruthy();
  });
});
