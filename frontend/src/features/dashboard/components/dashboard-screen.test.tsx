import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ada, countCalls, type FetchHandler, jsonReply, stubSession } from '../../../testing/fake-api';
import { aPost, feedReply, grace, minutesAgo } from '../../../testing/posts';
import { renderApp } from '../../../testing/render-app';

const networkFeed = '/api/posts/feed?limit=3&following=true';

/** `handler` answers the feed's reads; every other read of the dashboard finds nothing (404). */
function openDashboard(handler: FetchHandler = () => feedReply([])) {
  const api = stubSession(ada, (method, url, init) =>
    url.startsWith('/api/posts/feed') ? handler(method, url, init) : jsonReply(404, {}),
  );
  return { api, ...renderApp('/dashboard') };
}

async function recentActivity() {
  return within(await screen.findByRole('region', { name: 'Recent Activity' }));
}

describe('dashboard', () => {
  it('welcomes the user by first name, with Post a Job and Create Post', async () => {
    const { router, user } = openDashboard();

    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada!', level: 1 })).toBeTruthy();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Post a Job' }).getAttribute('href')).toBe('/jobs/post');

    await user.click(main.getByRole('link', { name: 'Create Post' }));
    expect(await screen.findByRole('heading', { name: 'Feed', level: 1 })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
  });

  it("lists the network's latest 3 posts from the home timeline", async () => {
    const posts = [
      aPost({
        content: 'Hiring two engineers',
        author: grace,
        createdAt: minutesAgo(30),
        likesCount: 4,
        commentsCount: 2,
      }),
      aPost({ content: 'Second', createdAt: minutesAgo(60 * 5) }),
      aPost({ content: 'Third', createdAt: minutesAgo(60 * 24 * 3) }),
    ];
    const { api } = openDashboard((_method, url) =>
      url === networkFeed ? feedReply(posts) : jsonReply(404, {}),
    );

    const card = await recentActivity();
    expect(await card.findByText('Hiring two engineers')).toBeTruthy();
    const rows = card.getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByText('GH')).toBeTruthy();
    expect(first.getByText('Grace Hopper')).toBeTruthy();
    expect(first.getByText('30m ago')).toBeTruthy();
    expect(first.getByText('Likes:').parentElement?.textContent).toBe('Likes: 4');
    expect(first.getByText('Comments:').parentElement?.textContent).toBe('Comments: 2');
    expect(rows.map((row) => row.querySelector('.relative-time')?.textContent)).toEqual([
      '30m ago',
      '5h ago',
      '3d ago',
    ]);

    const [call] = api.mock.calls.filter(([input]) => String(input).startsWith('/api/posts/feed'));
    const query = new URL(String(call?.[0]), 'http://localhost').searchParams;
    expect([query.get('limit'), query.get('following'), query.get('page')]).toEqual(['3', 'true', null]);
    expect(countCalls(api, 'GET', networkFeed)).toBe(1);
  });

  it("shows the author's picture when there is one", async () => {
    openDashboard(() =>
      feedReply([
        aPost({
          content: 'With a face',
          author: {
            ...grace,
            profilePicture: {
              url: '/api/files/pictures/g2/large',
              avatarUrl: '/api/files/pictures/g2/avatar',
            },
          },
        }),
      ]),
    );

    const card = await recentActivity();
    await card.findByText('With a face');
    expect(card.getByRole('img', { name: 'Grace Hopper' }).getAttribute('src')).toBe(
      '/api/files/pictures/g2/avatar',
    );
    expect(card.queryByText('GH')).toBeNull();
  });

  it('marks an edited post "Edited" beside its time', async () => {
    const editedAt = minutesAgo(1);
    openDashboard(() =>
      feedReply([aPost({ content: 'Changed', editedAt }), aPost({ content: 'As written' })]),
    );

    const card = await recentActivity();
    await card.findByText('Changed');
    const [changed, untouched] = card.getAllByRole('listitem') as HTMLElement[];
    expect(
      within(changed as HTMLElement)
        .getByText('Edited')
        .getAttribute('dateTime'),
    ).toBe(editedAt);
    expect(within(untouched as HTMLElement).queryByText('Edited')).toBeNull();
  });

  it('offers Find Connections when the network has posted nothing', async () => {
    const { router, user } = openDashboard(() => feedReply([]));

    const card = await recentActivity();
    await user.click(await card.findByRole('link', { name: 'Find Connections' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/connections'));
  });

  it('shows the server text when the recent posts cannot be loaded', async () => {
    openDashboard(() => jsonReply(400, { message: 'The following filter must be true or false' }));
    const card = await recentActivity();

    expect((await card.findByRole('alert')).textContent).toBe('The following filter must be true or false');
    expect(card.queryByRole('link', { name: 'Find Connections' })).toBeNull();
  });

  it('goes to the feed from View All Posts', async () => {
    const { router, user } = openDashboard();

    const card = await recentActivity();
    await user.click(card.getByRole('link', { name: 'View All Posts' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
  });

  it('has the four quick actions', async () => {
    openDashboard();

    const quick = within(await screen.findByRole('region', { name: 'Quick Actions' }));
    expect(quick.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Search Jobs', '/jobs'],
      ['My Network', '/connections'],
      ['Update Profile', '/profile'],
      ['My Applications', '/applications'],
    ]);
  });
});
