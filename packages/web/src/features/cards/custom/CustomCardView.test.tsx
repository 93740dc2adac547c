import type { Unit, UnitData, Vis } from '@tessera/shared';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../ui/testing.tsx';
import { CustomCardView } from './CustomCardView.tsx';

// Typing in Mantine inputs is slow on a machine shared by many test runs; nothing here is timed.
vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => void i18n.changeLanguage('en'));
afterEach(cleanup);

const answer = (data: UnitData['data']): UnitData => ({
  data,
  series: [],
  features: [],
  pages: null,
  jobId: null,
  error: null,
});
const card = (subtype: string | null, vis: Vis): Pick<Unit, 'type' | 'subtype' | 'vis' | 'name'> => ({
  type: 'custom',
  subtype: subtype as Unit['subtype'],
  vis: { subtype, ...vis },
  name: 'Notes',
});
const view = (unit: ReturnType<typeof card>, data: UnitData | null = null, onVisChange?: (vis: Vis) => void) =>
  renderWithProviders(<CustomCardView unit={unit} data={data} height={400} width={600} onVisChange={onVisChange} />);

describe('custom card bodies', () => {
  it('markdown: rendered, with a script and an onerror payload stripped from the page', () => {
    view(
      card('markdown', {
        markdown: '## Hello\n\n<script>window.hit = 1</script><img src="x" onerror="window.hit = 2">',
      }),
    );
    const body = screen.getByTestId('markdown-body');
    expect(within(body).getByRole('heading', { name: 'Hello' })).toBeTruthy();
    expect(body.innerHTML).not.toMatch(/script|onerror/);
    expect((window as { hit?: number }).hit).toBeUndefined();
  });

  it('html: a sandboxed frame (scripts only, never the app origin) holding the document', () => {
    view(card('html', { html: '<h1>Hi</h1><script>parent.document.title = "x"</script>' }));
    const frame = screen.getByTitle('Notes') as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
    expect(frame.getAttribute('sandbox')).not.toMatch(
      /allow-same-origin|allow-top-navigation|allow-popups|allow-forms/,
    );
    expect(frame.getAttribute('srcdoc')).toBe('<h1>Hi</h1><script>parent.document.title = "x"</script>');
    expect(frame.getAttribute('src')).toBeNull();
  });

  it('image KPI: an https image and the KPI value; an http image is not loaded', () => {
    const kpi = [{ id: 'k1', feature: { _id: 'f' }, label: 'Visitors', unitOfMeasure: 'people' }];
    view(card('imageKpi', { imageUrl: 'https://cdn.example.com/logo.png', kpi }), answer({ k1: 1234 }));
    expect((screen.getByRole('img', { name: 'KPI image' }) as HTMLImageElement).src).toBe(
      'https://cdn.example.com/logo.png',
    );
    expect(screen.getByText('1,234 people')).toBeTruthy();
    expect(screen.getByText('Visitors')).toBeTruthy();
    cleanup();
    view(card('imageKpi', { imageUrl: 'http://cdn.example.com/logo.png', kpi }), answer({ k1: 1 }));
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('No image')).toBeTruthy();
  });

  it('comparison KPI: both values and the change between them', () => {
    const kpi = [
      { id: 'now', feature: { _id: 'f' }, label: 'This month' },
      { id: 'before', feature: { _id: 'g' }, label: 'last month' },
    ];
    view(card('comparisonKpi', { kpi }), answer({ now: 150, before: 120 }));
    expect(screen.getByText('150')).toBeTruthy();
    expect(screen.getByTestId('kpi-change').textContent).toBe('+30 (+25 %)');
    expect(screen.getByText('Compared with 120 last month')).toBeTruthy();
  });

  it('network: an ECharts graph drawn as SVG', () => {
    const vis = {
      independent: [{ series: [{ id: 's', feature: { _id: 'g' } }] }],
      groupBy: [{ series: [{ id: 't', feature: { _id: 'h' } }] }],
    };
    view(card('network', vis), answer([{ s: 'A', t: 'B' }]));
    expect(screen.getByTestId('network-chart').querySelector('svg')).toBeTruthy();
  });

  it('editable table: cells edited locally, saved into the vis as rows', async () => {
    const onVisChange = vi.fn();
    view(card('editable', { columns: ['City', 'Sales'], rows: [['Paris', '10']] }), null, onVisChange);
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    const cell = screen.getByRole('textbox', { name: 'Row 1, column 2' });
    await userEvent.clear(cell);
    await userEvent.type(cell, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Add row' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Row 2, column 1' }), 'Lyon');
    await userEvent.click(screen.getByRole('button', { name: 'Add column' }));
    expect(onVisChange).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onVisChange).toHaveBeenCalledWith({
      subtype: 'editable',
      columns: ['City', 'Sales', 'Column 3'],
      rows: [
        ['Paris', '12', ''],
        ['Lyon', '', ''],
      ],
    });
  });

  it('editable table without a saver is read-only', () => {
    view(card('editable', { columns: ['City'], rows: [['Paris']] }));
    expect(screen.getByText('Paris')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe('placeholders', () => {
  it.each(['mapUnit', 'dash'])('%s has no UI: the not-mappable placeholder of a card', (subtype) => {
    view(card(subtype, {}));
    expect(screen.getByText('Error')).toBeTruthy();
    expect(screen.getByText('Something went wrong')).toBeTruthy();
  });

  it('on the mapping screen a subtype with no UI reads Not Mappable', () => {
    renderWithProviders(<CustomCardView unit={card('dash', {})} data={null} height={300} width={300} mappingScreen />);
    expect(screen.getByText('Not Mappable')).toBeTruthy();
    expect(screen.getByText('No UI has been made to configure this type of unit')).toBeTruthy();
    expect(screen.queryByText('Error')).toBeNull();
  });

  it('an unknown subtype shows the unknown-subtype placeholder', () => {
    view(card('sparkle', {}));
    expect(screen.getByText('Unknown subtype')).toBeTruthy();
    expect(screen.getByText('Something has been misconfigured. Please try again.')).toBeTruthy();
  });
});
