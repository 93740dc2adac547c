import { notifications } from '@mantine/notifications';
import { newCardBox, type Tab } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { type DashboardView, useUnitMutations } from '../../../api/dashboards.ts';
import { useServerText } from '../../../ui/serverText.ts';

/**
 * Add Card: a card with no type yet, where a new one goes by default — 12x3 at the top of an empty dashboard
 * tab (full width below the others otherwise), 6x3 at x6,y3 in a report section.
 */
export function useAddCard(view: DashboardView) {
  const { t } = useTranslation('dashboards');
  const serverText = useServerText();
  const units = useUnitMutations(view.dashboard._id);
  return {
    adding: units.create.isPending,
    add: (tab: Tab) =>
      units.create.mutate(
        { tabId: tab._id, layoutItem: newCardBox(view.dashboard.type, tab.layout) },
        {
          onError: (error) =>
            notifications.show({
              color: 'red',
              message: error instanceof ApiError ? serverText(error.message) : t('common.failed'),
            }),
        },
      ),
  };
}
