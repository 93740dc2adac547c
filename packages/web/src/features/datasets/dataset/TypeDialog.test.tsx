import type { Feature } from '@tessera/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/index.ts';
import { renderWithProviders, stubNetwork } from '../../../ui/testing.tsx';
import { dateFormatSample } from './dateFormatSample.ts';
import { TypeDialog } from './TypeDialog.tsx';

const FEATURE_ID = '64b7f0c2a1b2c3d4e5f60f01';
const feature = {
  _id: FEATURE_ID,
  name: 'day',
  type: 'text',
  detectedType: 'text',
  precision: null,
  description: '',
  hidden: false,
  dataset: { _id: '64b7f0c2a1b2c3d4e5f60d01' },
  listIndex: 0,
  preview: ['Jan 1 2000', 'Feb 12 2000', 'Mar 3 2001'],
  stats: { min: null, max: null, avg: null },
  db: { name: 'day', type: 'VARCHAR' },
} as Feature;
const ORIGINAL = ['Jan 1 2000', 'Feb 12 2000', 'Mar 3 2001'];

/** The server's answers: unread as dates by default; read with "%b %d %Y". */
function serve() {
  return stubNetwork((key) => {
    if (!key.startsWith(`GET /api/v1/features/${FEATURE_ID}/data?`)) return undefined;
    const chosen = key.includes('dateFormat=');
    return {
      status: 200,
      body: {
        type: 'date',
        values: chosen ? ['2000-01-01 00:00:00', '2000-02-12 00:00:00', '2001-03-03 00:00:00'] : [null, null, null],
        original: ORIGINAL,
        report: chosen
          ? { total: 3, unread: 0, examples: [], formats: [] }
          : {
              total: 3,
              unread: 3,
              examples: ORIGINAL,
              formats: [
                { format: '%b %d %Y', reads: 3 },
                { format: '%B %d %Y', reads: 1 },
              ],
            },
      },
    };
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the type dialog says what a change would leave unread (issue #20 item 4)', { timeout: 30_000 }, () => {
  it.each([
    ['en', '3 of 3 values could not be read as dates.', 'Jan 31 2000: reads 3 of 3', 'Change type'],
    ['fr', "3 valeurs sur 3 n'ont pas pu être lues comme des dates.", 'Jan 31 2000 : lit 3 sur 3', 'Changer le type'],
  ])(
    'warns before it is applied and offers the formats that read them (%s)',
    async (language, warning, option, apply) => {
      await i18n.changeLanguage(language);
      const requests = serve();
      const onConfirm = vi.fn();
      renderWithProviders(
        <TypeDialog feature={feature} type="date" saving={false} onConfirm={onConfirm} onCancel={vi.fn()} />,
      );
      const alert = await screen.findByTestId('cast-unread');
      expect(alert.textContent).toContain(warning);
      expect(alert.textContent).toContain('Jan 1 2000, Feb 12 2000, Mar 3 2001');
      // The format offered, shown by a sample date.
      await userEvent.click(await screen.findByRole('combobox', { name: i18n.t('datasets:features.dateFormat') }));
      await userEvent.click(await screen.findByRole('option', { name: option }));
      await waitFor(() => expect(screen.queryByTestId('cast-unread')).toBeNull());
      expect(
        requests.some(
          (r) => r.url.includes('dateFormat=%25b+%25d+%25Y') || r.url.includes('dateFormat=%25b%20%25d%20%25Y'),
        ),
      ).toBe(true);
      expect(await screen.findByText('2000-01-01 00:00:00')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: apply }));
      expect(onConfirm).toHaveBeenCalledWith('%b %d %Y');
    },
  );

  it('writes a format as a sample date', () => {
    expect(dateFormatSample('%b %d %Y')).toBe('Jan 31 2000');
    expect(dateFormatSample('%d/%m/%y %H:%M')).toBe('31/01/00 13:45');
    expect(dateFormatSample('%B %Y')).toBe('January 2000');
  });
});
