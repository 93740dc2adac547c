import { notifications } from '@mantine/notifications';
import { DEFAULT_LANGUAGE } from '@tessera/shared';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { pageErrorStore } from '../api/errors.ts';
import { queryClient } from '../api/queryClient.ts';
import { localFilterStore } from '../features/filters/localFilters.ts';
import { setLanguage } from '../i18n/index.ts';

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
  // Nor a font loading API (FontFaceSet), which Mantine's autosizing Textarea listens to.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
    });
  }
}

/**
 * Every test ends with what it left behind taken away, so that none sees another's screen, storage, language,
 * stubs, clock, cached answers, visitor's filters, address or page error — within a file, and across files, which
 * share one window and module graph per worker (isolate: false, vitest.config.ts).
 */
afterEach(() => {
  // A file in Node's environment (realtime.test.ts) has no window to clean.
  if (typeof window === 'undefined') return;
  cleanup();
  notifications.clean();
  queryClient.clear();
  pageErrorStore.clear();
  localFilterStore.reset();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setLanguage(DEFAULT_LANGUAGE);
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});
