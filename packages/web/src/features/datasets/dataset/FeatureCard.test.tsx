import type { Feature } from '@tessera/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubNetwork } from '../../../ui/testing.tsx';
import { FeatureCard } from './FeatureCard.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const feature: Feature = {
  _id: '64b7f0c2a1b2c3d4e5f60101',
  name: 'price',
  type: 'text',
  detectedType: 'text',
  precision: null,
  description: '',
  hidden: false,
  dataset: { _id: '64b7f0c2a1b2c3d4e5f60100' },
  listIndex: 0,
  preview: ['1.5', 'n/a', '3'],
  stats: { min: null, max: null, avg: null },
  db: { name: 'c0', type: 'VARCHAR' },
};

describe('FeatureCard type change', () => {
  it('previews the cast with the warning, and Cancel saves nothing and keeps the original type', async () => {
    const requests = stubNetwork((key) =>
      key.startsWith(`GET /api/v1/features/${feature._id}/data`)
        ? { status: 200, body: { type: 'number', values: [1.5, null, 3], original: ['1.5', 'n/a', '3'] } }
        : undefined,
    );
    renderWithProviders(<FeatureCard projectId="64b7f0c2a1b2c3d4e5f60001" feature={feature} canEdit />);
    const type = screen.getByRole('combobox', { name: 'Type' });
    fireEvent.click(type);
    fireEvent.click(await screen.findByRole('option', { name: 'Number' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/could break existing charts/)).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByText('n/a', { selector: 'td' })).toBeTruthy());
    expect(requests.some((r) => r.url.includes('castedType=number'))).toBe(true);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
    expect((screen.getByRole('combobox', { name: 'Type' }) as HTMLInputElement).value).toBe('Text');
  });
});
