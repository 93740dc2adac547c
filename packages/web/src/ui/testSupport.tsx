import '../i18n/index.ts';
import { MantineProvider } from '@mantine/core';
import { Notifications, notificationsStore } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { queryClient } from '../api/queryClient.ts';
import { theme } from './theme.ts';

/**
 * Test support for the login and settings screens: the app's real providers (Mantine, the app's QueryClient
 * with its error handling, notifications, i18n) around a memory router, and a stand-in for the HTTP server
 * that answers the contract paths a test declares and records every request. The server itself is tested by
 * its own API suites and end to end; here the screens' reactions to each answer are under test.
 */

// Each test's screen, storage, language and network stand-in are taken away after it by testSetup.ts.

export interface SentRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** The parsed JSON body, or the FormData of a multipart request. */
  body: unknown;
}

export interface Answer {
  status?: number;
  body?: unknown;
}

type Handler = (request: SentRequest) => Answer | Promise<Answer>;

/** An API error answer in the shape. */
export const apiError = (status: number, code: string, message: string, fields?: Record<string, string>): Answer => ({
  status,
  body: { error: fields ? { code, message, fields } : { code, message } },
});

/**
 * Serves `handlers` (keyed "METHOD /path", e.g. "POST /api/v1/login") in place of the network. A request with
 * no handler answers a 404 in the API's error shape, as the real server does for unknown routes.
 */
export function serveApi(handlers: Record<string, Handler | Answer>) {
  const requests: SentRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const request: SentRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body,
    };
    requests.push(request);
    const handler = handlers[`${method} ${url.pathname}`];
    const answer =
      handler === undefined
        ? apiError(404, 'not-found', `No route for ${method} ${url.pathname}`)
        : typeof handler === 'function'
          ? await handler(request)
          : handler;
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return {
    requests,
    sent: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
  };
}

/** Renders `routes` at `path` inside the app's providers; returns the router to follow navigation. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <Notifications />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, router };
}

/** A user as GET /api/v1/users/my answers it. */
export function sampleUser(overrides: Record<string, unknown> = {}) {
  return {
    _id: '0123456789abcdef01234567',
    name: { first: 'Ada', last: 'Lovelace' },
    email: 'ada@example.com',
    roles: {
      editOrganizationSettings: false,
      manageClientOrganizations: false,
      manageOrganizationUsers: false,
      viewOrganizationLogins: false,
      manageOrganizationProjects: false,
      createProjects: true,
      manageAllOrganizations: false,
    },
    logo: null,
    active: true,
    needsReset: false,
    organizationId: '89abcdef0123456789abcdef',
    popOvers: { mappingPopovers: false, datasetPopovers: false, modelPopovers: false },
    timeCreated: '2025-01-02T03:04:05.000Z',
    ...overrides,
  };
}

/** The toasts shown so far, with their display time. */
export function shownToasts() {
  return notificationsStore.getState().notifications.map((n) => ({ message: n.message, autoClose: n.autoClose }));
}

/** The error text shown under an input (Mantine links it through aria-describedby), or '' when none. */
export function errorUnder(input: HTMLElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids
    .map((id) => document.getElementById(id))
    .filter((el) => el?.className.includes('error'))
    .map((el) => el?.textContent ?? '')
    .join(' ');
}
