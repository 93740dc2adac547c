import { Notifications, notifications } from '@mantine/notifications';
import type { PackageEvent } from '@tessera/shared';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { renderWithProviders, stubNetwork, testQueryClient } from '../../ui/testing.tsx';
import { applyPackageEvent } from './packageEvents.ts';

const PROJECT = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const PACKAGE = '0123456789abcdef01234567';
const event = (kind: PackageEvent['kind'], phase: PackageEvent['phase']): PackageEvent => ({
  _id: PACKAGE,
  name: 'stats',
  status: phase === 'failed' ? 'failed' : 'built',
  kind,
  phase,
  message: null,
});

function raise(e: PackageEvent) {
  const open = vi.fn();
  act(() => applyPackageEvent('package:updated', e, testQueryClient(), PROJECT, i18n.t, { open }));
  return open;
}

beforeEach(() => {
  void i18n.changeLanguage('en');
  renderWithProviders(<Notifications />);
});
afterEach(() => {
  act(() => notifications.clean());
  cleanup();
  vi.unstubAllGlobals();
  void i18n.changeLanguage('en');
});

describe('source-code update notices', () => {
  it('a failed update offers Revert Changes (the previous revision back) and Continue Editing Code', async () => {
    const requests = stubNetwork((key) =>
      key === `PUT /api/v1/packages/${PACKAGE}/revert` ? { status: 200, body: {} } : undefined,
    );
    const open = raise(event('commit', 'failed'));
    expect(await screen.findByText('Source Code Update Failed:')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Continue Editing Code' }));
    expect(open).toHaveBeenCalledWith(`/projects/${PROJECT}/packages/${PACKAGE}/code`);
    expect(requests).toEqual([]);

    raise(event('commit', 'failed'));
    await userEvent.click(await screen.findByRole('button', { name: 'Revert Changes' }));
    await vi.waitFor(() =>
      expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([`PUT /api/v1/packages/${PACKAGE}/revert`]),
    );
  });

  it('a dependency update offers Commit Changes; a committed source-code update offers nothing more', async () => {
    const requests = stubNetwork((key) =>
      key === `PUT /api/v1/packages/${PACKAGE}/commit` ? { status: 200, body: {} } : undefined,
    );
    raise(event('commit', 'succeeded'));
    expect(await screen.findByText('Source code updated:')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Commit Changes' })).toBeNull();
    raise(event('dependencies', 'succeeded'));
    await userEvent.click(await screen.findByRole('button', { name: 'Commit Changes' }));
    await vi.waitFor(() =>
      expect(requests.map((r) => r.method + r.url)).toEqual([`PUT/api/v1/packages/${PACKAGE}/commit`]),
    );
  });

  it('says it in French', async () => {
    await i18n.changeLanguage('fr');
    stubNetwork(() => undefined);
    raise(event('commit', 'failed'));
    expect(await screen.findByRole('button', { name: 'Annuler les modifications' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continuer à modifier le code' })).toBeTruthy();
  });
});
