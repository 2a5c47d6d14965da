import { FollowedTag, TagSummary } from '@careers/contracts/entities/tag';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  ada,
  countCalls,
  type FetchHandler,
  FOLLOWED_TAGS_URL,
  jsonReply,
  stubSession,
} from '../../../testing/fake-api';
import { feedReply } from '../../../testing/posts';
import { renderApp } from '../../../testing/render-app';

/** The feed's "Followed tags" card (beyond the spec). */

const followedUrl = FOLLOWED_TAGS_URL;

function followedReply(tags: string[]): Response {
  return jsonReply(200, {
    data: tags.map((tag) => FollowedTag.parse({ tag, followedAt: '2026-03-01T10:00:00.000Z' })),
  });
}

/** Ada opens `path`; every feed list is empty, the followed tags are `followed`'s answer. */
function openFeed(path: string, followed: () => Response, others: FetchHandler = () => jsonReply(404, {})) {
  const api = stubSession(
    ada,
    (method, url, init) => {
      if (method === 'GET' && url === followedUrl) return followed();
      if (method === 'GET' && url.startsWith('/api/posts/feed?')) return feedReply([]);
      return others(method, url, init);
    },
    { followedTags: 'others' },
  );
  return { api, ...renderApp(path) };
}

const card = async () => within(await screen.findByRole('region', { name: 'Followed tags' }));

describe('followed tags', () => {
  it("lists the reader's tags, newest first as the server does, each a link to its page", async () => {
    const { api } = openFeed('/feed', () => followedReply(['wasm', 'Rust']));

    const followed = await card();
    const links = await followed.findAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['#wasm', '/feed?tag=wasm'],
      ['#Rust', '/feed?tag=Rust'],
    ]);
    expect(links.some((link) => link.hasAttribute('aria-current'))).toBe(false);
    expect(followed.getByRole('heading', { name: 'Followed tags', level: 2 })).toBeTruthy();
    expect(countCalls(api, 'GET', followedUrl)).toBe(1);
  });

  it('says what following a tag does while there is none', async () => {
    openFeed('/feed', () => followedReply([]));

    const followed = await card();
    expect(
      await followed.findByText(
        "You don't follow any tags yet. Follow one from its page (select a #tag in a post) to see its posts in Recent Activity on your dashboard.",
      ),
    ).toBeTruthy();
    expect(followed.queryByRole('list')).toBeNull();
  });

  it("marks the tag whose page is on screen, however it is written, and goes to another tag's page", async () => {
    const { api, user } = openFeed(
      '/feed?tag=rust',
      () => followedReply(['wasm', 'Rust']),
      (method, url) =>
        method === 'GET' && url.startsWith('/api/tags/')
          ? jsonReply(200, {
              data: TagSummary.parse({
                tag: url.slice(10),
                postsCount: 0,
                followersCount: 1,
                isFollowing: true,
              }),
            })
          : jsonReply(404, {}),
    );

    const followed = await card();
    const rust = await followed.findByRole('link', { name: '#Rust' });
    expect(rust.getAttribute('aria-current')).toBe('page');
    expect(followed.getByRole('link', { name: '#wasm' }).getAttribute('aria-current')).toBeNull();

    await user.click(followed.getByRole('link', { name: '#wasm' }));

    expect(await screen.findByRole('heading', { name: '#wasm', level: 1 })).toBeTruthy();
    expect((await card()).getByRole('link', { name: '#wasm' }).getAttribute('aria-current')).toBe('page');
    expect(countCalls(api, 'GET', '/api/posts/feed?limit=10&tags=wasm')).toBe(1);
  });

  it('shows a failure in the card, not as an alert, and reads the list again on Try again', async () => {
    let replies = 0;
    const { user } = openFeed('/feed', () => {
      replies += 1;
      return replies === 1 ? jsonReply(429, { message: 'Too many requests' }) : followedReply(['rust']);
    });

    const followed = await card();
    expect(await followed.findByText('Too many requests')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(followed.getByRole('button', { name: 'Try again' }));

    expect(await followed.findByRole('link', { name: '#rust' })).toBeTruthy();
    expect(followed.queryByText('Too many requests')).toBeNull();
  });
});
