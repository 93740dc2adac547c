import type { Alert, Unit, UnitData } from '@tessera/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { tokenStore } from '../../../api/client.ts';
import { apiError, errorUnder, renderRoutes, serveApi } from '../../../ui/testSupport.tsx';
import { AlertDialog } from './AlertDialog.tsx';

const PROJECT = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const FEATURE = 'ffffffffffffffffffffffff';
const unit: Unit = {
  _id: '111111111111111111111111',
  tabId: '222222222222222222222222',
  dashboardId: '333333333333333333333333',
  type: 'kpi',
  subtype: null,
  name: 'Total amount',
  description: '',
  vis: { kpi: [{ id: 'kpi-total', feature: { _id: FEATURE }, operation: 'sum' }] },
};
const data: UnitData = {
  data: { 'kpi-total': 40 },
  series: [],
  features: [{ _id: FEATURE, name: 'amount', type: 'number', precision: null, dataset: { _id: FEATURE } }],
  pages: null,
  jobId: null,
  error: null,
};

beforeEach(() => tokenStore.set('a-token'));

const show = () =>
  renderRoutes(
    [{ path: '/', element: <AlertDialog projectId={PROJECT} unit={unit} data={data} onClose={() => {}} /> }],
    '/',
  );

describe('the Set alert dialog', () => {
  it('names the KPI value as the card does and sends the alert, named after the card when left unnamed', async () => {
    const api = serveApi({ 'POST /api/v1/alerts': { status: 400, body: { error: { code: 'x', message: 'x' } } } });
    show();
    expect(await screen.findByDisplayValue('amount (sum)')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Threshold' }), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Set alert' }));
    await waitFor(() => expect(api.sent('POST', '/api/v1/alerts')).toHaveLength(1));
    expect(api.sent('POST', '/api/v1/alerts')[0]?.body).toEqual({
      name: 'Total amount: above 100',
      unitId: unit._id,
      tabId: unit.tabId,
      valueId: 'kpi-total',
      condition: 'above',
      value: 100,
    });
  });

  it('shows the server’s field message under the threshold', async () => {
    serveApi({
      'POST /api/v1/alerts': apiError(400, 'validation', 'Some fields are not valid', {
        value: 'A percent change must be greater than 0',
      }),
    });
    show();
    const threshold = await screen.findByRole('textbox', { name: 'Threshold' });
    await userEvent.type(threshold, '-5');
    await userEvent.click(screen.getByRole('button', { name: 'Set alert' }));
    await waitFor(() => expect(errorUnder(threshold)).toBe('A percent change must be greater than 0'));
  });

  it('edits an alert: the same form filled in, without the value, saved with PUT', async () => {
    const alert: Alert = {
      _id: '444444444444444444444444',
      name: 'Total amount: above 100',
      projectId: PROJECT,
      dashboardId: unit.dashboardId,
      unitId: unit._id,
      tabId: unit.tabId,
      valueId: 'kpi-total',
      condition: 'above',
      value: 100,
      active: false,
      lastValue: 40,
      lastCheckedAt: null,
      lastFiredAt: null,
      user: { id: '555555555555555555555555' },
      timeCreated: '2031-01-01T00:00:00.000Z',
    };
    const api = serveApi({ [`PUT /api/v1/alerts/${alert._id}`]: { status: 200, body: alert } });
    renderRoutes([{ path: '/', element: <AlertDialog projectId={PROJECT} alert={alert} onClose={() => {}} /> }], '/');
    expect(await screen.findByText('Edit the alert')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Value' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveProperty('value', 'Total amount: above 100');
    const threshold = screen.getByRole('textbox', { name: 'Threshold' });
    expect(threshold).toHaveProperty('value', '100');
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '250');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.sent('PUT', `/api/v1/alerts/${alert._id}`)).toHaveLength(1));
    expect(api.sent('PUT', `/api/v1/alerts/${alert._id}`)[0]?.body).toEqual({
      name: 'Total amount: above 100',
      condition: 'above',
      value: 250,
    });
  });
});
