import type { Post } from '@careers/contracts/entities/post';
import { clientEvents, serverEvents } from '@careers/contracts/sockets';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred } from '../../../testing/deferred';
import { ada, countCalls, type FetchHandler, jsonReply, stubSession } from '../../../testing/fake-api';
import { fakeSocket } from '../../../testing/fake-socket';
import { aComment, adaAuthor, addedCommentReply, aPost, feedReply } from '../../../testing/posts';
import { renderApp } from '../../../testing/render-app';
import { SUBSCRIBE_RETRIES_MS } from './use-live-posts';

const firstPage = '/api/posts/feed?limit=10';

type FetchStub = ReturnType<typeof stubSession>;

/** The consistency-token header each `GET url` carried. */
function tokensSent(api: FetchStub, url: string): Array<string | null> {
  return api.mock.calls
    .filter(([input, init]) => String(input) === url && (init?.method ?? 'GET') === 'GET')
    .map(([, init]) => new Headers(init?.headers).get('x-consistency-token'));
}

function openFeed(handler: FetchHandler) {
  const api = stubSession(ada, handler);
  return { api, ...renderApp('/feed') };
}

function card(content: string) {
  const article = screen.getByText(content).closest('article');
  if (!article) throw new Error(`no post card holds "${content}"`);
  return within(article);
}

describe('live posts: subscriptions', () => {
  it('connects only once signed in', async () => {
    stubSession(null);
    renderApp('/feed');
    await screen.findByRole('heading', { name: 'Welcome back' });

    expect(fakeSocket.connected).toBe(false);
  });

  it('subscribes to the posts shown, adds the next page, and unsubscribes when they leave the screen', async () => {
    const [first, second, third] = [
      aPost({ content: 'One' }),
      aPost({ content: 'Two' }),
      aPost({ content: 'Three' }),
    ];
    const { router, user } = openFeed((_method, url) => {
      if (url === firstPage) return feedReply([first, second], { currentPage: 1, totalPages: 2 });
      if (url === '/api/posts/feed?page=2&limit=10')
        return feedReply([third], { currentPage: 2, totalPages: 2 });
      return jsonReply(404, {});
    });
    await screen.findByText('One');

    // The socket connects in an effect after the render: later on a busy machine.
    await waitFor(() => expect(fakeSocket.connected).toBe(true));
    // Each subscribe goes once its posts are on screen (an effect after the render).
    await waitFor(() =>
      expect(fakeSocket.postIdsSent(clientEvents.postSubscribe)).toEqual([[first._id, second._id].sort()]),
    );

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Three');
    await waitFor(() =>
      expect(fakeSocket.postIdsSent(clientEvents.postSubscribe)).toEqual([
        [first._id, second._id].sort(),
        [third._id],
      ]),
    );
    expect(fakeSocket.postIdsSent(clientEvents.postUnsubscribe)).toEqual([]);

    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Profile' }),
    );
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeTruthy();
    expect(fakeSocket.postIdsSent(clientEvents.postUnsubscribe).map((ids) => [...ids].sort())).toEqual([
      [first._id, second._id, third._id].sort(),
    ]);
    expect(fakeSocket.listenerCount(serverEvents.postUpdated)).toBe(0);
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it('subscribes again after a reconnect', async () => {
    const post = aPost({ content: 'Still here' });
    openFeed(() => feedReply([post]));
    await screen.findByText('Still here');
    // The first subscription is out (under load the page can show before the socket connects).
    await waitFor(() => expect(fakeSocket.postIdsSent(clientEvents.postSubscribe)).toEqual([[post._id]]));

    await fakeSocket.reconnect();

    expect(fakeSocket.postIdsSent(clientEvents.postSubscribe)).toEqual([[post._id], [post._id]]);
  });
});

describe('live posts: posts the gateway did not join yet', () => {
  it('asks again for a post the gateway left out (not on the read side yet), until it is joined', async () => {
    const [mine, older] = [aPost({ content: 'Just posted' }), aPost({ content: 'Older' })];
    openFeed(() => feedReply([mine, older]));
    await screen.findByText('Just posted');
    // Sent once the list is on screen (an effect after the render; later on a busy machine).
    await waitFor(() =>
      expect(fakeSocket.postIdsSent(clientEvents.postSubscribe)).toEqual([[mine._id, older._id].sort()]),
    );

    // The gateway joined only the older post: the new one is asked for again a moment later, alone.
    await fakeSocket.answerLast(clientEvents.postSubscribe, { postIds: [older._id] });
    await waitFor(() => expect(fakeSocket.postIdsSent(clientEvents.postSubscribe)).toHaveLength(2), {
      timeout: (SUBSCRIBE_RETRIES_MS[0] ?? 0) + 1000,
    });
    expect(fakeSocket.postIdsSent(clientEvents.postSubscribe)[1]).toEqual([mine._id]);

    // Joined now: nothing more is asked.
    await fakeSocket.answerLast(clientEvents.postSubscribe, { postIds: [mine._id] });
    await new Promise((resolve) => setTimeout(resolve, (SUBSCRIBE_RETRIES_MS[1] ?? 0) + 200));
    expect(fakeSocket.postIdsSent(clientEvents.postSubscribe)).toHaveLength(2);
  });
});

describe('live posts: a post joined late', () => {
  it('reads the counts and text of a post joined only on a later ask once (a like or an edit before the join was pushed to nobody here)', async () => {
    const [mine, older] = [aPost({ content: 'Just posted' }), aPost({ content: 'Older', likesCount: 4 })];
    const editedAt = '2026-03-09T12:05:00.000Z';
    const edited = 'Just posted, and edited in another tab';
    const { api } = openFeed((method, url) => {
      if (method === 'GET' && url === `/api/posts/${mine._id}`)
        return jsonReply(200, {
          data: { ...mine, content: edited, editedAt, likesCount: 1, commentsCount: 2 },
        });
      return feedReply([mine, older]);
    });
    await screen.findByText('Just posted');
    await waitFor(() => expect(fakeSocket.postIdsSent(clientEvents.postSubscribe)).toHaveLength(1));
    await fakeSocket.answerLast(clientEvents.postSubscribe, { postIds: [older._id] });
    await waitFor(() => expect(fakeSocket.postIdsSent(clientEvents.postSubscribe)).toHaveLength(2), {
      timeout: (SUBSCRIBE_RETRIES_MS[0] ?? 0) + 1000,
    });
    expect(countCalls(api, 'GET', `/api/posts/${mine._id}`)).toBe(0);

    await fakeSocket.answerLast(clientEvents.postSubscribe, { postIds: [mine._id] });
    expect(await screen.findByText(edited)).toBeTruthy();
    expect(card(edited).getByRole('button', { name: 'Like, 1' })).toBeTruthy();
    expect(card(edited).getByRole('button', { name: 'Comments, 2' })).toBeTruthy();
    expect(countCalls(api, 'GET', `/api/posts/${mine._id}`)).toBe(1);
    expect(countCalls(api, 'GET', `/api/posts/${older._id}`)).toBe(0);
    expect(card('Older').getByRole('button', { name: 'Like, 4' })).toBeTruthy();
  });
});

describe('live posts: pushes', () => {
  it("sets a post's like count from post:updated, keeping the reader's own like, without asking again", async () => {
    const post = aPost({ content: 'Popular', likesCount: 2, isLiked: true, commentsCount: 1 });
    const { api } = openFeed(() => feedReply([post, aPost({ content: 'Quiet', likesCount: 2 })]));
    await screen.findByText('Popular');

    await fakeSocket.push(serverEvents.postUpdated, {
      postId: post._id,
      likesCount: 7,
      consistencyToken: `${post._id}@9`,
    });

    const like = card('Popular').getByRole('button', { name: 'Like, 7' });
    expect(like.textContent).toBe('7');
    expect(like.getAttribute('aria-pressed')).toBe('true');
    expect(card('Popular').getByRole('button', { name: 'Comments, 1' }).textContent).toBe('1');
    expect(card('Quiet').getByRole('button', { name: 'Like, 2' }).textContent).toBe('2');
    expect(countCalls(api, 'GET', firstPage)).toBe(1);
  });

  it('keeps the newer like count when an older push arrives after it', async () => {
    const post = aPost({ content: 'Busy', likesCount: 2 });
    openFeed(() => feedReply([post]));
    await screen.findByText('Busy');

    await fakeSocket.push(serverEvents.postUpdated, {
      postId: post._id,
      likesCount: 9,
      consistencyToken: `${post._id}@12`,
    });
    await fakeSocket.push(serverEvents.postUpdated, {
      postId: post._id,
      likesCount: 6,
      consistencyToken: `${post._id}@8`,
    });

    expect(card('Busy').getByRole('button', { name: 'Like, 9' }).textContent).toBe('9');
  });

  it('ignores a push that does not match the contract', async () => {
    const post = aPost({ content: 'Steady', likesCount: 2 });
    openFeed(() => feedReply([post]));
    await screen.findByText('Steady');

    await fakeSocket.push(serverEvents.postUpdated, {
      postId: post._id,
      likesCount: -1,
      consistencyToken: 'x@1',
    });
    await fakeSocket.push(serverEvents.postUpdated, { postId: post._id, likesCount: 5 });

    expect(card('Steady').getByRole('button', { name: 'Like, 2' }).textContent).toBe('2');
  });

  it('sets the comment count from post:comment-added without asking again while the comments are closed', async () => {
    const post = aPost({ content: 'Discussed', commentsCount: 1 });
    const { api } = openFeed(() => feedReply([post]));
    await screen.findByText('Discussed');

    await fakeSocket.push(serverEvents.postCommentAdded, {
      postId: post._id,
      commentId: crypto.randomUUID(),
      commentsCount: 4,
      consistencyToken: `${post._id}@5`,
    });

    expect(card('Discussed').getByRole('button', { name: 'Comments, 4' }).textContent).toBe('4');
    expect(countCalls(api, 'GET', firstPage)).toBe(1);
    expect(countCalls(api, 'GET', `/api/posts/${post._id}`)).toBe(0);
  });

  it("opens a list closed during post:comment-added with the push's token, so the comment shows", async () => {
    const post = aPost({ content: 'Quiet thread', commentsCount: 0 });
    const newcomer = aComment({ content: 'Arrived while closed' });
    const { api, user } = openFeed((_method, url) => {
      if (url === firstPage) return feedReply([post]);
      if (url === `/api/posts/${post._id}`)
        return jsonReply(200, { data: { ...post, comments: [newcomer], commentsCount: 1 } });
      return jsonReply(404, {});
    });
    await screen.findByText('Quiet thread');
    const before = api.mock.calls.length;

    await fakeSocket.push(serverEvents.postCommentAdded, {
      postId: post._id,
      commentId: newcomer._id,
      commentsCount: 1,
      consistencyToken: `${post._id}@7`,
    });
    await user.click(card('Quiet thread').getByRole('button', { name: 'Comments, 1' }));

    expect(await screen.findByText('Arrived while closed')).toBeTruthy();
    // The first read after the push waits for it (whichever read that is: the server then has the
    // comment), and the list's read comes no earlier.
    const after = api.mock.calls.slice(before).map(([input, init]) => ({
      url: String(input),
      token: new Headers(init?.headers).get('x-consistency-token'),
    }));
    const waited = after.findIndex((call) => call.token === `${post._id}@7`);
    const listRead = after.findIndex((call) => call.url === `/api/posts/${post._id}`);
    expect(waited, JSON.stringify(after)).toBeGreaterThanOrEqual(0);
    expect(listRead).toBeGreaterThanOrEqual(waited);
  });

  it("fetches an open comment list again with the push's consistency token, so the new comment shows", async () => {
    const post = aPost({
      content: 'Open thread',
      commentsCount: 1,
      comments: [aComment({ content: 'First!' })],
    });
    const newcomer = aComment({ content: 'Late to the party' });
    let detailReads = 0;
    const { api, user } = openFeed((_method, url) => {
      if (url === firstPage) return feedReply([post]);
      if (url === `/api/posts/${post._id}`) {
        detailReads += 1;
        const comments = detailReads === 1 ? post.comments : [...post.comments, newcomer];
        return jsonReply(200, { data: { ...post, comments, commentsCount: comments.length } });
      }
      return jsonReply(404, {});
    });
    await screen.findByText('Open thread');
    await user.click(card('Open thread').getByRole('button', { name: 'Comments, 1' }));
    await screen.findByText('First!');

    await fakeSocket.push(serverEvents.postCommentAdded, {
      postId: post._id,
      commentId: newcomer._id,
      commentsCount: 2,
      consistencyToken: `${post._id}@6`,
    });

    expect(await screen.findByText('Late to the party')).toBeTruthy();
    expect(card('Open thread').getByRole('button', { name: 'Comments, 2' }).textContent).toBe('2');
    expect(tokensSent(api, `/api/posts/${post._id}`)).toEqual([null, `${post._id}@6`]);
    expect(countCalls(api, 'GET', firstPage)).toBe(1);
  });

  /** The feed holds `post` with its comments open; the reader's comment waits for `reply`. */
  async function commentOn(post: Post, reply: Promise<Response>) {
    const { user } = openFeed((method, url) => {
      if (url === firstPage) return feedReply([post]);
      if (method === 'GET' && url === `/api/posts/${post._id}`) return jsonReply(200, { data: post });
      if (method === 'POST') return reply;
      return jsonReply(404, {});
    });
    await screen.findByText(post.content);
    await user.click(card(post.content).getByRole('button', { name: /^Comments, \d+$/ }));
    await user.type(card(post.content).getByRole('textbox', { name: 'Write a comment' }), 'Mine{Enter}');
  }

  it('does not count the reader’s own comment twice when its push arrives before the reply', async () => {
    const post = aPost({ content: 'Race', commentsCount: 0 });
    const mine = aComment({ content: 'Mine', author: adaAuthor });
    const reply = deferred<Response>();
    await commentOn(post, reply.promise);

    await fakeSocket.push(serverEvents.postCommentAdded, {
      postId: post._id,
      commentId: mine._id,
      commentsCount: 1,
      consistencyToken: `${post._id}@2`,
    });
    reply.resolve(addedCommentReply(post._id, mine, 1));

    expect(await card('Race').findByText('Mine')).toBeTruthy();
    expect(card('Race').getByRole('button', { name: 'Comments, 1' }).textContent).toBe('1');
  });

  it('keeps the newer count of a later comment’s push that arrived before the reply', async () => {
    const post = aPost({ content: 'Busy thread', commentsCount: 0 });
    const mine = aComment({ content: 'Mine', author: adaAuthor });
    const reply = deferred<Response>();
    await commentOn(post, reply.promise);

    await fakeSocket.push(serverEvents.postCommentAdded, {
      postId: post._id,
      commentId: crypto.randomUUID(),
      commentsCount: 2,
      consistencyToken: `${post._id}@3`,
    });
    reply.resolve(addedCommentReply(post._id, mine, 1));

    expect(await card('Busy thread').findByText('Mine')).toBeTruthy();
    expect(card('Busy thread').getByRole('button', { name: 'Comments, 2' }).textContent).toBe('2');
  });

  it('keeps the reply’s count when an earlier comment’s push arrives after it', async () => {
    const post = aPost({ content: 'Late push', commentsCount: 1 });
    const mine = aComment({ content: 'Second', author: adaAuthor });
    const reply = deferred<Response>();
    await commentOn(post, reply.promise);
    reply.resolve(addedCommentReply(post._id, mine, 2));
    expect(await card('Late push').findByText('Second')).toBeTruthy();

    await fakeSocket.push(serverEvents.postCommentAdded, {
      postId: post._id,
      commentId: crypto.randomUUID(),
      commentsCount: 1,
      consistencyToken: `${post._id}@2`,
    });
    expect(card('Late push').getByRole('button', { name: 'Comments, 2' }).textContent).toBe('2');
  });

  it('lowers the comment count when a comment is removed, and ignores an older push that arrives later', async () => {
    const post = aPost({ content: 'Thread', commentsCount: 3 });
    openFeed(() => feedReply([post]));
    await screen.findByText('Thread');

    await fakeSocket.push(serverEvents.postCommentRemoved, {
      postId: post._id,
      commentId: crypto.randomUUID(),
      commentsCount: 2,
      consistencyToken: `${post._id}@9`,
    });
    expect(card('Thread').getByRole('button', { name: 'Comments, 2' }).textContent).toBe('2');

    // The push of a comment made before the removal, delivered late, changes nothing.
    await fakeSocket.push(serverEvents.postCommentAdded, {
      postId: post._id,
      commentId: crypto.randomUUID(),
      commentsCount: 3,
      consistencyToken: `${post._id}@8`,
    });
    expect(card('Thread').getByRole('button', { name: 'Comments, 2' }).textContent).toBe('2');
  });

  it('drops a post from the feed when it is removed, without asking again', async () => {
    const gone = aPost({ content: 'Soon gone' });
    const stays = aPost({ content: 'Still here' });
    const { api } = openFeed(() => feedReply([gone, stays]));
    await screen.findByText('Soon gone');

    await fakeSocket.push(serverEvents.postRemoved, { postId: gone._id, consistencyToken: `${gone._id}@4` });

    expect(screen.queryByText('Soon gone')).toBeNull();
    expect(screen.getByText('Still here')).toBeTruthy();
    expect(countCalls(api, 'GET', firstPage)).toBe(1);
  });

  it('offers "New posts" when someone else publishes, and then loads the first page again', async () => {
    const old = aPost({ content: 'Old news' });
    const fresh = aPost({ content: 'Fresh off the press' });
    let feedReads = 0;
    const { api, user } = openFeed((_method, url) => {
      if (url !== firstPage) return jsonReply(404, {});
      feedReads += 1;
      return feedReply(feedReads === 1 ? [old] : [fresh, old]);
    });
    await screen.findByText('Old news');
    expect(screen.queryByRole('button', { name: /^New posts/ })).toBeNull();

    await fakeSocket.push(serverEvents.feedPostCreated, {
      postId: fresh._id,
      authorId: fresh.author._id,
      consistencyToken: `${fresh._id}@1`,
    });
    await user.click(screen.getByRole('button', { name: 'New posts (1)' }));

    expect(await screen.findByText('Fresh off the press')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^New posts/ })).toBeNull();
    expect(tokensSent(api, firstPage)).toEqual([null, `${fresh._id}@1`]);
  });

  it('counts each new post once, in a polite live region, so a screen reader hears it without a jump', async () => {
    openFeed(() => feedReply([aPost({ content: 'Calm' })]));
    await screen.findByText('Calm');
    const [one, two] = [crypto.randomUUID(), crypto.randomUUID()];
    const created = (postId: string) => ({
      postId,
      authorId: crypto.randomUUID(),
      consistencyToken: `${postId}@1`,
    });

    await fakeSocket.push(serverEvents.feedPostCreated, created(one));
    const pill = screen.getByRole('button', { name: 'New posts (1)' });
    expect(pill.closest('[aria-live="polite"]')).not.toBeNull();

    await fakeSocket.push(serverEvents.feedPostCreated, created(two));
    // A push delivered again (after a reconnect) is the same post.
    await fakeSocket.push(serverEvents.feedPostCreated, created(one));

    expect(screen.getByRole('button', { name: 'New posts (2)' }).textContent).toBe('New posts (2)');
  });

  it('shows the reader\'s own post from another tab first, without offering "New posts"', async () => {
    const mine = aPost({ content: 'Written in my other tab', author: adaAuthor });
    const { api } = openFeed((_method, url) => {
      if (url === firstPage) return feedReply([aPost({ content: 'Anything' })]);
      if (url === `/api/posts/${mine._id}`) return jsonReply(200, { data: mine });
      return jsonReply(404, {});
    });
    await screen.findByText('Anything');

    await fakeSocket.push(serverEvents.feedPostCreated, {
      postId: mine._id,
      authorId: ada._id,
      consistencyToken: `${mine._id}@1`,
    });

    await screen.findByText('Written in my other tab');
    expect(
      screen.getAllByRole('article').map((article) => article.querySelector('.post-content')?.textContent),
    ).toEqual(['Written in my other tab', 'Anything']);
    expect(tokensSent(api, `/api/posts/${mine._id}`)).toEqual([`${mine._id}@1`]);
    expect(screen.queryByRole('button', { name: /^New posts/ })).toBeNull();
  });
});

describe('live posts: the reader in another tab', () => {
  it('sets the heart and the count from post:own-like, and ignores an older one', async () => {
    const post = aPost({ content: 'Liked elsewhere', likesCount: 2, isLiked: false });
    openFeed(() => feedReply([post]));
    await screen.findByText('Liked elsewhere');

    await fakeSocket.push(serverEvents.ownLikeChanged, {
      postId: post._id,
      isLiked: true,
      likesCount: 3,
      consistencyToken: `${post._id}@5`,
    });
    const like = card('Liked elsewhere').getByRole('button', { name: 'Like, 3' });
    expect(like.getAttribute('aria-pressed')).toBe('true');

    await fakeSocket.push(serverEvents.ownLikeChanged, {
      postId: post._id,
      isLiked: false,
      likesCount: 2,
      consistencyToken: `${post._id}@4`,
    });
    expect(
      card('Liked elsewhere').getByRole('button', { name: 'Like, 3' }).getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('leaves the heart to a like of this tab still on its way', async () => {
    const post = aPost({ content: 'Clicked here', likesCount: 0, isLiked: false });
    const reply = deferred<Response>();
    const { user } = openFeed((method, url) =>
      method === 'POST' && url === `/api/posts/${post._id}/like` ? reply.promise : feedReply([post]),
    );
    await screen.findByText('Clicked here');
    await user.click(card('Clicked here').getByRole('button', { name: 'Like, 0' }));

    // An older state of this very click's stream, pushed while the reply is on its way.
    await fakeSocket.push(serverEvents.ownLikeChanged, {
      postId: post._id,
      isLiked: false,
      likesCount: 0,
      consistencyToken: `${post._id}@3`,
    });
    expect(card('Clicked here').getByRole('button', { name: 'Like, 1' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    reply.resolve(jsonReply(200, { data: { postId: post._id, likesCount: 1, isLiked: true } }));
    await waitFor(() =>
      expect(card('Clicked here').getByRole('button', { name: 'Like, 1' }).getAttribute('aria-pressed')).toBe(
        'true',
      ),
    );
  });
});

describe('live posts: edits', () => {
  const earlier = '2026-03-09T12:00:00.000Z';
  const later = '2026-03-09T12:05:00.000Z';

  it("reads a post edited elsewhere again, with the push's token, and takes its new text but keeps newer counts", async () => {
    const post = aPost({ content: 'Old words', likesCount: 2 });
    const { api } = openFeed((_method, url) => {
      if (url === firstPage) return feedReply([post]);
      // The read is older than the like count pushed meanwhile: only the text is taken from it.
      if (url === `/api/posts/${post._id}`)
        return jsonReply(200, { data: { ...post, content: 'New words', editedAt: later, likesCount: 1 } });
      return jsonReply(404, {});
    });
    await screen.findByText('Old words');

    await fakeSocket.push(serverEvents.postEdited, {
      postId: post._id,
      editedAt: later,
      consistencyToken: `${post._id}@7`,
    });

    expect(await screen.findByText('New words')).toBeTruthy();
    expect(card('New words').getByText('Edited').getAttribute('dateTime')).toBe(later);
    expect(card('New words').getByRole('button', { name: 'Like, 2' })).toBeTruthy();
    expect(tokensSent(api, `/api/posts/${post._id}`)).toEqual([`${post._id}@7`]);
    expect(countCalls(api, 'GET', firstPage)).toBe(1);
  });

  it('reads nothing for an edit already shown (this tab’s own, from its reply) or older than the one shown', async () => {
    const post = aPost({ content: 'Edited here', editedAt: later });
    const { api } = openFeed(() => feedReply([post]));
    await screen.findByText('Edited here');

    await fakeSocket.push(serverEvents.postEdited, {
      postId: post._id,
      editedAt: later,
      consistencyToken: `${post._id}@5`,
    });
    await fakeSocket.push(serverEvents.postEdited, {
      postId: post._id,
      editedAt: earlier,
      consistencyToken: `${post._id}@4`,
    });

    expect(countCalls(api, 'GET', `/api/posts/${post._id}`)).toBe(0);
  });

  it('leaves an edit of this tab still on its way to its reply', async () => {
    const post = aPost({ content: 'Mine to change', author: adaAuthor });
    const reply = deferred<Response>();
    const { api, user } = openFeed((method, url) => {
      if (method === 'PUT' && url === `/api/posts/${post._id}`) return reply.promise;
      return url === firstPage ? feedReply([post]) : jsonReply(404, {});
    });
    await screen.findByText('Mine to change');
    await user.click(card('Mine to change').getByRole('button', { name: 'Post actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    await user.type(screen.getByRole('textbox', { name: 'Edit your post' }), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await fakeSocket.push(serverEvents.postEdited, {
      postId: post._id,
      editedAt: later,
      consistencyToken: `${post._id}@3`,
    });
    reply.resolve(
      jsonReply(200, { data: { postId: post._id, content: 'Mine to change!', editedAt: later } }),
    );

    expect(await screen.findByText('Mine to change!')).toBeTruthy();
    expect(countCalls(api, 'GET', `/api/posts/${post._id}`)).toBe(0);
  });

  it("reads a post again for a comment edited in its open list, with the push's token, and shows the new text", async () => {
    const comment = aComment({ content: 'Grat job' });
    const post = aPost({ content: 'Thread', commentsCount: 1, comments: [comment] });
    let detailReads = 0;
    const { api, user } = openFeed((_method, url) => {
      if (url === firstPage) return feedReply([post]);
      if (url === `/api/posts/${post._id}`) {
        detailReads += 1;
        const comments =
          detailReads === 1 ? [comment] : [{ ...comment, content: 'Great job', editedAt: later }];
        return jsonReply(200, { data: { ...post, comments } });
      }
      return jsonReply(404, {});
    });
    await screen.findByText('Thread');
    await user.click(card('Thread').getByRole('button', { name: 'Comments, 1' }));
    await screen.findByText('Grat job');

    await fakeSocket.push(serverEvents.postCommentEdited, {
      postId: post._id,
      commentId: comment._id,
      editedAt: later,
      consistencyToken: `${post._id}@8`,
    });

    expect(await screen.findByText('Great job')).toBeTruthy();
    const item = screen.getByText('Great job').closest('li') as HTMLElement;
    expect(within(item).getByText('Edited')).toBeTruthy();
    expect(tokensSent(api, `/api/posts/${post._id}`)).toEqual([null, `${post._id}@8`]);
  });

  it('reads nothing for a comment edited that no screen shows', async () => {
    const post = aPost({ content: 'Quiet thread', commentsCount: 40 });
    const { api } = openFeed(() => feedReply([post]));
    await screen.findByText('Quiet thread');

    await fakeSocket.push(serverEvents.postCommentEdited, {
      postId: post._id,
      commentId: crypto.randomUUID(),
      editedAt: later,
      consistencyToken: `${post._id}@9`,
    });

    expect(countCalls(api, 'GET', `/api/posts/${post._id}`)).toBe(0);
  });

  it('stops listening for edits when the feed is left', async () => {
    const { user } = openFeed(() => feedReply([aPost({ content: 'Anything' })]));
    await screen.findByText('Anything');
    // The listeners come with an effect after the render: later on a busy machine.
    await waitFor(() => expect(fakeSocket.listenerCount(serverEvents.postEdited)).toBe(1));
    expect(fakeSocket.listenerCount(serverEvents.postCommentEdited)).toBe(1);

    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Profile' }),
    );
    await waitFor(() => expect(fakeSocket.listenerCount(serverEvents.postEdited)).toBe(0));
    expect(fakeSocket.listenerCount(serverEvents.postCommentEdited)).toBe(0);
  });
});
