import { useEffect, useState } from 'react';

/**
 * Card views loaded on first use, each module once for the page: the chart views (ECharts) and the custom card
 * views (markdown, HTML, network graph) are separate chunks, so that a dashboard evaluates only what its cards
 * draw with — evaluating a chunk is one main-thread task, and the two together made one of over 100 ms.
 */
export interface LazyModule<T> {
  /** The module once loaded. */
  readonly loaded: () => T | undefined;
  /** Loads it (once); answers it. */
  readonly load: () => Promise<T>;
}

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let module: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    loaded: () => module,
    load: () => {
      loading ??= importer().then((loadedModule) => {
        module = loadedModule;
        return loadedModule;
      });
      return loading;
    },
  };
}

export const chartViews = lazyModule(() => import('./chartViews.ts'));
export const customViews = lazyModule(() => import('./customViews.ts'));

/** The module, undefined until loaded (at once when another card loaded it already); nothing when not `wanted`. */
export function useLazyModule<T>(lazy: LazyModule<T>, wanted = true): T | undefined {
  const [, setVersion] = useState(0);
  const module = lazy.loaded();
  useEffect(() => {
    if (!wanted || module) return;
    let live = true;
    void lazy.load().then(() => live && setVersion((version) => version + 1));
    return () => {
      live = false;
    };
  }, [lazy, wanted, module]);
  return wanted ? module : undefined;
}
