import type { LayoutItem, Unit } from '@tessera/shared';
import { createContext, type KeyboardEvent, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveAnnouncer } from '../../../ui/useLiveAnnouncer.tsx';
import { ARROW_KEYS, type Direction, moveCard, placeOf, resizeCard } from './keyboardLayout.ts';

export type LayoutStep = 'move' | 'resize';

/** What a card may do to its own place in the grid without a pointer; null where cards cannot be moved. */
export interface CardLayoutControls {
  /** `quiet`: the caller announces the new place itself (the Move and Resize dialog, whose status is read). */
  step: (kind: LayoutStep, unitId: string, direction: Direction, quiet?: boolean) => void;
  /** The card's place as read to the user ("Column 3, row 2" / "6 columns by 4 rows"). */
  describe: (kind: LayoutStep, unitId: string) => string;
}

export const CardLayoutContext = createContext<CardLayoutControls | null>(null);

export const useCardLayoutControls = () => useContext(CardLayoutContext);

/**
 * The keyboard layout of a tab's cards (docs/accessibility.md "Layout by keyboard"): each step goes through the
 * same `change` a drag goes through (shown at once, saved after a pause) and is announced in a live region.
 */
export function useCardLayoutKeys(
  layout: readonly LayoutItem[],
  change: (next: LayoutItem[]) => void,
  units: readonly Unit[],
) {
  const { t } = useTranslation('dashboards');
  const { announce, region } = useLiveAnnouncer();
  const nameOf = (unitId: string) => units.find((unit) => unit._id === unitId)?.name || t('card.untitled');

  const sentence = (kind: LayoutStep, of: readonly LayoutItem[], unitId: string, name?: string) => {
    const place = placeOf(of, unitId);
    if (!place) return '';
    const size = t('layout.size', {
      columns: t('layout.columns', { count: place.columns }),
      rows: t('layout.rows', { count: place.rows }),
    });
    if (name === undefined) return kind === 'move' ? t('layout.place', place) : size;
    return kind === 'move' ? t('layout.moved', { name, ...place }) : t('layout.resized', { name, size });
  };

  const controls: CardLayoutControls = {
    step: (kind, unitId, direction, quiet = false) => {
      const next = kind === 'move' ? moveCard(layout, unitId, direction) : resizeCard(layout, unitId, direction);
      change(next);
      if (!quiet) announce(sentence(kind, next, unitId, nameOf(unitId)));
    },
    describe: (kind, unitId) => sentence(kind, layout, unitId),
  };
  return { controls, region };
}

/** Arrows move the card, Shift and arrows resize it; other keys are left alone. */
export function cardLayoutKeyDown(controls: CardLayoutControls, unitId: string) {
  return (event: KeyboardEvent<HTMLElement>) => {
    const direction = ARROW_KEYS[event.key];
    if (!direction || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const target = event.currentTarget;
    controls.step(event.shiftKey ? 'resize' : 'move', unitId, direction);
    // The grid may reorder its items as they move: keep the focus on the handle.
    requestAnimationFrame(() => {
      if (target.isConnected && document.activeElement !== target) target.focus();
    });
  };
}
