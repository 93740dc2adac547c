import type { DatasetDetail } from '@tessera/shared';
import { cleanup, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { renderWithProviders, stubNetwork } from '../../ui/testing.tsx';
import { OUTPUT_PREVIEW_ROWS, OutputPreview } from './OutputPreview.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  void i18n.changeLanguage('en');
});

const PROJECT = '64b7f0c2a1b2c3d4e5f60001';
const DATASET = '64b7f0c2a1b2c3d4e5f6000a';
const JOB = '64b7f0c2a1b2c3d4e5f6000f';
const F = { month: '64b7f0c2a1b2c3d4e5f600a1', rain: '64b7f0c2a1b2c3d4e5f600a2', secret: '64b7f0c2a1b2c3d4e5f600a3' };
const feature = (id: string, name: string, listIndex: number, hidden = false) => ({
  _id: id,
  name,
  type: 'number' as const,
  detectedType: 'number' as const,
  precision: null,
  description: '',
  hidden,
  dataset: { _id: DATASET },
  listIndex,
  preview: [],
  stats: { min: null, max: null, avg: null },
  db: { name: `c${listIndex}`, type: 'DOUBLE' },
});
const time = '2026-01-01T00:00:00.000Z';
const summary: DatasetDetail = {
  _id: DATASET,
  name: 'Monthly summary',
  description: '',
  type: 'modelResult',
  projectId: PROJECT,
  collections: [],
  source: {},
  imported: true,
  rowCount: 12,
  user: { id: null },
  timeCreated: time,
  lastUpdated: time,
  features: [feature(F.rain, 'rain', 1), feature(F.month, 'month', 0), feature(F.secret, 'secret', 2, true)],
};

function serve(count: number) {
  return stubNetwork((key) => {
    if (key === `GET /api/v1/datasets/${DATASET}`) return { status: 200, body: summary };
    if (key.startsWith(`POST /api/v1/datasets/${DATASET}/data?`)) {
      const rows = Array.from({ length: Math.min(count, OUTPUT_PREVIEW_ROWS) }, (_, i) => ({
        [F.month]: i + 1,
        [F.rain]: (i + 1) * 1.5,
        [F.secret]: 0,
      }));
      return {
        status: 200,
        body: {
          list: rows,
          pages: { current: 1, total: 2, hasNext: true, hasPrev: false, next: 2, prev: null },
          count,
          jobId: JOB,
        },
      };
    }
    return undefined;
  });
}

const render = () =>
  renderWithProviders(
    <MemoryRouter>
      <OutputPreview projectId={PROJECT} output={{ name: 'summary', dataset: { _id: DATASET }, jobId: JOB }} />
    </MemoryRouter>,
  );

describe('a run output preview', () => {
  it('shows the first rows the run wrote, its visible columns in order, and links the dataset', async () => {
    const requests = serve(12);
    render();
    const table = await screen.findByRole('table', { name: 'Monthly summary' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['month', 'rain']);
    expect(within(table).getAllByRole('row')).toHaveLength(OUTPUT_PREVIEW_ROWS + 1);
    expect(within(table).getAllByRole('row')[1].textContent).toBe('11.5');
    expect(screen.getByText('The first 10 rows of 12')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open dataset' }).getAttribute('href')).toBe(
      `/projects/${PROJECT}/datasets/${DATASET}/data`,
    );
    const asked = requests.find((r) => r.method === 'POST');
    expect(asked?.url).toContain(`jobId=${JOB}`);
    expect(asked?.url).toContain(`limit=${OUTPUT_PREVIEW_ROWS}`);
  });

  it('says when the output has no rows, in French too', async () => {
    await i18n.changeLanguage('fr');
    serve(0);
    render();
    expect(await screen.findByText("Cette sortie n'a aucune ligne.")).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
