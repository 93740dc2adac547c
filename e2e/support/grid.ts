import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The card grid (react-grid-layout) as a person handles it with a mouse: a card is dragged by its header's handle
 * ("Move <card name>") and resized by the corner handle react-resizable draws in its bottom-right corner. Both
 * libraries follow mousedown on the handle, then mousemove and mouseup on the document, so the pointer moves in
 * small steps as a hand would.
 */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Holds `handle` at its centre, moves the mouse by (dx, dy) in steps, and lets go. */
export async function dragBy(page: Page, handle: Locator, dx: number, dy: number): Promise<void> {
  await handle.scrollIntoViewIfNeeded();
  const box = await handle.boundingBox();
  if (!box) throw new Error('the handle to drag is not visible');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  // A first small move starts the drag (react-draggable starts on the first mousemove after mousedown).
  await page.mouse.move(x + Math.sign(dx) * 4, y + Math.sign(dy) * 4, { steps: 2 });
  await page.mouse.move(x + dx, y + dy, { steps: 16 });
  await page.mouse.up();
}

/** The corner resize handle of a card of the grid. */
export function resizeHandle(card: Locator): Locator {
  return card.locator('.react-resizable-handle-se');
}

/** The card's place on the screen, rounded to whole pixels. */
export async function boxOf(card: Locator): Promise<Box> {
  const box = await card.boundingBox();
  if (!box) throw new Error('the card is not visible');
  return {
    x: Math.round(box.x),
    y: Math.round(box.y),
    width: Math.round(box.width),
    height: Math.round(box.height),
  };
}

/**
 * The card's place once it has stopped moving: react-grid-layout animates every change (a CSS transition on the
 * transform), so the box is read until two reads in a row agree.
 */
export async function settledBox(card: Locator): Promise<Box> {
  let last = '';
  let box: Box | undefined;
  await expect
    .poll(
      async () => {
        box = await boxOf(card);
        const now = JSON.stringify(box);
        const settled = now === last;
        last = now;
        return settled;
      },
      { timeout: 10_000, interval: 150 },
    )
    .toBe(true);
  return box as Box;
}

/** The width of one grid column of a grid `gridWidth` pixels wide with `columns` columns and 20 px margins. */
export function columnWidth(gridWidth: number, columns: number, margin = 20): number {
  return (gridWidth - margin * (columns - 1)) / columns;
}
