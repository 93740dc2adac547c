import { RUN_PREVIEW_HINT_MS } from '@tessera/shared';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../ui/testing.tsx';
import { InputsPreview } from './InputsPreview.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  cleanup();
  void i18n.changeLanguage('en');
});

describe('the UI Preview', () => {
  it.each([
    ['en', 'Forecast', 'Model cannot be run in the UI Preview'],
    ['fr', 'Forecast', "Le modèle ne peut pas être exécuté dans l'aperçu de l'interface"],
  ])('says the model cannot run there, for 2.5 s (%s)', async (lang, button, hint) => {
    await i18n.changeLanguage(lang);
    renderWithProviders(<InputsPreview inputs={[]} runButtonText={button} datasets={[]} />);
    fireEvent.click(screen.getByRole('button', { name: button }));
    expect(screen.getByText(hint)).toBeTruthy();
    act(() => vi.advanceTimersByTime(RUN_PREVIEW_HINT_MS - 1));
    expect(screen.queryByText(hint)).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText(hint)).toBeNull();
  });
});
