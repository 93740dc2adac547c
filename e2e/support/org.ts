import type { Locator, Page } from 'playwright-core';

/**
 * Picks `option` in the Mantine Select labelled `label` (a combobox whose list opens on click), within `scope`
 * (a dialog, or the whole page).
 */
export async function chooseOption(scope: Page | Locator, label: string, option: string): Promise<void> {
  const page = typeof (scope as Locator).page === 'function' ? (scope as Locator).page() : (scope as Page);
  await scope.getByLabel(fieldLabel(label)).click();
  // The list is rendered in a portal, outside the dialog.
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The dialog (a Mantine Modal) with this title. */
export function dialog(page: Page, title: string): Locator {
  return page.getByRole('dialog', { name: title, exact: true });
}

/** A row of a list drawn as role listitem and named after what it shows (an organization, a user). */
export function listItem(page: Page, name: string): Locator {
  return page.getByRole('listitem', { name, exact: true });
}

/**
 * A field's label as Playwright reads it: a required field's label ends with Mantine's asterisk, which the
 * accessible name leaves out but the label's text keeps.
 */
export function fieldLabel(label: string): RegExp {
  return new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);
}
