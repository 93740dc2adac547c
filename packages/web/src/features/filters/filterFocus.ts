/**
 * Where the focus goes when a filter's popover closes or a chip goes away (docs/accessibility.md "Focus"), so
 * that it never drops to the page's body: a keyboard user would have to start again from the top.
 */

/** The focus was lost (on the body, or on an element no longer in the page): nothing chose another place. */
const focusLost = () => {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
};

/** After the popover has closed (the next task): give `element` the focus unless the user put it elsewhere. */
export function refocusAfterClose(element: HTMLElement | null) {
  setTimeout(() => {
    if (element?.isConnected && focusLost()) element.focus();
  }, 0);
}

/**
 * A chip is being removed: the focus goes to the next chip of the bar, else to its Add filter button, else to the
 * previous chip. Called before the chip leaves the page, while its neighbours can still be found from it.
 */
export function focusAfterChip(chip: HTMLElement | null) {
  const bar = chip?.closest('[data-testid="filter-bar"]');
  if (!chip || !bar) return;
  const chips = [...bar.querySelectorAll<HTMLElement>('[data-testid="filter-chip"]')];
  const index = chips.indexOf(chip);
  const next = chips[index + 1] ?? bar.querySelector<HTMLElement>('[data-add-filter]') ?? chips[index - 1];
  const target = next?.matches('button') ? next : next?.querySelector<HTMLElement>('button');
  target?.focus();
}
