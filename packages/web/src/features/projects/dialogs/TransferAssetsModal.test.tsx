import { PROJECT_ROLE_PRESETS } from '@tessera/shared';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/index.ts';
import { renderWithProviders, stubNetwork } from '../../../ui/testing.tsx';
import { makeProject, rolesWith } from '../testFixtures.ts';
import { TransferAssetsModal } from './TransferAssetsModal.tsx';
import { canTransferKind, TRANSFER_ASSET_SOURCES, type TransferAssetSource } from './transferAssetSources.ts';

const from = makeProject('Budget');
const editor = makeProject('Forecast', { roles: PROJECT_ROLE_PRESETS.edit });
const viewer = makeProject('Archive', { roles: PROJECT_ROLE_PRESETS.view });
const ASSET = '64b7f0c2a1b2c3d4e5f6aaaa';
/** A kind registered for the test, as an area's issue registers its own. */
const datasets: TransferAssetSource = {
  key: 'datasets',
  area: 'dataset',
  list: async () => [{ _id: ASSET, name: 'Sales 2024' }],
};

function renderModal(sources: readonly TransferAssetSource[] = [datasets]) {
  const requests = stubNetwork((key) => {
    if (key === 'GET /api/v1/projects/my') return { status: 200, body: [from, editor, viewer] };
    if (key.startsWith('PUT /api/v1/projects/')) return { status: 200, body: { moved: { datasets: 1 } } };
    return undefined;
  });
  renderWithProviders(<TransferAssetsModal project={from} onClose={() => {}} sources={sources} />);
  return requests;
}

async function chooseTarget(name: string) {
  await userEvent.click(await screen.findByRole('combobox', { name: /^Target project/ }));
  await userEvent.click(await screen.findByRole('option', { name }));
}

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('which kinds can be transferred', () => {
  it('needs edit on the kind’s area in both projects', () => {
    expect(canTransferKind('dataset', PROJECT_ROLE_PRESETS.full, PROJECT_ROLE_PRESETS.edit)).toBe(true);
    expect(canTransferKind('dataset', PROJECT_ROLE_PRESETS.full, PROJECT_ROLE_PRESETS.view)).toBe(false);
    expect(canTransferKind('dataset', rolesWith({ dataset: 'view' }), PROJECT_ROLE_PRESETS.full)).toBe(false);
    // Before a target is chosen, only the source counts.
    expect(canTransferKind('dataset', PROJECT_ROLE_PRESETS.full, undefined)).toBe(true);
  });

  it('offers the data apps, which need dashboard edit in both projects', () => {
    expect(TRANSFER_ASSET_SOURCES.find((source) => source.key === 'dashboards')?.area).toBe('dashboard');
  });
});

describe('Transfer Assets', { timeout: 20_000 }, () => {
  it('requires a target project, then moves the chosen assets', async () => {
    const requests = renderModal();
    await userEvent.click(await screen.findByRole('button', { name: 'Transfer' }));
    expect(screen.getByText('Required')).toBeTruthy();
    await chooseTarget('Forecast');
    await userEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(screen.getByText('Select at least one asset to transfer.')).toBeTruthy();

    await userEvent.click(screen.getByRole('combobox', { name: 'Datasets' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sales 2024' }));
    await userEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    await vi.waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.url).toBe(`/api/v1/projects/${from._id}/transferTo/${editor._id}`);
    expect(put?.body).toEqual({ datasets: [ASSET] });
  });

  it('disables a kind the caller cannot edit in the target project', async () => {
    renderModal();
    await chooseTarget('Archive');
    const select = screen.getByRole('combobox', { name: 'Datasets' }) as HTMLInputElement;
    expect(select.disabled).toBe(true);
    expect(screen.getByText('You need edit access to datasets in both projects to transfer them.')).toBeTruthy();
  });

  it('says plainly when no kind can be transferred yet', async () => {
    renderModal([]);
    expect(await screen.findByText(/No assets of this project can be transferred yet/)).toBeTruthy();
    expect(within(screen.getByRole('dialog')).queryByRole('combobox', { name: 'Datasets' })).toBeNull();
  });
});
