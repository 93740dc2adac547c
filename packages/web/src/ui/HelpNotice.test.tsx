import { type PopOvers, TOKEN_STORAGE_KEY } from '@tessera/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DatasetHelp } from '../features/datasets/DatasetHelp.tsx';
import { ModelHelp } from '../features/models/ModelHelp.tsx';
import { setLanguage } from '../i18n/index.ts';
import { renderRoutes, sampleUser, serveApi } from './testSupport.tsx';

function serveUser(popOvers: Partial<PopOvers>) {
  let user = sampleUser({
    popOvers: { mappingPopovers: false, datasetPopovers: false, modelPopovers: false, ...popOvers },
  });
  return serveApi({
    'GET /api/v1/users/my': () => ({ body: user }),
    'PUT /api/v1/users/my': (request) => {
      const body = request.body as { popOvers: Record<string, boolean> };
      user = { ...user, popOvers: { ...user.popOvers, ...body.popOvers } };
      return { body: user };
    },
  });
}

describe('an area help', () => {
  it('shows the models help until it is dismissed, and saves the dismissal with the user', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    const server = serveUser({});
    renderRoutes([{ path: '/', element: <ModelHelp /> }], '/');
    expect(await screen.findByText('About models')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByText('About models')).toBeNull());
    expect(server.sent('PUT', '/api/v1/users/my').map((r) => r.body)).toEqual([{ popOvers: { modelPopovers: true } }]);
  });

  it('stays hidden once dismissed', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    serveUser({ modelPopovers: true });
    const both = (
      <>
        <DatasetHelp />
        <ModelHelp />
      </>
    );
    renderRoutes([{ path: '/', element: both }], '/');
    expect(await screen.findByText('About datasets')).toBeTruthy();
    expect(screen.queryByText('About models')).toBeNull();
  });

  it('is written in French for a French user', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    setLanguage('fr');
    serveUser({});
    renderRoutes([{ path: '/', element: <ModelHelp /> }], '/');
    expect(await screen.findByText('À propos des modèles')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Compris' })).toBeTruthy();
  });
});
