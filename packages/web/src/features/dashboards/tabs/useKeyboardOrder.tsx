import type { Tab } from '@tessera/shared';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveAnnouncer } from '../../../ui/useLiveAnnouncer.tsx';
import { moveIdBy } from './tabNavigation.ts';

/** The attribute each tab's (section's) button carries, for giving it the focus back after it moved. */
export const ORDER_ID_ATTRIBUTE = 'data-order-id';

/**
 * Reordering tabs (report sections) without dragging (docs/accessibility.md "Layout by keyboard"):
 * Ctrl+Shift and an arrow on the focused tab, or Move left / Move right in its menu, move it one place; the new
 * place is announced and saved as a drop would save it (`reorder`), and the focus stays on the moved tab.
 */
export function useKeyboardOrder(
  tabs: readonly Tab[],
  words: 'tabs' | 'sections',
  reorder: (ids: string[]) => void,
  orientation: 'horizontal' | 'vertical',
) {
  const { t } = useTranslation('dashboards');
  const { announce, region } = useLiveAnnouncer();
  const ids = tabs.map((tab) => tab._id);
  // The tab to give the focus back to once the bar shows it at its new place (React moving its element blurs it).
  const refocus = useRef<{ id: string; index: number } | null>(null);

  useEffect(() => {
    if (!refocus.current || ids.indexOf(refocus.current.id) !== refocus.current.index) return;
    const { id } = refocus.current;
    refocus.current = null;
    const button = document.querySelector<HTMLElement>(`[${ORDER_ID_ATTRIBUTE}="${id}"]`);
    if (button && document.activeElement !== button) button.focus();
  });

  const move = (id: string, offset: number, focus = false) => {
    const next = moveIdBy(ids, id, offset);
    if (next.some((entry, index) => entry !== ids[index])) reorder(next);
    if (focus) refocus.current = { id, index: next.indexOf(id) };
    const name = tabs.find((tab) => tab._id === id)?.name ?? '';
    announce(t(`${words}.moved`, { name, position: next.indexOf(id) + 1, total: next.length }));
  };

  const [earlier, later] = orientation === 'horizontal' ? ['ArrowLeft', 'ArrowRight'] : ['ArrowUp', 'ArrowDown'];
  const onKeyDown = (id: string) => (event: KeyboardEvent<HTMLElement>) => {
    if (!event.ctrlKey || !event.shiftKey || (event.key !== earlier && event.key !== later)) return;
    event.preventDefault();
    move(id, event.key === earlier ? -1 : 1, true);
  };

  /** Where the tab may go from its menu: none at either end. */
  const canMove = (id: string, offset: number) => {
    const index = ids.indexOf(id);
    return index !== -1 && index + offset >= 0 && index + offset < ids.length;
  };

  return { move, onKeyDown, canMove, region };
}

/** What useKeyboardOrder answers: the move, the key handler, where a tab can go and the live region. */
export type KeyboardOrder = ReturnType<typeof useKeyboardOrder>;
