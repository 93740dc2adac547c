import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../api/client.ts';
import { renderRoutes, sampleUser, serveApi } from '../../ui/testSupport.tsx';
import { settingsRoutes } from './settingsTestRoutes.tsx';

const LOG = '/api/v1/logs/users/0123456789abcdef01234567';

beforeEach(() => tokenStore.set('a-token'));
afterEach(() => vi.restoreAllMocks());

describe('Login History tab', () => {
  it('says "No account activity" when the log is empty', async () => {
    serveApi({ 'GET /api/v1/users/my': { body: sampleUser() }, [`GET ${LOG}`]: { body: [] } });
    renderRoutes(settingsRoutes, '/settings/users/my/log');
    expect(await screen.findByText('No account activity')).toBeTruthy();
  });

  it('lists type, email, status and the local time of each event', async () => {
    const time = '2025-03-04T05:06:07.000Z';
    serveApi({
      'GET /api/v1/users/my': { body: sampleUser() },
      [`GET ${LOG}`]: {
        body: [
          {
            _id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
            type: 'login',
            email: 'ada@example.com',
            status: 'success',
            timeCreated: time,
          },
          {
            _id: 'bbbbbbbbbbbbbbbbbbbbbbbb',
            type: 'login-attempt',
            email: 'ada@example.com',
            status: 'failure',
            timeCreated: time,
          },
        ],
      },
    });
    renderRoutes(settingsRoutes, '/settings/users/my/log');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0])
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Type', 'Email', 'Status', 'Time']);
    const local = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(time));
    expect(
      within(rows[1])
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Login', 'ada@example.com', 'Success', local]);
    expect(
      within(rows[2])
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Login attempt', 'ada@example.com', 'Failure', local]);
  });

  it('shows one card per event on a phone, where four columns do not fit', async () => {
    const phone = window.matchMedia('(max-width: 766.98px)');
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
      ...phone,
      media: query,
      matches: query.includes('max-width: 766'),
    }));
    serveApi({
      'GET /api/v1/users/my': { body: sampleUser() },
      [`GET ${LOG}`]: {
        body: [
          {
            _id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
            type: 'logout',
            email: 'ada@example.com',
            status: 'success',
            timeCreated: '2025-03-04T05:06:07.000Z',
          },
        ],
      },
    });
    renderRoutes(settingsRoutes, '/settings/users/my/log');
    const item = await screen.findByRole('listitem');
    expect(screen.queryByRole('table')).toBeNull();
    expect(item.textContent).toContain('Logout');
    expect(item.textContent).toContain('Success');
    expect(item.textContent).toContain('ada@example.com');
  });
});
