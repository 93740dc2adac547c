import { FEATURE_SKELETON_ITEMS } from '@tessera/shared';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { renderWithProviders } from '../../ui/testing.tsx';
import { FeatureList } from './FeatureList.tsx';

afterEach(() => {
  cleanup();
  void i18n.changeLanguage('en');
});

const loading = { datasets: [], byId: new Map(), loading: true, failed: false };

describe('the mapping editor’s feature list', () => {
  it.each([
    ['en', 'Loading the datasets'],
    ['fr', 'Chargement des jeux de données'],
  ])('shows 7 placeholder rows while it loads (%s)', async (lang, label) => {
    await i18n.changeLanguage(lang);
    renderWithProviders(<FeatureList catalog={loading} choicesFor={() => []} onAdd={() => {}} />);
    const skeleton = screen.getByRole('status', { name: label });
    expect(skeleton.children).toHaveLength(FEATURE_SKELETON_ITEMS);
    expect(FEATURE_SKELETON_ITEMS).toBe(7);
  });

  it('says there is no dataset once loaded empty', () => {
    renderWithProviders(
      <FeatureList catalog={{ ...loading, loading: false }} choicesFor={() => []} onAdd={() => {}} />,
    );
    expect(screen.queryByRole('status')).toBeNull();
  });
});
