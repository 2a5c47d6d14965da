import type { User } from '@careers/contracts/entities/user';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { onTestFinished } from 'vitest';
import { AppProviders } from '../app/providers';
import { createRouteTable } from '../app/route-table';
import { createQueryClient } from '../lib/query-client';
import { ada, type FetchHandler, stubSession } from './fake-api';

/**
 * The app's cache for one test, emptied when the test ends. Emptying it stops its queries too: a read
 * that failed with a 500 retries a second or two later, and would otherwise call whatever `fetch`
 * the next test stubbed, into that test's record of calls.
 */
export function testQueryClient() {
  const queryClient = createQueryClient();
  onTestFinished(() => queryClient.clear());
  return queryClient;
}

/** Renders the whole app at `path`, with a fresh cache, as a person would open it. */
export function renderApp(path: string) {
  const queryClient = testQueryClient();
  const router = createMemoryRouter(createRouteTable(queryClient), { initialEntries: [path] });
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, user };
}

/**
 * `signedIn` (Ada unless named) opens `path`; `handler` answers every call but GET /auth/me, and
 * anything it is not given answers 404. `api` is the fetch stub, to count and read what was sent.
 */
export function openSignedIn(path: string, handler?: FetchHandler, signedIn: User = ada) {
  const api = stubSession(signedIn, handler);
  return { api, ...renderApp(path) };
}
