import type { Post } from '@careers/contracts/entities/post';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../../../testing/deferred';
import { ada, countCalls, type FetchHandler, jsonReply, sentBodies } from '../../../testing/fake-api';
import { aComment, adaAuthor, addedCommentReply, aPost, feedReply, grace } from '../../../testing/posts';
import { openSignedIn } from '../../../testing/render-app';

/** The feed holds `post` alone; `others` answers everything but the feed. */
async function openPost(post: Post, others: FetchHandler = () => jsonReply(404, {})) {
  const opened = openSignedIn('/feed', (method, url, init) =>
    method === 'GET' && url === '/api/posts/feed?limit=10' ? feedReply([post]) : others(method, url, init),
  );
  const card = within(await screen.findByRole('article'));
  return { ...opened, card };
}

function pressed(button: HTMLElement): string | null {
  return button.getAttribute('aria-pressed');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('post card: like', () => {
  it('turns on at once, then takes the count the server answers', async () => {
    const post = aPost({ likesCount: 3, isLiked: false });
    const reply = deferred<Response>();
    const { api, card, user } = await openPost(post, () => reply.promise);
    const like = card.getByRole('button', { name: 'Like, 3' });
    expect([pressed(like), like.textContent, like.className.includes('liked')]).toEqual([
      'false',
      '3',
      false,
    ]);

    await user.click(like);

    expect([pressed(like), like.textContent, like.className.includes('liked')]).toEqual(['true', '4', true]);
    // The name carries the count on screen; the pressed state says whether the reader likes it.
    expect(card.getByRole('button', { name: 'Like, 4', pressed: true })).toBe(like);
    expect(countCalls(api, 'POST', `/api/posts/${post._id}/like`)).toBe(1);

    reply.resolve(jsonReply(200, { data: { postId: post._id, likesCount: 9, isLiked: true } }));
    await waitFor(() => expect(like.textContent).toBe('9'));
    expect(pressed(like)).toBe('true');
  });

  it('takes a like back at once', async () => {
    const post = aPost({ likesCount: 1, isLiked: true });
    const reply = deferred<Response>();
    const { card, user } = await openPost(post, () => reply.promise);
    const like = card.getByRole('button', { name: 'Like, 1' });

    await user.click(like);

    expect([pressed(like), like.textContent]).toEqual(['false', '0']);
    reply.resolve(jsonReply(200, { data: { postId: post._id, likesCount: 0, isLiked: false } }));
    await waitFor(() => expect(like.getAttribute('aria-disabled')).toBeNull());
    expect([pressed(like), like.textContent]).toEqual(['false', '0']);
  });

  it('stays focusable while the like is sent (aria-disabled, not disabled) and sends one like', async () => {
    const post = aPost({ likesCount: 3, isLiked: false });
    const reply = deferred<Response>();
    const { api, card, user } = await openPost(post, () => reply.promise);
    const like = card.getByRole('button', { name: 'Like, 3' }) as HTMLButtonElement;
    like.focus();

    await user.keyboard('{Enter}');

    // A focused button that becomes disabled drops the focus to the page; aria-disabled keeps it.
    expect([like.disabled, like.getAttribute('aria-disabled')]).toEqual([false, 'true']);
    expect(document.activeElement).toBe(like);
    await user.keyboard(' ');
    expect(countCalls(api, 'POST', `/api/posts/${post._id}/like`)).toBe(1);
    expect([pressed(like), like.textContent]).toEqual(['true', '4']);

    reply.resolve(jsonReply(200, { data: { postId: post._id, likesCount: 4, isLiked: true } }));
    await waitFor(() => expect(like.getAttribute('aria-disabled')).toBeNull());
    expect(document.activeElement).toBe(like);
  });

  it('puts back what the reader saw when the like fails, and only logs it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const post = aPost({ likesCount: 3, isLiked: false });
    const reply = deferred<Response>();
    const { card, user } = await openPost(post, () => reply.promise);
    const like = card.getByRole('button', { name: 'Like, 3' });

    await user.click(like);
    expect([pressed(like), like.textContent]).toEqual(['true', '4']);
    reply.resolve(jsonReply(404, { message: 'Post not found' }));

    await waitFor(() => expect(like.textContent).toBe('3'));
    expect(pressed(like)).toBe('false');
    expect(logged).toHaveBeenCalledWith('Failed to toggle like', expect.anything());
    expect(alert).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('post card: comments', () => {
  const earlier = aComment({ content: 'Congratulations!' });
  const oldest = aComment({ content: 'From long ago' });

  it('toggles the full comment list with an input and a Comment button', async () => {
    // The feed carries only the latest comment; the post itself has both.
    const post = aPost({ commentsCount: 2, comments: [earlier] });
    const { api, card, user } = await openPost(post, (method, url) =>
      method === 'GET' && url === `/api/posts/${post._id}`
        ? jsonReply(200, { data: { ...post, comments: [oldest, earlier] } })
        : jsonReply(404, {}),
    );
    const toggle = card.getByRole('button', { name: 'Comments, 2' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(card.queryByRole('textbox', { name: 'Write a comment' })).toBeNull();

    await user.click(toggle);

    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await card.findByText('From long ago')).toBeTruthy();
    const items = within(card.getByRole('list', { name: 'Comments' })).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.comment-content')?.textContent)).toEqual([
      'From long ago',
      'Congratulations!',
    ]);
    // The comment's author: their name opens their profile.
    expect(
      within(items[1] as HTMLElement)
        .getByRole('link', { name: 'Grace Hopper' })
        .getAttribute('href'),
    ).toBe(`/people/${grace._id}`);
    expect(within(items[1] as HTMLElement).getByText('2m ago')).toBeTruthy();
    expect(card.getByRole('textbox', { name: 'Write a comment' })).toBeTruthy();
    expect(card.getByRole('button', { name: 'Comment' })).toBeTruthy();
    expect(countCalls(api, 'GET', `/api/posts/${post._id}`)).toBe(1);

    await user.click(toggle);
    expect(card.queryByRole('list', { name: 'Comments' })).toBeNull();
    expect(card.queryByRole('textbox', { name: 'Write a comment' })).toBeNull();
  });

  it('sends a comment, appends it, takes the count the server answers and clears the input', async () => {
    const post = aPost({ commentsCount: 1, comments: [earlier] });
    const mine = aComment({
      content: 'Thank you all',
      author: adaAuthor,
      createdAt: new Date().toISOString(),
    });
    const { api, card, user } = await openPost(post, (method, url) => {
      if (method === 'GET' && url === `/api/posts/${post._id}`) return jsonReply(200, { data: post });
      if (method === 'POST' && url === `/api/posts/${post._id}/comments`)
        // Two others commented meanwhile: the server's count is the one to show.
        return addedCommentReply(post._id, mine, 4);
      return jsonReply(404, {});
    });
    await user.click(card.getByRole('button', { name: 'Comments, 1' }));
    await card.findByText('Congratulations!');

    await user.type(card.getByRole('textbox', { name: 'Write a comment' }), '  Thank you all ');
    await user.click(card.getByRole('button', { name: 'Comment' }));

    expect(await card.findByText('Thank you all')).toBeTruthy();
    expect(sentBodies(api, 'POST', `/api/posts/${post._id}/comments`)).toEqual([
      { content: 'Thank you all' },
    ]);
    expect(card.getByRole('button', { name: 'Comments, 4' }).textContent).toBe('4');
    expect((card.getByRole('textbox', { name: 'Write a comment' }) as HTMLInputElement).value).toBe('');
    expect(
      within(card.getByRole('list', { name: 'Comments' }))
        .getAllByRole('listitem')
        .map((item) => item.querySelector('.comment-content')?.textContent),
    ).toEqual(['Congratulations!', 'Thank you all']);
  });

  it('does not send a blank comment', async () => {
    const post = aPost();
    const { api, card, user } = await openPost(post, (method, url) =>
      method === 'GET' && url === `/api/posts/${post._id}`
        ? jsonReply(200, { data: post })
        : jsonReply(404, {}),
    );
    await user.click(card.getByRole('button', { name: 'Comments, 0' }));

    const input = card.getByRole('textbox', { name: 'Write a comment' });
    await user.type(input, '    {Enter}');

    expect((card.getByRole('button', { name: 'Comment' }) as HTMLButtonElement).disabled).toBe(true);
    expect(countCalls(api, 'POST', `/api/posts/${post._id}/comments`)).toBe(0);
    expect(card.getByRole('button', { name: 'Comments, 0' }).textContent).toBe('0');
  });

  it('only logs a failed comment and keeps the text', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const post = aPost({ commentsCount: 0 });
    const { card, user } = await openPost(post, (method, url) => {
      if (method === 'GET' && url === `/api/posts/${post._id}`) return jsonReply(200, { data: post });
      return jsonReply(400, { message: 'Comment cannot be empty' });
    });
    await user.click(card.getByRole('button', { name: 'Comments, 0' }));

    await user.type(card.getByRole('textbox', { name: 'Write a comment' }), 'Hello{Enter}');

    await waitFor(() => expect(logged).toHaveBeenCalledWith('Failed to add comment', expect.anything()));
    expect(alert).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
    expect((card.getByRole('textbox', { name: 'Write a comment' }) as HTMLInputElement).value).toBe('Hello');
    expect(card.getByRole('button', { name: 'Comments, 0' }).textContent).toBe('0');
  });
});

describe('post card: a long comment list', () => {
  /** `count` comments, oldest first, numbered from 1. */
  function numbered(count: number) {
    return Array.from({ length: count }, (_, index) => aComment({ content: `Comment ${index + 1}` }));
  }

  function shownComments(card: ReturnType<typeof within>): Array<string | null | undefined> {
    return within(card.getByRole('list', { name: 'Comments' }))
      .getAllByRole('listitem')
      .map((item) => item.querySelector('.comment-content')?.textContent);
  }

  it('shows the latest 10 of 300 comments, and 10 older ones each time "Show more comments" is pressed', async () => {
    const comments = numbered(300);
    const post = aPost({ commentsCount: 300, comments: comments.slice(-20) });
    const { card, user } = await openPost(post, (method, url) =>
      method === 'GET' && url === `/api/posts/${post._id}`
        ? jsonReply(200, { data: { ...post, comments } })
        : jsonReply(404, {}),
    );

    await user.click(card.getByRole('button', { name: 'Comments, 300' }));
    await waitFor(() => expect(shownComments(card)).toHaveLength(10));
    expect(shownComments(card)[0]).toBe('Comment 291');
    expect(shownComments(card).at(-1)).toBe('Comment 300');

    await user.click(card.getByRole('button', { name: 'Show more comments' }));
    expect(shownComments(card)).toHaveLength(20);
    expect(shownComments(card)[0]).toBe('Comment 281');
    expect(shownComments(card).at(-1)).toBe('Comment 300');
  });

  it('takes the button away with the last page and keeps the focus in the list', async () => {
    const comments = numbered(15);
    const post = aPost({ commentsCount: 15, comments });
    const { card, user } = await openPost(post, (method, url) =>
      method === 'GET' && url === `/api/posts/${post._id}`
        ? jsonReply(200, { data: post })
        : jsonReply(404, {}),
    );
    await user.click(card.getByRole('button', { name: 'Comments, 15' }));

    await user.click(await card.findByRole('button', { name: 'Show more comments' }));

    expect(shownComments(card)).toHaveLength(15);
    expect(card.queryByRole('button', { name: 'Show more comments' })).toBeNull();
    expect(document.activeElement).toBe(card.getByRole('list', { name: 'Comments' }));
  });

  it('keeps the comments on screen when the reader adds one', async () => {
    const comments = numbered(12);
    const post = aPost({ commentsCount: 12, comments });
    const mine = aComment({ content: 'Mine', author: adaAuthor, createdAt: new Date().toISOString() });
    const { card, user } = await openPost(post, (method, url) => {
      if (method === 'GET' && url === `/api/posts/${post._id}`) return jsonReply(200, { data: post });
      if (method === 'POST') return addedCommentReply(post._id, mine, 13);
      return jsonReply(404, {});
    });
    await user.click(card.getByRole('button', { name: 'Comments, 12' }));
    await waitFor(() => expect(shownComments(card)[0]).toBe('Comment 3'));

    await user.type(card.getByRole('textbox', { name: 'Write a comment' }), 'Mine{Enter}');

    await card.findByText('Mine');
    expect(shownComments(card)).toHaveLength(11);
    expect(shownComments(card)[0]).toBe('Comment 3');
  });

  it('says "No comments yet" for an open list with none', async () => {
    const post = aPost({ commentsCount: 0 });
    const { card, user } = await openPost(post, (method, url) =>
      method === 'GET' && url === `/api/posts/${post._id}`
        ? jsonReply(200, { data: post })
        : jsonReply(404, {}),
    );

    await user.click(card.getByRole('button', { name: 'Comments, 0' }));

    expect(card.getByText('No comments yet')).toBeTruthy();
    expect(card.queryByRole('list', { name: 'Comments' })).toBeNull();
    expect(card.queryByRole('button', { name: 'Show more comments' })).toBeNull();
  });
});

describe('post card: links in what people wrote', () => {
  it('makes http(s) addresses in posts and comments links that open safely, and leaves the rest as text', async () => {
    const post = aPost({
      content: 'Release notes: https://example.com/notes. Not this: javascript:alert(1)',
      commentsCount: 1,
      comments: [aComment({ content: 'Mirror at http://mirror.example/x, <b>thanks</b>' })],
    });
    const { card, user } = await openPost(post, (method, url) =>
      method === 'GET' && url === `/api/posts/${post._id}`
        ? jsonReply(200, { data: post })
        : jsonReply(404, {}),
    );

    const notes = card.getByRole('link', { name: 'https://example.com/notes' });
    expect(notes.getAttribute('href')).toBe('https://example.com/notes');
    expect(notes.getAttribute('target')).toBe('_blank');
    expect(notes.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    // The author's name and the address; nothing of the javascript: text.
    const hrefs = () => card.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs()).toEqual([`/people/${grace._id}`, 'https://example.com/notes']);
    expect(card.getByText(/Not this: javascript:alert\(1\)/)).toBeTruthy();

    await user.click(card.getByRole('button', { name: 'Comments, 1' }));

    const mirror = await card.findByRole('link', { name: 'http://mirror.example/x' });
    expect(mirror.getAttribute('href')).toBe('http://mirror.example/x');
    expect(mirror.closest('.comment-content')?.textContent).toBe(
      'Mirror at http://mirror.example/x, <b>thanks</b>',
    );
    expect(hrefs()).toEqual([
      `/people/${grace._id}`,
      'https://example.com/notes',
      `/people/${grace._id}`,
      'http://mirror.example/x',
    ]);
  });
});

describe('post card: numbers and dates in the chosen language', () => {
  it("writes counts and the exact time in the reader's language, keeping the relative time in English", async () => {
    const post = aPost({ likesCount: 1234, commentsCount: 20500, createdAt: '2026-03-09T12:00:00.000Z' });
    openSignedIn(
      '/feed',
      (method, url) =>
        method === 'GET' && url === '/api/posts/feed?limit=10' ? feedReply([post]) : jsonReply(404, {}),
      { ...ada, appearanceSettings: { theme: 'light', language: 'de', timezone: 'UTC' } },
    );
    const card = within(await screen.findByRole('article'));

    expect(card.getByRole('button', { name: 'Like, 1.234' }).textContent).toBe('1.234');
    expect(card.getByRole('button', { name: 'Comments, 20.500' }).textContent).toBe('20.500');
    const time = card.getByText(/d ago$/);
    expect(time.getAttribute('title')).toMatch(/09\.03\.2026/);
  });
});
