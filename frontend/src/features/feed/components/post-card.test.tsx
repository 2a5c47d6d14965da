import type { Post } from '@careers/contracts/entities/post';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../../../testing/deferred';
import {
  ada,
  countCalls,
  type FetchHandler,
  jsonReply,
  sentBodies,
  stubSession,
} from '../../../testing/fake-api';
import { aComment, adaAuthor, addedCommentReply, aPost, feedReply } from '../../../testing/posts';
import { renderApp } from '../../../testing/render-app';

/** The feed holds `post` alone; `others` answers everything but the feed. */
async function openPost(post: Post, others: FetchHandler = () => jsonReply(404, {})) {
  const api = stubSession(ada, (method, url, init) =>
    method === 'GET' && url === '/api/posts/feed?limit=10' ? feedReply([post]) : others(method, url, init),
  );
  const rendered = renderApp('/feed');
  const card = within(await screen.findByRole('article'));
  return { api, card, ...rendered };
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
    const like = card.getByRole('button', { name: 'Like' });
    expect([pressed(like), like.textContent, like.className.includes('liked')]).toEqual([
      'false',
      '3',
      false,
    ]);

    await user.click(like);

    expect([pressed(like), like.textContent, like.className.includes('liked')]).toEqual(['true', '4', true]);
    expect(countCalls(api, 'POST', `/api/posts/${post._id}/like`)).toBe(1);

    reply.resolve(jsonReply(200, { data: { postId: post._id, likesCount: 9, isLiked: true } }));
    await vi.waitFor(() => expect(like.textContent).toBe('9'));
    expect(pressed(like)).toBe('true');
  });

  it('takes a like back at once', async () => {
    const post = aPost({ likesCount: 1, isLiked: true });
    const reply = deferred<Response>();
    const { card, user } = await openPost(post, () => reply.promise);
    const like = card.getByRole('button', { name: 'Like' });

    await user.click(like);

    expect([pressed(like), like.textContent]).toEqual(['false', '0']);
    reply.resolve(jsonReply(200, { data: { postId: post._id, likesCount: 0, isLiked: false } }));
    await vi.waitFor(() => expect((like as HTMLButtonElement).disabled).toBe(false));
    expect([pressed(like), like.textContent]).toEqual(['false', '0']);
  });

  it('puts back what the reader saw when the like fails, and only logs it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const post = aPost({ likesCount: 3, isLiked: false });
    const reply = deferred<Response>();
    const { card, user } = await openPost(post, () => reply.promise);
    const like = card.getByRole('button', { name: 'Like' });

    await user.click(like);
    expect([pressed(like), like.textContent]).toEqual(['true', '4']);
    reply.resolve(jsonReply(404, { message: 'Post not found' }));

    await vi.waitFor(() => expect(like.textContent).toBe('3'));
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
    const toggle = card.getByRole('button', { name: 'Comments' });
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
    expect(within(items[1] as HTMLElement).getByText('Grace Hopper')).toBeTruthy();
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
    await user.click(card.getByRole('button', { name: 'Comments' }));
    await card.findByText('Congratulations!');

    await user.type(card.getByRole('textbox', { name: 'Write a comment' }), '  Thank you all ');
    await user.click(card.getByRole('button', { name: 'Comment' }));

    expect(await card.findByText('Thank you all')).toBeTruthy();
    expect(sentBodies(api, 'POST', `/api/posts/${post._id}/comments`)).toEqual([
      { content: 'Thank you all' },
    ]);
    expect(card.getByRole('button', { name: 'Comments' }).textContent).toBe('4');
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
    await user.click(card.getByRole('button', { name: 'Comments' }));

    const input = card.getByRole('textbox', { name: 'Write a comment' });
    await user.type(input, '    {Enter}');

    expect((card.getByRole('button', { name: 'Comment' }) as HTMLButtonElement).disabled).toBe(true);
    expect(countCalls(api, 'POST', `/api/posts/${post._id}/comments`)).toBe(0);
    expect(card.getByRole('button', { name: 'Comments' }).textContent).toBe('0');
  });

  it('only logs a failed comment and keeps the text', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const post = aPost({ commentsCount: 0 });
    const { card, user } = await openPost(post, (method, url) => {
      if (method === 'GET' && url === `/api/posts/${post._id}`) return jsonReply(200, { data: post });
      return jsonReply(400, { message: 'Comment cannot be empty' });
    });
    await user.click(card.getByRole('button', { name: 'Comments' }));

    await user.type(card.getByRole('textbox', { name: 'Write a comment' }), 'Hello{Enter}');

    await vi.waitFor(() => expect(logged).toHaveBeenCalledWith('Failed to add comment', expect.anything()));
    expect(alert).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
    expect((card.getByRole('textbox', { name: 'Write a comment' }) as HTMLInputElement).value).toBe('Hello');
    expect(card.getByRole('button', { name: 'Comments' }).textContent).toBe('0');
  });
});
