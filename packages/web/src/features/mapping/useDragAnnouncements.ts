import type { Announcements, ScreenReaderInstructions } from '@dnd-kit/core';
import type { DropTarget, UnitType, Vis } from '@tessera/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { refusalFor } from './Bucket.tsx';
import { bucketItems } from './bucketItems.ts';
import { bucketDropId, type MappingDrag, sameTarget } from './dnd.ts';
import { bucketChoices } from './useBucketChoices.ts';

type Over = Parameters<Announcements['onDragOver']>[0]['over'];

/**
 * What a screen reader hears while something is dragged on the mapping screen (dnd-kit's live region), and the
 * instructions every draggable column and chip is described by: the column's name, the bucket it is over (and
 * its place there when a chip is reordered), or why that bucket refuses it.
 */
export function useDragAnnouncements(vis: Vis, type: UnitType) {
  const { t } = useTranslation('mapping');
  return useMemo(() => {
    const labels = new Map(bucketChoices(t, type, vis).map((choice) => [bucketDropId(choice.target), choice.label]));
    const nameOf = (active: { data: { current?: unknown } }) => {
      const drag = active.data.current as MappingDrag | undefined;
      return drag?.kind === 'feature' ? drag.feature.name : (drag?.name ?? '');
    };
    /** Where the item would land over `over`, in words; `done` once it was dropped there. */
    const describe = (active: { data: { current?: unknown } }, over: Over, done: boolean) => {
      const name = nameOf(active);
      const drag = active.data.current as MappingDrag | undefined;
      const place = over?.data.current as { target?: DropTarget; index?: number } | undefined;
      if (!drag || !place?.target) return t(done ? 'keyboardDrag.droppedNowhere' : 'keyboardDrag.nowhere', { name });
      const bucket = labels.get(bucketDropId(place.target)) ?? '';
      const refusal = refusalFor(drag, vis, place.target, type);
      if (refusal)
        return t(done ? 'keyboardDrag.droppedRefused' : 'keyboardDrag.refused', {
          name,
          bucket,
          reason: t(`refusals.${refusal}`),
        });
      if (drag.kind !== 'feature' && place.index !== undefined && sameTarget(drag.from, place.target)) {
        const position = { name, bucket, position: place.index + 1, count: bucketItems(vis, place.target).length };
        return t(done ? 'keyboardDrag.movedTo' : 'keyboardDrag.at', position);
      }
      return t(done ? 'keyboardDrag.dropped' : 'keyboardDrag.over', { name, bucket });
    };
    const announcements: Announcements = {
      onDragStart: ({ active }) => t('keyboardDrag.pickedUp', { name: nameOf(active) }),
      onDragOver: ({ active, over }) => describe(active, over, false),
      onDragEnd: ({ active, over }) => describe(active, over, true),
      onDragCancel: ({ active }) => t('keyboardDrag.cancelled', { name: nameOf(active) }),
    };
    const screenReaderInstructions: ScreenReaderInstructions = { draggable: t('keyboardDrag.instructions') };
    return { announcements, screenReaderInstructions };
  }, [t, vis, type]);
}
