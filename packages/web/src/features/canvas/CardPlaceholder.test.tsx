import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { renderWithProviders } from '../../ui/testing.tsx';
import { CardPlaceholder } from './CardPlaceholder.tsx';

const unit = { type: 'chart' as const, subtype: null, vis: { chartType: 'bar' } };

afterEach(cleanup);

describe('an error placeholder names its real cause (issue #20 item 3)', () => {
  it.each([
    [
      'en',
      'Data query failed',
      'This chart reads columns from several datasets. A chart reads one dataset: remove the columns of the others.',
    ],
    [
      'fr',
      'Échec de la requête',
      'Ce graphique lit des colonnes de plusieurs jeux de données. Un graphique lit un seul jeu de données : retirez les colonnes des autres.',
    ],
  ])('a chart mixing datasets says so (%s), not "changed types"', async (language, header, text) => {
    await i18n.changeLanguage(language);
    renderWithProviders(
      <CardPlaceholder
        code="bad-operation"
        cause={{ reason: 'several-datasets' }}
        unit={unit}
        h={3}
        showFinishHint={false}
      />,
    );
    expect(screen.getByTestId('placeholder-text').textContent).toBe(text);
    expect(screen.getByText(header, { exact: false })).toBeTruthy();
    expect(screen.queryByText(/changed types/)).toBeNull();
  });

  it('fills the names in', async () => {
    await i18n.changeLanguage('en');
    renderWithProviders(
      <CardPlaceholder
        code="bad-operation"
        cause={{ reason: 'operation-type', params: { feature: 'score', operation: 'avg', type: 'text' } }}
        unit={unit}
        h={3}
        showFinishHint={false}
      />,
    );
    expect(screen.getByTestId('placeholder-text').textContent).toBe(
      'The operation average no longer fits score, now a text feature. Please update the operation or feature type.',
    );
  });

  it('without a cause keeps the code’s text of the spec', async () => {
    await i18n.changeLanguage('en');
    renderWithProviders(<CardPlaceholder code="bad-operation" unit={unit} h={3} showFinishHint={false} />);
    expect(screen.getByTestId('placeholder-text').textContent).toBe(
      'A feature on this card has changed types and is no longer compatible with the configured operation. Please update the operation or feature type.',
    );
  });
});
