import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../app/providers';
import { routeTable } from '../app/route-table';
import { createQueryClient } from '../lib/query-client';

/** Renders the whole app at `path`, with a fresh cache, as a person would open it. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routeTable, { initialEntries: [path] });
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, user };
}
