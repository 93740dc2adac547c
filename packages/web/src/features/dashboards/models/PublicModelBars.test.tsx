import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/index.ts';
import { renderWithProviders, stubNetwork } from '../../../ui/testing.tsx';
import { PublicModelBars } from './PublicModelBars.tsx';

const BOARD = 'dddddddddddddddddddddddd';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  void i18n.changeLanguage('en');
});

describe('a public dashboard’s model bars', () => {
  it.each([
    ['en', 'Inputs of the results shown'],
    ['fr', 'Entrées des résultats affichés'],
  ])('shows each input of the run shown, read-only, and no run button (%s)', async (lang, caption) => {
    await i18n.changeLanguage(lang);
    stubNetwork((key) =>
      key === `GET /api/v1/public/dashboards/${BOARD}/models`
        ? {
            status: 200,
            body: {
              models: [
                {
                  _id: 'bbbbbbbbbbbbbbbbbbbbbbbb',
                  name: 'Totals',
                  runButtonText: 'Forecast',
                  inputs: [{ _id: 'eeeeeeeeeeeeeeeeeeeeeeee', name: 'Factor', varName: 'factor', value: '2' }],
                  selectedOutputs: [],
                },
              ],
            },
          }
        : undefined,
    );
    renderWithProviders(<PublicModelBars dashboardId={BOARD} />);
    const factor = (await screen.findByLabelText('Factor')) as HTMLInputElement;
    expect([factor.value, factor.readOnly]).toEqual(['2', true]);
    expect(screen.getByText('Totals')).toBeTruthy();
    expect(screen.getByText(caption)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
