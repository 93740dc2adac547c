import type { UnitData } from '@tessera/shared';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dashboardKeys } from '../../api/dashboards.ts';
import { renderWithProviders, testQueryClient } from '../../app/testing.tsx';
import { echarts } from '../charts/echartsCore.ts';
import { buildInput, simpleChart } from '../charts/testFixtures.ts';
import { type DashboardMode, DashboardModeContext } from '../dataApps/dashboard/dashboardMode.tsx';
import { DASHBOARD_ID, hexId, makeTab, makeUnit, makeView, PROJECT_ID } from '../dataApps/testSupport.tsx';
import { CardChart } from './CardChart.tsx';

/** A chart card's drawing takes its dashboard's colours, and draws without animation on the preview page. */

const T1 = hexId('b1');
const FEATURE_COLOR = '#123456';
const input = buildInput(simpleChart('bar', 3));
const unit = makeUnit(hexId('c1'), T1, { type: 'chart', vis: input.vis as Record<string, unknown> });
const data = { data: input.data, series: input.series, features: input.features } as unknown as UnitData;

afterEach(cleanup);

function drawIn(place: DashboardMode['place']) {
  const client = testQueryClient();
  const view = makeView('Dashboard', [makeTab(T1)]);
  view.dashboard.colors = {
    colorScheme: view.dashboard.colors.colorScheme,
    features: Object.fromEntries(input.features.map((feature) => [feature._id, FEATURE_COLOR])),
  };
  client.setQueryData(dashboardKeys.detail(PROJECT_ID, DASHBOARD_ID), view);
  const mode: DashboardMode = { place, canEdit: false, cardMenu: false, preview: place.kind === 'preview' };
  renderWithProviders(
    <DashboardModeContext.Provider value={mode}>
      <CardChart unit={unit} data={data} width={400} height={200} h={3} />
    </DashboardModeContext.Provider>,
    client,
  );
}

async function drawnOption() {
  const element = await screen.findByRole('img', { name: 'Chart' });
  let option: { animation?: unknown; series?: unknown[] } | undefined;
  await waitFor(() => {
    option = echarts.getInstanceByDom(element)?.getOption() as typeof option;
    expect(option?.series?.length).toBeGreaterThan(0);
  });
  return option as { animation?: unknown; series: unknown[] };
}

describe('CardChart', () => {
  it("draws with the dashboard's feature colours, animated in a project", async () => {
    drawIn({ kind: 'project', projectId: PROJECT_ID });
    const option = await drawnOption();
    expect(JSON.stringify(option.series[0])).toContain(FEATURE_COLOR);
    expect(option.animation).not.toBe(false);
  });

  it('draws without animation on the preview page (screenshotted once drawn)', async () => {
    drawIn({ kind: 'preview', projectId: PROJECT_ID });
    const option = await drawnOption();
    expect(option.animation).toBe(false);
    expect(JSON.stringify(option.series[0])).toContain(FEATURE_COLOR);
  });
});
