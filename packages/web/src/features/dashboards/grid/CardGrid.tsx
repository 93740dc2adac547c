import 'react-grid-layout/css/styles.css';
import 'react-resizable/css/styles.css';
import { Box, Paper } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { GRID, PREVIEW, type Tab, type Unit } from '@tessera/shared';
import { startTransition, useCallback, useMemo, useState } from 'react';
import GridLayout, { type Layout } from 'react-grid-layout';
import {
  completeLayout,
  gridColumns,
  isMobileGrid,
  previewLayout,
  stackedLayout,
  toStoredLayout,
  useDashboardMode,
  withHeights,
} from '../../canvas/index.ts';
import { DashboardViewProvider } from '../../filters/index.ts';
import { DataCard, DRAG_HANDLE_CLASS } from '../card/DataCard.tsx';
import { CardLayoutContext, useCardLayoutKeys } from './cardLayoutKeys.tsx';
import { EmptyGrid } from './EmptyGrid.tsx';
import { useLayoutSaver } from './useLayoutSaver.ts';
import { useRevealed } from './useRevealed.ts';

interface Props {
  tab: Tab;
  /** The tab's cards. */
  units: Unit[];
}

/**
 * The card grid of one tab: 12 columns on desktop and 2 on mobile (below 700 px of width minus 50),
 * margin 20, rows of 100 px. Editors drag cards by their handle on desktop and resize them anywhere; on mobile
 * the cards stack full width and only their height can change. The preview page draws the first rows (y up to
 * 3) of a 12-column grid 1180 wide. On desktop an editor also moves and resizes a card by keyboard or by its
 * menu's Move and Resize (cardLayoutKeys.tsx), saved the same way as a drag.
 */
export function CardGrid({ tab, units }: Props) {
  const { canEdit, preview } = useDashboardMode();
  const { ref: observe, width: observed } = useElementSize();
  // The resize observer reports after the first paint; reading the width as the element attaches (before
  // paint) keeps the cards from being drawn at the window's width and then shrinking into place. Until then
  // (null) the grid is not rendered at all: the screen's first render lays out its header and tabs, and the
  // grid's (fifty items and the first cards) follows as a transition, which React renders in slices between
  // which the browser paints and takes input, instead of rendering it twice in the same task. The preview page
  // (a screenshot, its width fixed) renders it at once: it marks itself ready once its cards have drawn.
  const [attachedWidth, setAttachedWidth] = useState<number | null>(preview ? PREVIEW.width : null);
  const ref = useCallback(
    (node: HTMLDivElement | null) => {
      observe(node);
      if (!node) return;
      const attached = node.clientWidth;
      startTransition(() => setAttachedWidth(attached));
    },
    [observe],
  );
  const measured = observed > 0 ? observed : (attachedWidth ?? 0);
  // Where nothing is measured at all (as in tests), the window's width stands in.
  const width = preview ? PREVIEW.width : measured > 0 ? measured : window.innerWidth;
  const mobile = !preview && isMobileGrid(width);

  const stored = useMemo(() => completeLayout(tab.units, tab.layout), [tab.units, tab.layout]);
  const { layout, change } = useLayoutSaver(tab.dashboardId, tab._id, stored);
  const keys = useCardLayoutKeys(layout, change, units);
  const movable = canEdit && !mobile && !preview;
  const shown = preview ? previewLayout(layout) : mobile ? stackedLayout(layout) : layout;
  const heights = new Map(shown.map((item) => [item.i, item.h]));
  const byId = new Map(units.map((unit) => [unit._id, unit]));
  const cards = shown.map((item) => byId.get(item.i)).filter((unit): unit is Unit => unit !== undefined);
  // Every card's place is laid out at once; their contents mount a few per browser task (useRevealed), from the
  // grid's own first render on.
  const revealed = useRevealed(attachedWidth === null ? [] : cards.map((unit) => unit._id));

  if (units.length === 0) return <EmptyGrid canEdit={canEdit} />;

  const onStop = (next: Layout[]) => change(mobile ? withHeights(layout, next) : toStoredLayout(next));

  return (
    <Box ref={ref} w={preview ? PREVIEW.width : '100%'}>
      {attachedWidth === null ? null : (
        <DashboardViewProvider dashboardId={tab.dashboardId}>
          <CardLayoutContext.Provider value={movable ? keys.controls : null}>
            <GridLayout
              width={width}
              cols={preview ? PREVIEW.columns : gridColumns(width)}
              layout={shown}
              rowHeight={GRID.rowHeight}
              margin={[GRID.margin, GRID.margin]}
              containerPadding={[0, 0]}
              compactType="vertical"
              isDraggable={movable}
              isResizable={canEdit && !preview}
              resizeHandles={mobile ? ['s'] : ['se']}
              draggableHandle={`.${DRAG_HANDLE_CLASS}`}
              useCSSTransforms={!preview}
              onDragStop={onStop}
              onResizeStop={onStop}
            >
              {cards.map((unit) => (
                <div key={unit._id} data-testid={`card-${unit._id}`}>
                  {revealed.has(unit._id) ? (
                    <DataCard unit={unit} h={heights.get(unit._id)} draggable={!mobile} />
                  ) : (
                    <Paper withBorder radius="md" h="100%" data-testid="card-shell" />
                  )}
                </div>
              ))}
            </GridLayout>
          </CardLayoutContext.Provider>
          {keys.region}
        </DashboardViewProvider>
      )}
    </Box>
  );
}
