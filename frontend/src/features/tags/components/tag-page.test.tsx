import { FollowedTag, TagSummary } from '@careers/contracts/entities/tag';
import { globalMessages, postMessages } from '@careers/contracts/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../../../testing/deferred';
import {
  ada,
  countCalls,
  type FetchHandler,
  FOLLOWED_TAGS_URL,
  jsonReply,
  stubSession,
} from '../../../testing/fake-api';
import { aPost, feedReply } from '../../../testing/posts';
import { openSignedIn, renderApp } from '../../../testing/render-app';

/** A tag's page, `/feed?tag=word` (beyond the spec): its posts, its header, Follow. */

const rustFeed = '/api/posts/feed?limit=10&tags=rust';
const rustSummary = '/api/tags/rust';
const followRust = '/api/tags/rust/follow';
const followedUrl = FOLLOWED_TAGS_URL;

function summaryReply(fields: Partial<TagSummary> = {}): Response {
  const summary = TagSummary.parse({
    tag: 'rust',
    postsCount: 12,
    followersCount: 3,
    isFollowing: false,
    ...fields,
  });
  return jsonReply(200, { data: summary });
}

function followedReply(tags: string[]): Response {
  return jsonReply(200, {
    data: tags.map((tag) => FollowedTag.parse({ tag, followedAt: '2026-03-01T10:00:00.000Z' })),
  });
}

/** Ada opens `path`; `handler` answers every call, the followed tags included. */
function openWith(path: string, handler: FetchHandler) {
  const api = stubSession(ada, handler, { followedTags: 'others' });
  return { api, ...renderApp(path) };
}

/** Ada opens `path`; the tag pages of rust and wasm hold a post each, the rest is `others`'. */
function openTag(path: string, others: FetchHandler = () => jsonReply(404, {})) {
  return openWith(path, (method, url, init) => {
    if (method === 'GET' && url === rustFeed)
      return feedReply([aPost({ content: 'Borrow checker #rust', tags: ['rust'] })]);
    if (method === 'GET' && url === '/api/posts/feed?limit=10&tags=wasm') {
      return feedReply([aPost({ content: 'Tiny binaries #wasm', tags: ['wasm'] })]);
    }
    if (method === 'GET' && url === '/api/tags/wasm') return summaryReply({ tag: 'wasm', postsCount: 1 });
    return others(method, url, init);
  });
}

const followToggle = (name: string) => screen.getByRole('button', { name });

/** The header's counts line, whole (each count is a node of its own, the dot between them hidden). */
const counts = (text: string) => (_content: string, element: Element | null) =>
  element?.classList.contains('tag-header-counts') === true && element.textContent === text;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('tag page: header', () => {
  it("shows the tag as the link wrote it, its counts and the way back, above the tag's posts", async () => {
    const { api } = openTag('/feed?tag=Rust', (method, url) =>
      method === 'GET' && url === rustSummary ? summaryReply() : jsonReply(404, {}),
    );

    expect(await screen.findByRole('heading', { name: '#Rust', level: 1 })).toBeTruthy();
    expect(await screen.findByText(counts('12 posts · 3 followers'))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to all posts' }).getAttribute('href')).toBe('/feed');
    expect(within(await screen.findByRole('article')).getByText(/^Borrow checker/)).toBeTruthy();
    const toggle = followToggle('Follow #Rust');
    expect([toggle.getAttribute('aria-pressed'), toggle.textContent]).toEqual(['false', 'Follow']);
    // Tags compare without case: the requests name the tag as the server keys it.
    expect(countCalls(api, 'GET', rustFeed)).toBe(1);
    expect(countCalls(api, 'GET', rustSummary)).toBe(1);
    expect(countCalls(api, 'GET', '/api/posts/feed?limit=10')).toBe(0);
  });

  it("counts in the singular and in the reader's digits", async () => {
    openTag('/feed?tag=rust', (method, url) =>
      method === 'GET' && url === rustSummary
        ? summaryReply({ postsCount: 1, followersCount: 1234 })
        : jsonReply(404, {}),
    );

    expect(await screen.findByText(counts('1 post · 1,234 followers'))).toBeTruthy();
  });

  it('says when no post carries the tag', async () => {
    openSignedIn('/feed?tag=Zig', (_method, url) => {
      if (url === '/api/posts/feed?limit=10&tags=zig') return feedReply([]);
      if (url === '/api/tags/zig') return summaryReply({ tag: 'zig', postsCount: 0, followersCount: 0 });
      return jsonReply(404, {});
    });

    expect(await screen.findByText('No posts with #Zig yet')).toBeTruthy();
    expect(await screen.findByText(counts('0 posts · 0 followers'))).toBeTruthy();
  });

  it('shows the server text when the header cannot be read, and reads it again on Try again', async () => {
    let replies = 0;
    const { user } = openTag('/feed?tag=rust', (method, url) => {
      if (method !== 'GET' || url !== rustSummary) return jsonReply(404, {});
      replies += 1;
      return replies === 1
        ? jsonReply(429, { message: 'Too many requests. Please slow down.' })
        : summaryReply();
    });

    expect(await screen.findByText('Too many requests. Please slow down.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText(counts('12 posts · 3 followers'))).toBeTruthy();
    expect(screen.queryByText('Too many requests. Please slow down.')).toBeNull();
  });

  it('keeps each tag its own list: another tag shows only its own posts', async () => {
    const { api, router } = openTag('/feed?tag=rust', (method, url) =>
      method === 'GET' && url === rustSummary ? summaryReply() : jsonReply(404, {}),
    );
    await screen.findByText(/^Borrow checker/);

    await router.navigate('/feed?tag=wasm');

    expect(await screen.findByRole('heading', { name: '#wasm', level: 1 })).toBeTruthy();
    expect(await screen.findByText(/^Tiny binaries/)).toBeTruthy();
    expect(screen.queryByText(/^Borrow checker/)).toBeNull();
    expect(await screen.findByText(counts('1 post · 3 followers'))).toBeTruthy();

    await router.navigate('/feed?tag=rust');

    expect(await screen.findByText(/^Borrow checker/)).toBeTruthy();
    expect(screen.queryByText(/^Tiny binaries/)).toBeNull();
    expect(screen.getByText(counts('12 posts · 3 followers'))).toBeTruthy();
    expect(countCalls(api, 'GET', '/api/posts/feed?limit=10&tags=wasm')).toBe(1);
  });
});

describe('tag page: Follow', () => {
  it('follows at once (pressed, one follower more), then reads the header and the followed tags again', async () => {
    const reply = deferred<Response>();
    let following = false;
    // Sent as the page writes it: the server keeps that spelling for the list of followed tags.
    const followAsWritten = '/api/tags/Rust/follow';
    const { api, user } = openTag('/feed?tag=Rust', (method, url) => {
      if (method === 'PUT' && url === followAsWritten) return reply.promise;
      if (method === 'GET' && url === rustSummary)
        return summaryReply({ isFollowing: following, followersCount: following ? 4 : 3 });
      if (method === 'GET' && url === followedUrl) return followedReply(following ? ['Rust'] : []);
      return jsonReply(404, {});
    });
    await screen.findByText(counts('12 posts · 3 followers'));
    const followed = within(screen.getByRole('region', { name: 'Followed tags' }));
    expect(await followed.findByText(/^You don't follow any tags yet/)).toBeTruthy();

    await user.click(followToggle('Follow #Rust'));

    const toggle = screen.getByRole('button', { name: 'Following #Rust', pressed: true });
    expect(toggle.textContent).toBe('Following');
    expect(toggle.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(toggle);
    expect(screen.getByText(counts('12 posts · 4 followers'))).toBeTruthy();
    // A second click while it is on its way sends nothing.
    await user.click(toggle);
    expect(countCalls(api, 'PUT', followAsWritten)).toBe(1);

    following = true;
    reply.resolve(jsonReply(200, { data: { tag: 'Rust', isFollowing: true } }));

    expect(await followed.findByRole('link', { name: '#Rust' })).toBeTruthy();
    await waitFor(() => expect(toggle.getAttribute('aria-disabled')).toBeNull());
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(countCalls(api, 'GET', rustSummary)).toBe(2);
    expect(countCalls(api, 'GET', followedUrl)).toBe(2);
  });

  it('unfollows at once, with DELETE', async () => {
    const { api, user } = openTag('/feed?tag=rust', (method, url) => {
      if (method === 'DELETE' && url === followRust)
        return jsonReply(200, { data: { tag: 'rust', isFollowing: false } });
      if (method === 'GET' && url === rustSummary) {
        return summaryReply(
          countCalls(api, 'DELETE', followRust) > 0 ? { followersCount: 2 } : { isFollowing: true },
        );
      }
      return jsonReply(404, {});
    });
    await screen.findByText(counts('12 posts · 3 followers'));

    await user.click(screen.getByRole('button', { name: 'Following #rust', pressed: true }));

    const toggle = screen.getByRole('button', { name: 'Follow #rust', pressed: false });
    expect(screen.getByText(counts('12 posts · 2 followers'))).toBeTruthy();
    await waitFor(() => expect(toggle.getAttribute('aria-disabled')).toBeNull());
    expect(countCalls(api, 'DELETE', followRust)).toBe(1);
  });

  it("goes back, with the server's words in an alert, when following fails", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const reply = deferred<Response>();
    const { user } = openTag('/feed?tag=rust', (method, url) => {
      if (method === 'PUT' && url === followRust) return reply.promise;
      if (method === 'GET' && url === rustSummary) return summaryReply();
      return jsonReply(404, {});
    });
    await screen.findByText(counts('12 posts · 3 followers'));

    await user.click(followToggle('Follow #rust'));
    expect(screen.getByText(counts('12 posts · 4 followers'))).toBeTruthy();
    reply.resolve(jsonReply(400, { message: postMessages.tooManyFollowedTags }));

    await waitFor(() => expect(alert).toHaveBeenCalledWith('You can follow at most 100 tags'));
    const toggle = await screen.findByRole('button', { name: 'Follow #rust', pressed: false });
    expect(toggle.textContent).toBe('Follow');
    expect(screen.getByText(counts('12 posts · 3 followers'))).toBeTruthy();
    expect(document.activeElement).toBe(toggle);
  });

  it("says the spec's text for a server error, and stays as it was", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { user } = openTag('/feed?tag=rust', (method, url) => {
      if (method === 'GET' && url === rustSummary) return summaryReply({ isFollowing: true });
      if (method === 'DELETE') return jsonReply(500, {});
      return jsonReply(404, {});
    });
    await screen.findByText(counts('12 posts · 3 followers'));

    await user.click(followToggle('Following #rust'));

    await waitFor(() => expect(alert).toHaveBeenCalledWith(globalMessages.serverError));
    expect(screen.getByRole('button', { name: 'Following #rust', pressed: true })).toBeTruthy();
    expect(screen.getByText(counts('12 posts · 3 followers'))).toBeTruthy();
  });
});

describe('tag page: a tag that cannot be one', () => {
  it('says why, offers the way back and asks for nothing', async () => {
    const { api, user } = openSignedIn('/feed?tag=c%2B%2B', (method, url) =>
      method === 'GET' && url === '/api/posts/feed?limit=10'
        ? feedReply([aPost({ content: 'All of it' })])
        : jsonReply(404, {}),
    );

    expect(await screen.findByRole('heading', { name: 'This is not a tag', level: 1 })).toBeTruthy();
    expect(
      screen.getByText(
        '“c++” cannot be a tag. Tags may contain only letters, numbers, hyphens and underscores.',
      ),
    ).toBeTruthy();
    expect(api.mock.calls.filter(([input]) => /\/api\/(posts|tags)\b/.test(String(input)))).toEqual([]);

    await user.click(screen.getByRole('link', { name: 'Back to all posts' }));

    expect(await screen.findByText('All of it')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Feed', level: 1 })).toBeTruthy();
  });

  it('says so of a tag too long to be one', async () => {
    openSignedIn(`/feed?tag=${'a'.repeat(31)}`);

    expect(await screen.findByRole('heading', { name: 'This is not a tag' })).toBeTruthy();
    expect(
      screen.getByText(`“${'a'.repeat(31)}” cannot be a tag. Each tag must be at most 30 characters.`),
    ).toBeTruthy();
  });
});
