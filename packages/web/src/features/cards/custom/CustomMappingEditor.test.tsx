import type { Unit, Vis } from '@tessera/shared';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../ui/testing.tsx';
import { CustomMappingEditor } from './CustomMappingEditor.tsx';

// Typing in Mantine inputs is slow on a machine shared by many test runs; nothing here is timed.
vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => void i18n.changeLanguage('en'));
afterEach(cleanup);

const CAUTION = 'Caution: these card types are not fully supported and may have some bugs!';

interface HarnessProps {
  subtype: Unit['subtype'];
  vis: Vis;
  onSeen: (next: Vis) => void;
}

/** Holds the vis in state, as the mapping screen does. */
function Harness({ subtype, vis, onSeen }: HarnessProps) {
  const [value, setValue] = useState(vis);
  return (
    <CustomMappingEditor
      unit={{ subtype, vis }}
      vis={value}
      onChange={(next) => {
        onSeen(next);
        setValue(next);
      }}
    />
  );
}

function renderEditor(subtype: Unit['subtype'], vis: Vis) {
  const seen: Vis[] = [];
  renderWithProviders(<Harness subtype={subtype} vis={vis} onSeen={(next) => seen.push(next)} />);
  return { latest: () => seen.at(-1) };
}

describe('custom mapping editor (beta)', () => {
  it('warns with the caution and offers the subtypes that have a UI', async () => {
    const state = renderEditor(null, { subtype: null, filters: [] });
    expect(screen.getByText(CAUTION)).toBeTruthy();
    await userEvent.click(screen.getByRole('combobox', { name: 'Card type' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Markdown',
      'HTML',
      'Image KPI',
      'Comparison KPI',
      'Network',
      'Editable table',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Markdown' }));
    expect(state.latest()).toEqual({ subtype: 'markdown', filters: [] });
    await userEvent.type(screen.getByRole('textbox', { name: 'Markdown' }), '# Hi');
    expect(state.latest()).toEqual({ subtype: 'markdown', filters: [], markdown: '# Hi' });
  });

  it('edits html text, and starts afresh (keeping filters) when the subtype changes', async () => {
    const filters = [{ _id: 'f' }];
    const state = renderEditor('html', { subtype: 'html', html: '<b>x</b>', filters });
    expect((screen.getByRole('textbox', { name: 'HTML' }) as HTMLTextAreaElement).value).toBe('<b>x</b>');
    await userEvent.click(screen.getByRole('combobox', { name: 'Card type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Network' }));
    expect(state.latest()).toEqual({ subtype: 'network', filters });
    expect(screen.getByText('Drag a list of nodes, and sources + targets for each connection.')).toBeTruthy();
  });

  it('takes an https image address for an image KPI and refuses others', async () => {
    const state = renderEditor('imageKpi', { subtype: 'imageKpi' });
    const url = screen.getByRole('textbox', { name: 'Image URL' });
    await userEvent.type(url, 'http://x.example/a.png');
    expect(screen.getByText('Use an https:// address')).toBeTruthy();
    await userEvent.clear(url);
    await userEvent.type(url, 'https://x.example/a.png');
    expect(screen.queryByText('Use an https:// address')).toBeNull();
    expect(state.latest()?.imageUrl).toBe('https://x.example/a.png');
  });

  it('tells what to map for a comparison KPI', () => {
    renderEditor('comparisonKpi', { subtype: 'comparisonKpi' });
    expect(
      screen.getByText('Drag two columns: the current value first, then the value to compare it with.'),
    ).toBeTruthy();
  });

  it.each(['mapUnit', 'dash'] as const)('%s has no mapping UI: Not Mappable', (subtype) => {
    renderEditor(subtype, { subtype });
    expect(screen.getByText(CAUTION)).toBeTruthy();
    expect(screen.getByText('Not Mappable')).toBeTruthy();
    expect(screen.getByText('No UI has been made to configure this type of unit')).toBeTruthy();
  });
});

describe('buckets of the subtypes that map data', () => {
  it('shows the given buckets for KPI and network subtypes only', () => {
    for (const subtype of ['imageKpi', 'comparisonKpi', 'network'] as const) {
      renderWithProviders(
        <CustomMappingEditor
          unit={{ subtype, vis: {} }}
          vis={{ subtype }}
          onChange={() => {}}
          buckets={<p>drop here</p>}
        />,
      );
      expect(screen.getByText('drop here')).toBeTruthy();
      cleanup();
    }
    renderWithProviders(
      <CustomMappingEditor
        unit={{ subtype: 'markdown', vis: {} }}
        vis={{ subtype: 'markdown' }}
        onChange={() => {}}
        buckets={<p>drop here</p>}
      />,
    );
    expect(screen.queryByText('drop here')).toBeNull();
  });
});
