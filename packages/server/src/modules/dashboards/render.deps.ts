import type { Dashboard } from '@tessera/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { HeadlessBrowser } from './headlessBrowser.ts';

/**
 * What the data apps' drawings use, the preview images and the exports (each opens a page of the web app in the
 * shared Chromium); built from the app by `renderDepsOf` (render.jobs.ts).
 */
export type RenderDeps = Pick<AppContext, 'db' | 'storage' | 'jobs'> & {
  /** The process's Chromium, shared by the preview images and the exports; started by the first render only. */
  browser: HeadlessBrowser;
  /** Where the browser finds the web app's pages (preview.baseUrl.ts), asked when a render starts. */
  pagesUrl: () => string;
  log: FastifyBaseLogger;
};

/** The preview images' deps: the drawings' and how a dashboard's new preview state reaches its live channel. */
export type PreviewDeps = RenderDeps & {
  /** Tells the project's live channel of a dashboard whose image state changed (not its content). */
  previewChanged: (dashboard: Dashboard) => void;
};
