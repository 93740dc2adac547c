/**
 * Helpers for the shell's component tests (jsdom): the providers of App.tsx, and a recorder standing in for the
 * network at the fetch boundary. The browser APIs jsdom lacks are filled in by testSetup.ts.
 */
import '../i18n/index.ts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ORG_ROLE_KEYS, type OrgRoles, ROLE_PRESETS, type User } from '@tessera/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { theme } from './theme.ts';

export function makeUser(roles: OrgRoles = ROLE_PRESETS.standard, overrides: Partial<User> = {}): User {
  return {
    _id: '64b7f0c2a1b2c3d4e5f60718',
    name: { first: 'Ada', last: 'Lovelace' },
    email: 'ada@example.com',
    roles,
    logo: null,
    active: true,
    needsReset: false,
    organizationId: '64b7f0c2a1b2c3d4e5f60700',
    popOvers: { mappingPopovers: false, datasetPopovers: false, modelPopovers: false },
    timeCreated: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const onlyRole = (key: (typeof ORG_ROLE_KEYS)[number]): OrgRoles =>
  Object.fromEntries(ORG_ROLE_KEYS.map((k) => [k, k === key])) as OrgRoles;

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
}

export function renderWithProviders(ui: ReactNode, client: QueryClient = testQueryClient()) {
  return render(
    <MantineProvider theme={theme} env="test" defaultColorScheme="dark">
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
}

export interface RecordedRequest {
  method: string;
  url: string;
  authorization: string | null;
  body: unknown;
}

type Reply = { status: number; body?: unknown } | Promise<never>;

/**
 * Replaces fetch with a recorder that answers from `reply` (by "METHOD /path"); unknown requests answer 404.
 * A reply of `never()` leaves the request pending, to see loading states.
 */
export function stubNetwork(reply: (key: string) => Reply | undefined) {
  const requests: RecordedRequest[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    requests.push({ method, url, authorization: headers.get('authorization'), body });
    const answer = reply(`${method} ${url}`) ?? {
      status: 404,
      body: { error: { code: 'not_found', message: 'Not found' } },
    };
    const { status, body: out } = await answer;
    return new Response(out === undefined ? null : JSON.stringify(out), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return requests;
}

export const never = (): Promise<never> => new Promise(() => {});

/**
 * Opens the menu of the button of that name and answers the menu. A page still settling (a lazy view arriving, a
 * query answered) may render the button anew and drop a menu opened a moment before: the button is clicked again
 * while no menu is open.
 */
export function openMenu(buttonName: string, index = 0): Promise<HTMLElement> {
  return waitFor(
    async () => {
      if (!screen.queryByRole('menu'))
        await userEvent.click(screen.getAllByRole('button', { name: buttonName })[index]);
      return screen.getByRole('menu');
    },
    { interval: 250 },
  );
}
