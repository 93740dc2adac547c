import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import type { LayoutItem } from '@tessera/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveTabLayout } from '../../../api/dashboards.ts';
import { sameLayout } from '../../canvas/index.ts';

/** Wait this long after the last move or resize before saving: one call for a burst of changes. */
export const LAYOUT_SAVE_DELAY_MS = 600;

/**
 * The layout the grid shows and its saving ("the layout saved with the tab", `PUT /api/v1/tabs/{id}`
 * {layout}). A change shows at once and is saved after a short pause; the stored layout (the cache, which live
 * events update) is taken over whenever no change of this user is waiting, so another editor's moves appear
 * without overwriting one's own. A failed save goes back to the stored layout.
 */
export function useLayoutSaver(dashboardId: string, tabId: string, stored: LayoutItem[]) {
  const { t } = useTranslation('dashboards');
  const client = useQueryClient();
  const [layout, setLayout] = useState(stored);
  const pending = useRef<LayoutItem[] | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const saving = useRef(0);

  useEffect(() => {
    if (!pending.current && saving.current === 0)
      setLayout((current) => (sameLayout(current, stored) ? current : stored));
  }, [stored]);

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const next = pending.current;
    if (!next) return;
    pending.current = null;
    saving.current += 1;
    saveTabLayout(client, dashboardId, tabId, next)
      .catch(() => {
        notifications.show({ color: 'red', message: t('common.failed') });
        setLayout(stored);
      })
      .finally(() => {
        saving.current -= 1;
      });
  }, [client, dashboardId, tabId, stored, t]);

  // Leaving the tab saves what is waiting rather than dropping it.
  const flushRef = useRef(flush);
  flushRef.current = flush;
  useEffect(() => () => flushRef.current(), []);

  const change = useCallback(
    (next: LayoutItem[]) => {
      if (sameLayout(next, pending.current ?? layout)) return;
      setLayout(next);
      pending.current = next;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => flushRef.current(), LAYOUT_SAVE_DELAY_MS);
    },
    [layout],
  );

  return { layout, change };
}
