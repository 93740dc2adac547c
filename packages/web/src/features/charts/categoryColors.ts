/**
 * Colours that follow a category, not its position (issue #20 item 1): a pie's slices and a group-by's series
 * take their colour from their category's value, so a filter that removes some categories leaves the others
 * their colours.
 *
 * Each value hashes (FNV-1a) to one of the scale's first ten colours; when no more categories are drawn than
 * there are colours, a value whose colour another drawn value already took moves on to the next free one
 * (values placed in order of their colour, then their text), so no two slices share a colour. What a category
 * got is remembered in a registry (one per page, scoped by colour scale and feature, like the shared label
 * colours of other BI tools): drawn again — filtered, on another card, after a refetch — it keeps its colour,
 * and the categories new to the registry take the free colours around it.
 */
import { type ColorSchemeName, schemeColors } from '@tessera/shared';

/** How many colours of a scale the categories share. */
export const CATEGORY_SLOTS = 10;
/** A scope remembers at most this many categories (then starts afresh). */
const MAX_REMEMBERED = 5000;

/** FNV-1a, 32 bits, over the UTF-16 code units of a text. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** Remembered colour slots: scope (scale and feature) → category key → slot. */
export class CategoryColorRegistry {
  private readonly scopes = new Map<string, Map<string, number>>();

  scope(name: string): Map<string, number> {
    let slots = this.scopes.get(name);
    if (!slots || slots.size > MAX_REMEMBERED) {
      slots = new Map();
      this.scopes.set(name, slots);
    }
    return slots;
  }
}

/** The registry the page's charts share. */
export const pageCategoryColors = new CategoryColorRegistry();

/**
 * The colour of each category key drawn together, from the colour scale. `remembered` (a registry scope) keeps
 * the slots categories got before and learns the new ones; without it the answer depends on the keys alone.
 */
export function categoryColors(
  keys: string[],
  scheme: ColorSchemeName,
  remembered: Map<string, number> = new Map(),
): Map<string, string> {
  const palette = schemeColors(scheme, CATEGORY_SLOTS);
  const unique = [...new Set(keys)];
  const probe = unique.length <= CATEGORY_SLOTS;
  const taken = new Set<number>();
  const slots = new Map<string, number>();
  for (const key of unique) {
    const slot = remembered.get(key);
    if (slot === undefined) continue;
    slots.set(key, slot);
    taken.add(slot);
  }
  const home = (key: string) => hashText(key) % CATEGORY_SLOTS;
  const fresh = unique
    .filter((key) => !slots.has(key))
    .sort((a, b) => home(a) - home(b) || (a < b ? -1 : a > b ? 1 : 0));
  for (const key of fresh) {
    let slot = home(key);
    for (let tries = 0; probe && taken.has(slot) && tries < CATEGORY_SLOTS; tries++) slot = (slot + 1) % CATEGORY_SLOTS;
    taken.add(slot);
    slots.set(key, slot);
    remembered.set(key, slot);
  }
  return new Map(unique.map((key) => [key, palette[slots.get(key)!]!]));
}
