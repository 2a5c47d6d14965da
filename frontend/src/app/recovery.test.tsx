import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { ada, countCalls, type FetchHandler, jsonReply, stubSession } from '../testing/fake-api';
import { aPost, feedReply } from '../testing/posts';
import { openSignedIn, renderApp, testQueryClient } from '../testing/render-app';
import { AppProviders } from './providers';
import { RouteErrorBoundary } from './route-error-boundary';

const firstPage = '/api/posts/feed?limit=10';

/** A feed page whose one post lacks everything but its id: typed by the client, never parsed. */
function malformedFeedReply(): Response {
  return jsonReply(200, {
    data: [{ _id: 'broken-post' }],
    pagination: { currentPage: 1, totalPages: 1, totalPosts: 1, hasNext: false, hasPrev: false },
  });
}

/**
 * The boundary's heading. A crash costs React a second, synchronous render before the boundary shows,
 * on top of the session check and the feed call: on a busy machine that can pass testing-library's
 * default second.
 */
function findScreenFailure() {
  return screen.findByRole(
    'heading',
    { name: 'Something went wrong on this page', level: 1 },
    { timeout: 5_000 },
  );
}

function openFeed(handler: FetchHandler) {
  return openSignedIn('/feed', handler);
}

/** The signed-in shell: the top bar with its Logout, and the sidebar's links. */
function expectShell() {
  expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
}

let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  // React and the router report a caught render error too; the boundary's own report is checked below.
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('route error boundary', () => {
  it('replaces a screen that a malformed reply crashes with a message, inside the shell, and logs it', async () => {
    openFeed((_method, url) => (url === firstPage ? malformedFeedReply() : jsonReply(404, {})));

    const heading = await findScreenFailure();
    expectShell();
    expect(within(screen.getByRole('main')).getByRole('heading', { level: 1 })).toBe(heading);
    // The boundary moves focus in an effect, which a busy machine may run after the heading is found.
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' }).getAttribute('href')).toBe('/dashboard');
    // No stack trace and no developer text reach the page.
    expect(document.body.textContent).not.toMatch(/Unexpected Application Error|TypeError|at \w+ \(/);
    expect(
      consoleError.mock.calls.some(
        ([message, error]) =>
          typeof message === 'string' && message.includes('error boundary') && error instanceof TypeError,
      ),
    ).toBe(true);
  });

  it('"Try again" asks the server again and shows the screen once the reply is sound', async () => {
    let replies = 0;
    const { api, user } = openFeed((_method, url) => {
      if (url !== firstPage) return jsonReply(404, {});
      replies += 1;
      return replies === 1 ? malformedFeedReply() : feedReply([aPost({ content: 'Back in business' })]);
    });
    await findScreenFailure();

    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Back in business')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Feed', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Something went wrong on this page' })).toBeNull();
    expect(countCalls(api, 'GET', firstPage)).toBe(2);
    expectShell();
  });

  it('leads back to the dashboard, and a later visit asks for the feed afresh', async () => {
    let replies = 0;
    const { api, router, user } = openFeed((_method, url) => {
      if (url !== firstPage) return feedReply([]);
      replies += 1;
      return replies === 1 ? malformedFeedReply() : feedReply([aPost({ content: 'Fixed meanwhile' })]);
    });
    await findScreenFailure();

    await user.click(screen.getByRole('link', { name: 'Go to the dashboard' }));

    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada!', level: 1 })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.queryByRole('heading', { name: 'Something went wrong on this page' })).toBeNull();

    // The malformed page is not kept in the cache (it would still be fresh): the feed is fetched again.
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Feed' }),
    );
    expect(await screen.findByText('Fixed meanwhile')).toBeTruthy();
    expect(countCalls(api, 'GET', firstPage)).toBe(2);
  });

  it('clears when the person moves on through the sidebar', async () => {
    const { user } = openFeed((_method, url) => (url === firstPage ? malformedFeedReply() : feedReply([])));
    await findScreenFailure();

    await user.click(
      within(screen.getByRole('navigation', { name: 'Quick Actions' })).getByRole('link', {
        name: 'Settings',
      }),
    );

    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Something went wrong on this page' })).toBeNull();
  });
});

/** A layout that throws while `broken` holds. */
const flakyLayout = { broken: true };
function FlakyLayout() {
  if (flakyLayout.broken) throw new Error('the layout failed');
  return <p>The layout is back</p>;
}

describe('root error boundary', () => {
  it('gives a layout that fails a page of its own, and Try again renders it afresh', async () => {
    stubSession(ada);
    flakyLayout.broken = true;
    const router = createMemoryRouter(
      [{ path: '/', element: <FlakyLayout />, errorElement: <RouteErrorBoundary scope="app" /> }],
      { initialEntries: ['/'] },
    );
    const user = userEvent.setup();
    render(
      <AppProviders queryClient={testQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );

    const main = within(await screen.findByRole('main'));
    expect(main.getByRole('heading', { name: 'Something went wrong', level: 1 })).toBeTruthy();
    expect(main.getByRole('link', { name: 'Go to the dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(document.body.textContent).not.toContain('the layout failed');

    flakyLayout.broken = false;
    await user.click(main.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('The layout is back')).toBeTruthy();
  });
});

describe('error cards: Try again', () => {
  it('refetches the failed feed, shows it, and moves focus to the heading as the card goes', async () => {
    let replies = 0;
    const { api, user } = openFeed((_method, url) => {
      if (url !== firstPage) return jsonReply(404, {});
      replies += 1;
      return replies === 1
        ? jsonReply(400, { message: 'The following filter must be true or false' })
        : feedReply([aPost({ content: 'Loaded on the second try' })]);
    });
    const card = within(await screen.findByRole('alert'));
    expect(card.getByRole('heading', { name: 'Error loading feed' })).toBeTruthy();

    await user.click(card.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Loaded on the second try')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(countCalls(api, 'GET', firstPage)).toBe(2);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Feed' })));
  });

  it('keeps the card, and the focus on its button, while the retry fails again', async () => {
    const { api, user } = openFeed(() => jsonReply(400, { message: 'Still broken' }));
    const retry = within(await screen.findByRole('alert')).getByRole('button', { name: 'Try again' });

    await user.click(retry);

    await waitFor(() => expect(countCalls(api, 'GET', firstPage)).toBe(2));
    const again = within(await screen.findByRole('alert')).getByRole('button', { name: 'Try again' });
    expect(screen.getByRole('alert').textContent).toContain('Still broken');
    expect(document.activeElement).toBe(again);
  });
});

describe("the dashboard's Recent Activity: Try again", () => {
  it('refetches the failed list and moves focus to the card heading as the error goes', async () => {
    const networkFeed = '/api/posts/feed?limit=3&following=true';
    let replies = 0;
    const api = stubSession(ada, (_method, url) => {
      if (url !== networkFeed) return jsonReply(404, {});
      replies += 1;
      return replies === 1
        ? jsonReply(400, { message: 'The following filter must be true or false' })
        : feedReply([aPost({ content: 'From the network' })]);
    });
    const { user } = renderApp('/dashboard');
    const activity = within(await screen.findByRole('region', { name: 'Recent Activity' }));
    expect((await activity.findByRole('alert')).textContent).toBe(
      'The following filter must be true or false',
    );

    await user.click(activity.getByRole('button', { name: 'Try again' }));

    expect(await activity.findByText('From the network')).toBeTruthy();
    expect(activity.queryByRole('alert')).toBeNull();
    expect(countCalls(api, 'GET', networkFeed)).toBe(2);
    await waitFor(() =>
      expect(document.activeElement).toBe(activity.getByRole('heading', { name: 'Recent Activity' })),
    );
  });
});
