import { configure } from '@testing-library/react';

/**
 * The web tests share a 2-core machine with the server and browser suites: a screen that renders lazily may take
 * more than testing-library's default second to appear, so findBy and waitFor wait up to 10 s before failing.
 */
configure({ asyncUtilTimeout: 10_000 });

/**
 * jsdom lacks the layout APIs Mantine reads. Its screen asks for reduced motion, which the app's theme respects:
 * no transition leaves a timer behind to fire after a test file's window is gone.
 */
if (typeof window !== 'undefined') {
  window.matchMedia ??= (query: string) =>
    ({
      matches: query.includes('prefers-reduced-motion: reduce'),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
  window.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  Element.prototype.scrollIntoView ??= () => {};
}
