import { useEffect, useSyncExternalStore } from 'react';

export const PRODUCT_NAME = 'Tessera';

/** A page's title: its most specific part first, then the wider ones, then the product ("Board · Sales · Tessera"). */
export function documentTitle(...parts: Array<string | null | undefined>): string {
  return [...parts.map((p) => p?.trim()).filter((p): p is string => !!p), PRODUCT_NAME].join(' · ');
}

/** Sets the browser tab's title while the calling page is shown. */
export function useDocumentTitle(...parts: Array<string | null | undefined>): void {
  const title = documentTitle(...parts);
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/**
 * The name of what a signed-in page shows (a dashboard, a dataset, a model, a form), published for the shell,
 * which puts it before the area and the project in the title.
 */
let pageName: string | null = null;
const listeners = new Set<() => void>();
const publish = (name: string | null) => {
  pageName = name;
  for (const listener of listeners) listener();
};

export function usePageName(name: string | null | undefined): void {
  useEffect(() => {
    publish(name ?? null);
    return () => publish(null);
  }, [name]);
}

export function usePublishedPageName(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pageName,
  );
}
