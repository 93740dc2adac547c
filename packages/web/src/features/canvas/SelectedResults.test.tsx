import type { Unit } from '@tessera/shared';
import { cleanup, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubNetwork } from '../../ui/testing.tsx';
import { DashboardModeContext } from './dashboardMode.tsx';
import { SelectedResultsProvider, useCardJob } from './SelectedResults.tsx';

const BOARD = 'dddddddddddddddddddddddd';
const OUTPUT = '0000000000000000000000d1';
const OTHER = '0000000000000000000000d2';
const JOB = '0000000000000000000000b1';

const cardOf = (datasetId: string) =>
  ({ vis: { kpi: [{ id: 'k', feature: { _id: 'f'.repeat(24), dataset: { _id: datasetId } } }] } }) as Pick<Unit, 'vis'>;

function Job({ name, datasetId }: { name: string; datasetId: string }) {
  const { jobId, known } = useCardJob(cardOf(datasetId));
  return <p data-testid={name}>{known ? (jobId ?? 'latest') : 'waiting'}</p>;
}

function renderPublic() {
  renderWithProviders(
    <MemoryRouter>
      <DashboardModeContext.Provider
        value={{ place: { kind: 'public' }, canEdit: false, cardMenu: false, preview: false }}
      >
        <SelectedResultsProvider dashboardId={BOARD}>
          <Job name="output" datasetId={OUTPUT} />
          <Job name="other" datasetId={OTHER} />
        </SelectedResultsProvider>
      </DashboardModeContext.Provider>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a public page’s cards and a model’s selected run', () => {
  it('wait for the model bars, then a card reading the selected run’s output asks for its job', async () => {
    let answer: (reply: { status: number; body: unknown }) => void = () => {};
    const bars = new Promise<{ status: number; body: unknown }>((resolve) => {
      answer = resolve;
    });
    stubNetwork((key) => (key === `GET /api/v1/public/dashboards/${BOARD}/models` ? (bars as never) : undefined));
    renderPublic();
    expect(screen.getByTestId('output').textContent).toBe('waiting');
    expect(screen.getByTestId('other').textContent).toBe('waiting');
    answer({
      status: 200,
      body: {
        models: [
          {
            _id: 'bbbbbbbbbbbbbbbbbbbbbbbb',
            name: 'Totals',
            runButtonText: 'Run',
            inputs: [],
            selectedOutputs: [{ datasetId: OUTPUT, jobId: JOB }],
          },
        ],
      },
    });
    expect((await screen.findByText(JOB)).dataset.testid).toBe('output');
    expect(screen.getByTestId('other').textContent).toBe('latest');
  });

  it('read the latest data when the bars fail to answer', async () => {
    stubNetwork(() => undefined);
    renderPublic();
    expect(await screen.findAllByText('latest')).toHaveLength(2);
  });
});
