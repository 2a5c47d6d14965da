import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { ada, countCalls, type FetchHandler, jsonReply, stubSession } from '../testing/fake-api';
import { aPost, feedReply } from '../testing/posts';
import { renderApp } from '../testing/render-app';

const firstPage = '/api/posts/feed?limit=10';

/** A feed page whose one post lacks everything but its id: typed by the client, never parsed. */
function malformedFeedReply(): Response {
  return jsonReply(200, {
    data: [{ _id: 'broken-post' }],
    pagination: { currentPage: 1, totalPages: 1, totalPosts: 1, hasNext: false, hasPrev: false },
  });
}

function openFeed(handler: FetchHandler) {
  const api = stubSession(ada, handler);
  return { api, ...renderApp('/feed') };
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

    const heading = await screen.findByRole('heading', {
      name: 'Something went wrong on this page',
      level: 1,
    });
    expectShell();
    expect(within(screen.getByRole('main')).getByRole('heading', { level: 1 })).toBe(heading);
    expect(document.activeElement).toBe(heading);
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
    await screen.findByRole('heading', { name: 'Something went wrong on this page' });

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
    await screen.findByRole('heading', { name: 'Something went wrong on this page' });

    await user.click(screen.getByRole('link', { name: 'Go to the dashboard' }));

    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada!', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
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
    await screen.findByRole('heading', { name: 'Something went wrong on this page' });

    await user.click(
      within(screen.getByRole('navigation', { name: 'Quick Actions' })).getByRole('link', {
        name: 'Settings',
      }),
    );

    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Something went wrong on this page' })).toBeNull();
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
