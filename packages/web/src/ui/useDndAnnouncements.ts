import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from '@dnd-kit/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** What dnd-kit knows of a draggable or a drop target: its id and the data it was registered with. */
type DndEntry = { id: UniqueIdentifier; data: { current?: unknown } } | null;

/**
 * The screen-reader words of a drag and drop (dnd-kit's live region) read names, never raw ids
 * (accessibility; "dataset:1969fe… was dropped over folder:5242…" read ids): each draggable and drop target
 * registers `data.label` (its name), or `nameOf` finds it. The sentences are i18next's (common.dnd, en and fr).
 * The mapping screen has its own, richer ones (mapping/useDragAnnouncements).
 */
export function useDndAnnouncements(nameOf?: (id: string) => string | undefined): {
  announcements: Announcements;
  screenReaderInstructions: ScreenReaderInstructions;
} {
  const { t } = useTranslation('common');
  return useMemo(() => {
    const name = (entry: DndEntry) => {
      if (!entry) return '';
      const label = (entry.data.current as { label?: unknown } | undefined)?.label;
      return typeof label === 'string' ? label : (nameOf?.(String(entry.id)) ?? t('dnd.item'));
    };
    const announcements: Announcements = {
      onDragStart: ({ active }) => t('dnd.pickedUp', { name: name(active) }),
      onDragOver: ({ active, over }) =>
        over ? t('dnd.over', { name: name(active), target: name(over) }) : t('dnd.nowhere', { name: name(active) }),
      onDragEnd: ({ active, over }) =>
        over
          ? t('dnd.dropped', { name: name(active), target: name(over) })
          : t('dnd.droppedNowhere', { name: name(active) }),
      onDragCancel: ({ active }) => t('dnd.cancelled', { name: name(active) }),
    };
    return { announcements, screenReaderInstructions: { draggable: t('dnd.instructions') } };
  }, [t, nameOf]);
}
