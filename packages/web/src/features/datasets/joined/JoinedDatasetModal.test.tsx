import type { DatasetDetail } from '@tessera/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubNetwork } from '../../../ui/testing.tsx';
import { JoinedDatasetModal } from './JoinedDatasetModal.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PROJECT = '64b7f0c2a1b2c3d4e5f60001';
function dataset(id: string, name: string, column: string, featureId: string): DatasetDetail {
  const time = '2026-01-01T00:00:00.000Z';
  return {
    _id: id,
    name,
    description: '',
    type: 'file',
    projectId: PROJECT,
    collections: [],
    source: {},
    imported: true,
    rowCount: 2,
    user: { id: null },
    timeCreated: time,
    lastUpdated: time,
    features: [
      {
        _id: featureId,
        name: column,
        type: 'id',
        detectedType: 'id',
        precision: null,
        description: '',
        hidden: false,
        dataset: { _id: id },
        listIndex: 0,
        preview: [],
        stats: { min: null, max: null, avg: null },
        db: { name: 'c0', type: 'VARCHAR' },
      },
    ],
  };
}
const customers = dataset('64b7f0c2a1b2c3d4e5f6000a', 'customers', 'customer_id', '64b7f0c2a1b2c3d4e5f600a1');
const orders = dataset('64b7f0c2a1b2c3d4e5f6000b', 'orders', 'buyer', '64b7f0c2a1b2c3d4e5f600b1');

async function choose(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('JoinedDatasetModal', () => {
  it('asks for a name, then enables Done only once both datasets and the column pair are set', async () => {
    stubNetwork((key) => {
      if (key === `GET /api/v1/datasets?projectId=${PROJECT}`) return { status: 200, body: [customers, orders] };
      if (key === `GET /api/v1/datasets/${customers._id}`) return { status: 200, body: customers };
      if (key === `GET /api/v1/datasets/${orders._id}`) return { status: 200, body: orders };
      return undefined;
    });
    renderWithProviders(
      <MemoryRouter>
        <JoinedDatasetModal projectId={PROJECT} onClose={vi.fn()} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Required')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /Name/ }), { target: { value: 'Orders by customer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    const done = () => screen.getByRole('button', { name: 'Done' }) as HTMLButtonElement;
    expect(done().disabled).toBe(true);
    await choose('First dataset', 'customers');
    await choose('Second dataset', 'orders');
    expect(done().disabled).toBe(true);
    await choose('Column 1 of the first dataset', 'customer_id');
    expect(done().disabled).toBe(true);
    await choose('Column 1 of the second dataset', 'buyer');
    await waitFor(() => expect(done().disabled).toBe(false));

    // The same dataset on both sides clears the other side, and Done is off again.
    await choose('Second dataset', 'customers');
    await waitFor(() => expect(done().disabled).toBe(true));
    expect((screen.getByRole('combobox', { name: 'First dataset' }) as HTMLInputElement).value).toBe('');
  });
});
