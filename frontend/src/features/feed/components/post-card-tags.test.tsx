import { TagSummary } from '@careers/contracts/entities/tag';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { countCalls, jsonReply } from '../../../testing/fake-api';
import { aComment, aPost, feedReply } from '../../../testing/posts';
import { openSignedIn } from '../../../testing/render-app';

/** A post's tags: its `#words` and its chips link to the tag's page (beyond the spec). */

const post = aPost({
  content: 'Shipping #Rust at #work. Notes: https://example.com/-#work #notatag #1',
  tags: ['rust', 'work'],
  commentsCount: 1,
  comments: [aComment({ content: 'Same here #rust' })],
});

/** The feed holds `post`; its page is read whole, and #rust's page has it too. */
function openFeed() {
  return openSignedIn('/feed', (method, url) => {
    if (method !== 'GET') return jsonReply(404, {});
    if (url === '/api/posts/feed?limit=10' || url === '/api/posts/feed?limit=10&tags=rust') {
      return feedReply([post]);
    }
    if (url === `/api/posts/${post._id}`) return jsonReply(200, { data: post });
    if (url === '/api/tags/rust') {
      return jsonReply(200, {
        data: TagSummary.parse({ tag: 'rust', postsCount: 1, followersCount: 0, isFollowing: false }),
      });
    }
    return jsonReply(404, {});
  });
}

describe('post card: tags', () => {
  it("links the text's #words the server made tags, as written, and leaves the others as text", async () => {
    openFeed();
    const card = within(await screen.findByRole('article'));
    const content = card.getByText(/^Shipping/);

    const links = within(content).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['#Rust', '/feed?tag=Rust'],
      ['#work', '/feed?tag=work'],
      ['https://example.com/-#work', 'https://example.com/-#work'],
    ]);
    // Tags open in this tab; web addresses still in a new one.
    expect(links[0]?.getAttribute('target')).toBeNull();
    expect(links[2]?.getAttribute('target')).toBe('_blank');
    expect(content.textContent).toBe(post.content);
  });

  it('makes each tag under the post a link to its page', async () => {
    openFeed();
    const card = within(await screen.findByRole('article'));

    const chips = within(card.getByRole('list', { name: 'Tags' })).getAllByRole('link');
    expect(chips.map((chip) => [chip.textContent, chip.getAttribute('href')])).toEqual([
      ['#rust', '/feed?tag=rust'],
      ['#work', '/feed?tag=work'],
    ]);
  });

  it('leaves the #words of comments as text', async () => {
    const { user } = openFeed();
    const card = within(await screen.findByRole('article'));

    await user.click(card.getByRole('button', { name: 'Comments, 1' }));

    const comment = await card.findByText('Same here #rust');
    expect(within(comment).queryByRole('link')).toBeNull();
  });

  it("opens the tag's page, which lists the tag's posts", async () => {
    const { api, user } = openFeed();
    const card = within(await screen.findByRole('article'));

    await user.click(card.getByRole('link', { name: '#Rust' }));

    expect(await screen.findByRole('heading', { name: '#Rust', level: 1 })).toBeTruthy();
    expect(await screen.findByRole('article')).toBeTruthy();
    expect(countCalls(api, 'GET', '/api/posts/feed?limit=10&tags=rust')).toBe(1);
  });
});
