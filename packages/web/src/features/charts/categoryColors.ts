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
 * and the categories new to the registry take the free colours around it. The page's registry is kept in the
 * browser's local storage, so a filtered dashboard opened later keeps the colours too.
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

/** At most this many scopes are kept (the oldest go first). */
const MAX_SCOPES = 200;

/** Where a registry keeps what it learnt between page loads (a Storage, or nothing). */
export interface RegistryStore {
  load(): Record<string, Record<string, number>> | null;
  save(scopes: Record<string, Record<string, number>>): void;
}

/** Remembered colour slots: scope (scale and feature) → category key → slot. */
export class CategoryColorRegistry {
  private readonly scopes = new Map<string, Map<string, number>>();

  constructor(private readonly store?: RegistryStore) {
    for (const [name, slots] of Object.entries(store?.load() ?? {})) {
      const valid = Object.entries(slots).filter(
        ([, slot]) => Number.isInteger(slot) && slot >= 0 && slot < CATEGORY_SLOTS,
      );
      this.scopes.set(name, new Map(valid));
    }
  }

  scope(name: string): Map<string, number> {
    let slots = this.scopes.get(name);
    if (!slots || slots.size > MAX_REMEMBERED) {
      slots = new Map();
      this.scopes.set(name, slots);
      while (this.scopes.size > MAX_SCOPES) this.scopes.delete(this.scopes.keys().next().value as string);
    }
    return slots;
  }

  /** Keeps what was learnt (after categoryColors gave new categories their slots). */
  persist(): void {
    if (!this.store) return;
    const out: Record<string, Record<string, number>> = {};
    for (const [name, slots] of this.scopes) out[name] = Object.fromEntries(slots);
    this.store.save(out);
  }
}

const STORAGE_KEY = 'tessera.categoryColors';

/** The browser's local storage, when there is one that works (never an error: colours are a comfort). */
function localStore(): RegistryStore | undefined {
  try {
    const storage = globalThis.localStorage;
    if (!storage) return undefined;
    return {
      load: () => JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null'),
      save: (scopes) => {
        try {
          storage.setItem(STORAGE_KEY, JSON.stringify(scopes));
        } catch {
          // Full or refused: the colours stay for this page only.
        }
      },
    };
  } catch {
    return undefined;
  }
}

function pageRegistry(): CategoryColorRegistry {
  try {
    return new CategoryColorRegistry(localStore());
  } catch {
    return new CategoryColorRegistry();
  }
}

/** The registry the page's charts share, kept in the browser between visits. */
export const pageCategoryColors = pageRegistry();

/**
 * The colour of each category key drawn together, from the colour scale. `remembered` (a registry scope) keeps
 * the slots categories got before and learns the new ones; without it the answer depends on the keys alone.
 */
export function categoryColors(
  keys: string[],
  scheme: ColorSchemeName,
  remembered: Map<string, number> = new Map(),
  registry?: CategoryColorRegistry,
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
  if (fresh.length > 0) registry?.persist();
  return new Map(unique.map((key) => [key, palette[slots.get(key)!]!]));
}
