import type { Post } from '@careers/contracts/entities/post';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { countCalls, type FetchHandler, jsonReply } from '../../../testing/fake-api';
import { aComment, aPost, feedReply } from '../../../testing/posts';
import { openSignedIn } from '../../../testing/render-app';

/** The text of a post card: long posts folding, the comment limit, and text in any script. */

/** The feed holds `post` alone; `others` answers everything but the feed. */
async function openPost(post: Post, others: FetchHandler = () => jsonReply(404, {})) {
  const opened = openSignedIn('/feed', (method, url, init) =>
    method === 'GET' && url === '/api/posts/feed?limit=10' ? feedReply([post]) : others(method, url, init),
  );
  const card = within(await screen.findByRole('article'));
  return { ...opened, card };
}

/** The feed holds `post`, and opening its comments reads it whole. */
function openWithComments(post: Post) {
  return openPost(post, (method, url) =>
    method === 'GET' && url === `/api/posts/${post._id}`
      ? jsonReply(200, { data: post })
      : jsonReply(404, {}),
  );
}

describe('post card: a long post', () => {
  const opening = 'Lessons from ten years of compilers. ';
  const long = opening + 'We wrote the parser first, then the checker. '.repeat(20);

  it('shows the start of a post over 600 characters with "See more", which unfolds and folds it', async () => {
    const { card, user } = await openPost(aPost({ content: long }));
    const content = card.getByText(/^Lessons from ten years/);
    const toggle = card.getByRole('button', { name: 'See more' });
    expect(long.length).toBeGreaterThan(600);
    expect(content.textContent?.endsWith('…')).toBe(true);
    expect(content.textContent?.length).toBeLessThanOrEqual(401);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe(content.id);

    await user.click(toggle);

    expect(content.textContent).toBe(long);
    expect(toggle.textContent).toBe('See less');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(toggle);

    await user.click(toggle);
    expect(content.textContent?.endsWith('…')).toBe(true);
    expect(toggle.textContent).toBe('See more');
  });

  it('folds a post of more than 8 lines to its first 6', async () => {
    const lines = Array.from({ length: 10 }, (_, index) => `Step ${index + 1}`);
    const { card } = await openPost(aPost({ content: lines.join('\n') }));

    expect(card.getByText(/^Step 1/).textContent).toBe(`${lines.slice(0, 6).join('\n')}…`);
    expect(card.getByRole('button', { name: 'See more' })).toBeTruthy();
  });

  it('shows a short post whole, with no toggle', async () => {
    const { card } = await openPost(aPost({ content: 'x'.repeat(600) }));

    expect(card.getByText('x'.repeat(600))).toBeTruthy();
    expect(card.queryByRole('button', { name: /^See (more|less)$/ })).toBeNull();
  });
});

describe('post card: text in any script', () => {
  it('lets the post and its comments take the direction of their own text (dir="auto")', async () => {
    const post = aPost({
      content: 'مرحبا بالجميع، بدأت عملا جديدا اليوم',
      commentsCount: 1,
      comments: [aComment({ content: 'מזל טוב!' })],
    });
    const { card, user } = await openWithComments(post);

    expect(card.getByText(post.content).getAttribute('dir')).toBe('auto');
    await user.click(card.getByRole('button', { name: 'Comments, 1' }));
    expect((await card.findByText('מזל טוב!')).getAttribute('dir')).toBe('auto');
    expect(card.getByRole('textbox', { name: 'Write a comment' }).getAttribute('dir')).toBe('auto');
  });
});

describe('post card: the comment limit', () => {
  it('keeps a comment over 2,000 characters whole, says the limit and does not send it', async () => {
    const post = aPost();
    const { api, card, user } = await openWithComments(post);
    await user.click(card.getByRole('button', { name: 'Comments, 0' }));
    const input = card.getByRole('textbox', { name: 'Write a comment' }) as HTMLInputElement;

    await user.click(input);
    await user.paste('z'.repeat(2003));

    expect(input.value).toHaveLength(2003);
    const note = card.getByText('Comments can be at most 2,000 characters. Remove 3 to send.');
    expect(input.getAttribute('aria-describedby')).toBe(note.id);
    await user.click(card.getByRole('button', { name: 'Comment' }));
    await user.type(input, '{Enter}');
    expect(countCalls(api, 'POST', `/api/posts/${post._id}/comments`)).toBe(0);
  });
});
