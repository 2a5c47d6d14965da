import { COMMENT_MAX_LENGTH, POST_CONTENT_MAX_LENGTH } from '@careers/contracts/constants';
import type { Post } from '@careers/contracts/entities/post';
import { feedMessages, textLimitMessages } from '@careers/contracts/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatCount } from '../../../lib/locale';
import { descriptionOf } from '../../../testing/a11y';
import { deferred } from '../../../testing/deferred';
import {
  countCalls,
  type FetchHandler,
  type FetchStub,
  jsonReply,
  sentBodies,
} from '../../../testing/fake-api';
import { aComment, adaAuthor, aPost, feedReply, grace } from '../../../testing/posts';
import { openSignedIn } from '../../../testing/render-app';

const firstPage = '/api/posts/feed?limit=10';

/** The feed holds `posts`; `others` answers everything but the feed. */
async function openFeed(posts: Post[], others: FetchHandler = () => jsonReply(404, {})) {
  const opened = openSignedIn('/feed', (method, url, init) =>
    method === 'GET' && url === firstPage ? feedReply(posts) : others(method, url, init),
  );
  await screen.findAllByRole('article');
  return opened;
}

/** The card of the post that says `content`. */
function card(content: string) {
  const article = screen.getByText(content).closest('article');
  if (!article) throw new Error(`no post card holds "${content}"`);
  return within(article);
}

/** The Idempotency-Key of each `method url` sent. */
function keysSent(api: FetchStub, method: string, url: string): Array<string | null> {
  return api.mock.calls
    .filter(([input, init]) => String(input) === url && init?.method === method)
    .map(([, init]) => new Headers(init?.headers).get('idempotency-key'));
}

function editedReply(postId: string, content: string, editedAt: string): Response {
  return jsonReply(200, { data: { postId, content, editedAt } });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('post card: the author’s menu', () => {
  it('shows "Post actions" on the reader’s own posts only, as a collapsed menu button', async () => {
    await openFeed([
      aPost({ content: 'Mine', author: adaAuthor }),
      aPost({ content: 'Theirs', author: grace }),
    ]);

    const button = card('Mine').getByRole('button', { name: 'Post actions' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('aria-controls')).toBeNull();
    expect(card('Theirs').queryByRole('button', { name: 'Post actions' })).toBeNull();
  });

  it('opens a menu named "Post actions" with Edit and Delete, the focus on Edit, and closes with Escape', async () => {
    const { user } = await openFeed([aPost({ content: 'Mine', author: adaAuthor })]);
    const button = card('Mine').getByRole('button', { name: 'Post actions' });

    await user.click(button);

    const menu = card('Mine').getByRole('menu', { name: 'Post actions' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe(menu.id);
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Edit', 'Delete']);
    expect(document.activeElement).toBe(items[0]);

    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[1]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[0]);

    await user.keyboard('{Escape}');
    expect(card('Mine').queryByRole('menu')).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });
});

describe('post card: editing a post', () => {
  it('saves the new text once, shows "Saving..." meanwhile, then the text and the Edited mark', async () => {
    const post = aPost({ content: 'First draft', author: adaAuthor, likesCount: 2 });
    const editedAt = new Date().toISOString();
    const reply = deferred<Response>();
    const { api, user } = await openFeed([post], (method, url) =>
      method === 'PUT' && url === `/api/posts/${post._id}` ? reply.promise : jsonReply(404, {}),
    );
    await user.click(card('First draft').getByRole('button', { name: 'Post actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));

    const editor = screen.getByRole('textbox', { name: 'Edit your post' }) as HTMLTextAreaElement;
    expect(editor.value).toBe('First draft');
    expect(document.activeElement).toBe(editor);
    // Nothing changed yet: nothing to save.
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);

    await user.clear(editor);
    await user.type(editor, '  Final words ');
    const save = screen.getByRole('button', { name: 'Save' });
    // Two clicks in the same frame, before any render: one request.
    save.click();
    save.click();

    const saving = await screen.findByRole('button', { name: 'Saving...' });
    expect(saving.getAttribute('aria-disabled')).toBe('true');
    expect(sentBodies(api, 'PUT', `/api/posts/${post._id}`)).toEqual([{ content: 'Final words' }]);
    expect(keysSent(api, 'PUT', `/api/posts/${post._id}`)[0]).toMatch(/^[0-9a-f]{32}$/);

    reply.resolve(editedReply(post._id, 'Final words', editedAt));

    const article = await screen.findByRole('article');
    await within(article).findByText('Final words');
    expect(screen.queryByRole('textbox', { name: 'Edit your post' })).toBeNull();
    const mark = within(article).getByText('Edited');
    expect(mark.tagName).toBe('TIME');
    expect(mark.getAttribute('dateTime')).toBe(editedAt);
    expect(mark.getAttribute('title')).toMatch(/^Edited /);
    // The rest of the post stays as it was.
    expect(within(article).getByRole('button', { name: 'Like, 2' })).toBeTruthy();
    expect(document.activeElement).toBe(within(article).getByRole('button', { name: 'Post actions' }));
    expect(countCalls(api, 'PUT', `/api/posts/${post._id}`)).toBe(1);
  });

  it('cancels with Cancel or Escape, sending nothing and keeping the text', async () => {
    const post = aPost({ content: 'Keep me', author: adaAuthor });
    const { api, user } = await openFeed([post]);
    const menuButton = card('Keep me').getByRole('button', { name: 'Post actions' });

    await user.click(menuButton);
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    await user.type(screen.getByRole('textbox', { name: 'Edit your post' }), ' and more');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('textbox', { name: 'Edit your post' })).toBeNull();
    expect(screen.getByText('Keep me')).toBeTruthy();
    expect(document.activeElement).toBe(menuButton);

    await user.click(menuButton);
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    await user.type(screen.getByRole('textbox', { name: 'Edit your post' }), ' again{Escape}');

    expect(screen.queryByRole('textbox', { name: 'Edit your post' })).toBeNull();
    expect(screen.getByText('Keep me')).toBeTruthy();
    expect(document.activeElement).toBe(menuButton);
    expect(countCalls(api, 'PUT', `/api/posts/${post._id}`)).toBe(0);
  });

  it('does not save a blank text, nor one over the limit, which it says', async () => {
    const post = aPost({ content: 'Short', author: adaAuthor });
    const { api, user } = await openFeed([post]);
    await user.click(card('Short').getByRole('button', { name: 'Post actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    const editor = screen.getByRole('textbox', { name: 'Edit your post' });

    await user.clear(editor);
    await user.type(editor, '   ');
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);

    await user.clear(editor);
    await user.click(editor);
    await user.paste('x'.repeat(POST_CONTENT_MAX_LENGTH + 1));
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save.getAttribute('aria-disabled')).toBe('true');
    expect(editor.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(editor)).toEqual([
      textLimitMessages.postTooLong(formatCount(POST_CONTENT_MAX_LENGTH, 'en'), '1'),
    ]);

    await user.click(save);
    expect(document.activeElement).toBe(editor);
    expect(countCalls(api, 'PUT', `/api/posts/${post._id}`)).toBe(0);
  });

  it('alerts on failure and keeps the editor and the text; saving it again sends the same key', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const post = aPost({ content: 'Before', author: adaAuthor });
    let answer: Response = jsonReply(400, { message: 'Nope' });
    const { api, user } = await openFeed([post], (method, url) =>
      method === 'PUT' && url === `/api/posts/${post._id}` ? answer : jsonReply(404, {}),
    );
    await user.click(card('Before').getByRole('button', { name: 'Post actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    await user.type(screen.getByRole('textbox', { name: 'Edit your post' }), ' and after');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(alert).toHaveBeenCalledWith(feedMessages.editPostFailed));
    const editor = screen.getByRole('textbox', { name: 'Edit your post' }) as HTMLTextAreaElement;
    expect(editor.value).toBe('Before and after');
    expect(screen.queryByText('Edited')).toBeNull();

    answer = editedReply(post._id, 'Before and after', new Date().toISOString());
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Before and after')).toBeTruthy();

    const keys = keysSent(api, 'PUT', `/api/posts/${post._id}`);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(alert).toHaveBeenCalledTimes(1);
  });
});

describe('post card: deleting a post', () => {
  it('asks first and sends nothing when the reader says no', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const post = aPost({ content: 'Stay', author: adaAuthor });
    const { api, user } = await openFeed([post]);
    const menuButton = card('Stay').getByRole('button', { name: 'Post actions' });

    await user.click(menuButton);
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));

    expect(confirm).toHaveBeenCalledWith(feedMessages.confirmDeletePost);
    expect(countCalls(api, 'DELETE', `/api/posts/${post._id}`)).toBe(0);
    expect(screen.getByText('Stay')).toBeTruthy();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(menuButton);
  });

  it('deletes on yes, takes the post off the feed and moves the focus to the next post', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const [gone, next] = [aPost({ content: 'Delete me', author: adaAuthor }), aPost({ content: 'Next one' })];
    const { api, user } = await openFeed([gone, next], (method, url) =>
      method === 'DELETE' && url === `/api/posts/${gone._id}`
        ? jsonReply(200, { message: 'Post deleted' })
        : jsonReply(404, {}),
    );

    await user.click(card('Delete me').getByRole('button', { name: 'Post actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByText('Delete me')).toBeNull());
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(document.activeElement).toBe(screen.getByText('Next one').closest('article'));
    expect(keysSent(api, 'DELETE', `/api/posts/${gone._id}`)).toHaveLength(1);
    expect(countCalls(api, 'GET', firstPage)).toBe(1);
  });

  it('alerts on failure and keeps the post; deleting it again sends the same key, and the last post hands the focus to the heading', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const post = aPost({ content: 'Only post', author: adaAuthor });
    let answer: Response = jsonReply(403, { message: 'Nope' });
    const { api, user } = await openFeed([post], (method, url) =>
      method === 'DELETE' && url === `/api/posts/${post._id}` ? answer : jsonReply(404, {}),
    );

    await user.click(card('Only post').getByRole('button', { name: 'Post actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(feedMessages.deletePostFailed));
    expect(screen.getByText('Only post')).toBeTruthy();

    answer = jsonReply(200, { message: 'Post deleted' });
    await user.click(card('Only post').getByRole('button', { name: 'Post actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByText('Only post')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Feed' }));
    const keys = keysSent(api, 'DELETE', `/api/posts/${post._id}`);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });
});

describe('post card: the Edited mark', () => {
  it('shows "Edited" beside the time of an edited post only, with when as its tooltip', async () => {
    const editedAt = '2026-03-09T12:00:00.000Z';
    await openFeed([aPost({ content: 'Changed', editedAt }), aPost({ content: 'Untouched' })]);

    const mark = card('Changed').getByText('Edited');
    expect(mark.closest('.post-meta')).not.toBeNull();
    expect(mark.getAttribute('dateTime')).toBe(editedAt);
    expect(mark.getAttribute('title')).toMatch(/^Edited .*2026/);
    expect(card('Untouched').queryByText('Edited')).toBeNull();
  });
});

describe('post card: a comment’s actions', () => {
  /** Opens the comments of the only post on the feed. */
  async function openComments(post: Post, others: FetchHandler = () => jsonReply(404, {})) {
    const opened = await openFeed([post], (method, url, init) =>
      method === 'GET' && url === `/api/posts/${post._id}`
        ? jsonReply(200, { data: post })
        : others(method, url, init),
    );
    await opened.user.click(screen.getByRole('button', { name: /^Comments, \d+$/ }));
    const list = await screen.findByRole('list', { name: 'Comments' });
    const comment = (content: string) => {
      const item = within(list).getByText(content).closest('li');
      if (!item) throw new Error(`no comment says "${content}"`);
      return within(item);
    };
    return { ...opened, comment };
  }

  it('gives the comment’s author Edit and Delete, and nothing on others’ comments under others’ posts', async () => {
    const post = aPost({
      commentsCount: 2,
      comments: [aComment({ content: 'By Ada', author: adaAuthor }), aComment({ content: 'By Grace' })],
    });
    const { comment, user } = await openComments(post);

    expect(comment('By Grace').queryByRole('button', { name: 'Comment actions' })).toBeNull();
    const button = comment('By Ada').getByRole('button', { name: 'Comment actions' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    expect(
      within(screen.getByRole('menu', { name: 'Comment actions' }))
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Edit', 'Delete']);
  });

  it('lets the post’s author delete another person’s comment, but not edit it', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const [first, second] = [aComment({ content: 'Rude' }), aComment({ content: 'Kind' })];
    const post = aPost({ author: adaAuthor, commentsCount: 2, comments: [first, second] });
    const { api, comment, user } = await openComments(post, (method, url) =>
      method === 'DELETE' && url === `/api/posts/${post._id}/comments/${first._id}`
        ? jsonReply(200, { data: { postId: post._id, commentId: first._id, commentsCount: 1 } })
        : jsonReply(404, {}),
    );

    await user.click(comment('Rude').getByRole('button', { name: 'Comment actions' }));
    const items = within(screen.getByRole('menu', { name: 'Comment actions' })).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Delete']);
    await user.click(items[0] as HTMLElement);

    await waitFor(() => expect(screen.queryByText('Rude')).toBeNull());
    expect(window.confirm).toHaveBeenCalledWith(feedMessages.confirmDeleteComment);
    expect(screen.getByRole('button', { name: 'Comments, 1' }).textContent).toBe('1');
    expect(keysSent(api, 'DELETE', `/api/posts/${post._id}/comments/${first._id}`)).toHaveLength(1);
    // The focus goes on to the next comment rather than to the top of the page.
    expect(document.activeElement).toBe(screen.getByText('Kind').closest('li'));
  });

  it('sends nothing when the reader says no to deleting a comment, and alerts when it fails', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const mine = aComment({ content: 'Second thoughts', author: adaAuthor });
    const post = aPost({ commentsCount: 1, comments: [mine] });
    const url = `/api/posts/${post._id}/comments/${mine._id}`;
    const { api, comment, user } = await openComments(post, () => jsonReply(400, { message: 'Nope' }));

    await user.click(comment('Second thoughts').getByRole('button', { name: 'Comment actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(countCalls(api, 'DELETE', url)).toBe(0);

    confirm.mockReturnValue(true);
    await user.click(comment('Second thoughts').getByRole('button', { name: 'Comment actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));

    await waitFor(() => expect(alert).toHaveBeenCalledWith(feedMessages.deleteCommentFailed));
    expect(screen.getByText('Second thoughts')).toBeTruthy();
    expect(countCalls(api, 'DELETE', url)).toBe(1);
  });

  it('edits the reader’s comment in place and marks it Edited; Escape cancels', async () => {
    const mine = aComment({ content: 'Typo heer', author: adaAuthor });
    const post = aPost({ commentsCount: 1, comments: [mine] });
    const editedAt = new Date().toISOString();
    const url = `/api/posts/${post._id}/comments/${mine._id}`;
    const { api, comment, user } = await openComments(post, (method, called) =>
      method === 'PUT' && called === url
        ? jsonReply(200, { data: { postId: post._id, commentId: mine._id, content: 'Typo here', editedAt } })
        : jsonReply(404, {}),
    );
    const menuButton = comment('Typo heer').getByRole('button', { name: 'Comment actions' });

    await user.click(menuButton);
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    await user.type(screen.getByRole('textbox', { name: 'Edit your comment' }), '!{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Edit your comment' })).toBeNull();
    expect(document.activeElement).toBe(menuButton);

    await user.click(menuButton);
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    const editor = screen.getByRole('textbox', { name: 'Edit your comment' }) as HTMLTextAreaElement;
    expect(editor.value).toBe('Typo heer');
    await user.clear(editor);
    await user.type(editor, 'Typo here');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Typo here')).toBeTruthy();
    expect(sentBodies(api, 'PUT', url)).toEqual([{ content: 'Typo here' }]);
    expect(keysSent(api, 'PUT', url)[0]).toMatch(/^[0-9a-f]{32}$/);
    const mark = comment('Typo here').getByText('Edited');
    expect(mark.getAttribute('dateTime')).toBe(editedAt);
    expect(screen.queryByRole('textbox', { name: 'Edit your comment' })).toBeNull();
  });

  it('alerts when a comment edit fails and keeps the editor with the text; past the limit it sends nothing', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const mine = aComment({ content: 'Hello', author: adaAuthor });
    const post = aPost({ commentsCount: 1, comments: [mine] });
    const url = `/api/posts/${post._id}/comments/${mine._id}`;
    const { api, comment, user } = await openComments(post, () => jsonReply(400, { message: 'Nope' }));

    await user.click(comment('Hello').getByRole('button', { name: 'Comment actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    const editor = screen.getByRole('textbox', { name: 'Edit your comment' }) as HTMLTextAreaElement;
    await user.type(editor, ' there');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(alert).toHaveBeenCalledWith(feedMessages.editCommentFailed));
    expect(editor.value).toBe('Hello there');
    expect(countCalls(api, 'PUT', url)).toBe(1);

    await user.clear(editor);
    await user.paste('y'.repeat(COMMENT_MAX_LENGTH + 1));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(countCalls(api, 'PUT', url)).toBe(1);
    expect(editor.getAttribute('aria-invalid')).toBe('true');
  });

  it('shows "Edited" on an edited comment', async () => {
    const post = aPost({
      commentsCount: 2,
      comments: [
        aComment({ content: 'Changed', editedAt: new Date().toISOString() }),
        aComment({ content: 'As written' }),
      ],
    });
    const { comment } = await openComments(post);

    expect(comment('Changed').getByText('Edited').getAttribute('title')).toMatch(/^Edited /);
    expect(comment('As written').queryByText('Edited')).toBeNull();
  });
});
