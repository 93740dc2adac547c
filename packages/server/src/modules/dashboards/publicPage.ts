import { api, cardIsMapped, filtersInForce, firstCardRequest, requestUrl, selectedJobOf } from '@tessera/shared';
import type { PageAnswerSource } from '../../platform/pageAnswers.ts';
import { findDashboardExposure } from './dashboards.store.ts';

/**
 * A public dashboard's page, answered ahead (platform/pageAnswers.ts): the dashboard, its model bars, then the
 * first request of each card of the tab the page opens on (the path's tab, else the first), with the saved filters
 * in force and a model's selected run, as the web app makes them. A visitor with filters of their own asks for
 * their cards themselves.
 *
 * Whether the page opens is read for every page; its answers are a function of the dashboard's content version
 * (any change to it, its tabs or its cards) and its project's data version (any change to its datasets, their
 * features and imports, and to what its models' bars show: their selected run, inputs, names), both bumped by
 * triggers: pages that share them share their answers.
 */
export const publicDashboardPage: PageAnswerSource = {
  path: /^\/public\/dashboards\/(?:report\/)?([^/]+)(?:\/tabs\/([^/]+))?\/?$/,
  async asks(match, app) {
    const [, id = '', pathTab] = match;
    const exposure = await findDashboardExposure(app.ctx.db, id);
    if (!exposure?.publiclyVisible) return undefined;
    const { row, dataVersion } = exposure;
    const tabId = pathTab && row.tabIds.includes(pathTab) ? pathTab : row.tabIds[0];
    return {
      // A report's path, a path with or without its tab, or with an unknown one: the same page.
      keptUnder: [row.id, tabId, row.contentVersion, dataVersion],
      async ask(ask) {
        const answer = await ask({ method: 'GET', url: requestUrl(api.getPublicDashboard.path, { id }) });
        const parsed = api.getPublicDashboard.response.safeParse(answer);
        if (!parsed.success) return false;
        const view = parsed.data;
        // The model bars, read-only (their inputs are the displayed runs'), asked before the cards: a card reading
        // an output of a model's selected run asks for that run's job, as the page does once it has the bars.
        const bars = api.publicDashboardModels.response.safeParse(
          await ask({ method: 'GET', url: requestUrl(api.publicDashboardModels.path, { id }) }),
        );
        if (!bars.success) return false;
        const selected = bars.data.models.flatMap((bar) => bar.selectedOutputs);
        const tab = view.tabs.find((candidate) => candidate._id === tabId);
        if (!tab) return true;
        const filters = filtersInForce(view.dashboard.filters, tab.filters);
        const cards = view.units.filter((unit) => unit.tabId === tab._id && cardIsMapped(unit));
        const answers = await Promise.all(
          cards.map((unit) => {
            const { query, body } = firstCardRequest(unit, filters, selectedJobOf(unit, selected));
            const url = requestUrl(api.getPublicUnitData.path, { id, unitId: unit._id }, query);
            return ask({ method: 'POST', url, body });
          }),
        );
        // A card error may pass (a query that failed): such answers are not kept.
        return answers.every((data) => api.getPublicUnitData.response.safeParse(data).data?.error === null);
      },
    };
  },
};
