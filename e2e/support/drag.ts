import type { Locator, Page } from 'playwright-core';

type Box = NonNullable<Awaited<ReturnType<Locator['boundingBox']>>>;

/**
 * Where `locator` is once the page has stopped moving it: its box read until two reads 50 ms apart agree (a list
 * still filling in shifts what is below it; a drag started on the old place selects text instead).
 */
export async function settledBox(locator: Locator): Promise<Box> {
  await locator.waitFor();
  let box = await locator.boundingBox();
  for (let tries = 0; tries < 40; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await locator.boundingBox();
    if (box && again && JSON.stringify(box) === JSON.stringify(again)) return again;
    box = again;
  }
  if (!box) throw new Error('the element to drag has no box');
  return box;
}

/**
 * Drags `source` onto `target` with the mouse, as a person does (the drag library starts after a few pixels);
 * `release: false` keeps the button down (to look at the drag on its way).
 */
export async function dragTo(page: Page, source: Locator, target: Locator, { release = true } = {}): Promise<void> {
  const from = await settledBox(source);
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 5, { steps: 4 });
  const to = await settledBox(target);
  await page.mouse.move(to.x + to.width / 2, to.y + Math.min(to.height / 2, 20), { steps: 12 });
  if (release) await page.mouse.up();
}
