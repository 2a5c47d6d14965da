/**
 * The feed in two browsers at once, each with its own cookies: A publishes, B is told of it without a
 * reload, B likes, comments and unlikes, and A's screen follows each change live through the socket
 * (no feed request). Then A's dashboard lists the post from A's network timeline with its counts, and a
 * blank composer cannot post. Socket traffic is recorded next to the screenshots, to read when a step
 * fails.
 */
import { randomUUID } from 'node:crypto';
import { serverEvents } from '@careers/contracts/sockets';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepScreenshot, launchBrowser } from './browser.ts';
import {
  at,
  closeVisitors,
  connects,
  eventsReceived,
  openVisitor,
  registerVisitor,
  replyTo,
  until,
  type Visitor,
  visible,
  WAIT,
} from './browser-steps.ts';
import { WEB_URL } from './topology.ts';

/** One signed-in person: their page, what it saw, and the socket.io packets it exchanged. */
interface Reader extends Visitor {
  label: 'a' | 'b';
  /** Every GET /api/posts/feed this page made, by its query string. */
  feedRequests: string[];
}

async function shot(reader: Reader, name?: string): Promise<void> {
  const suffix = name === undefined ? '' : `-${name}`;
  await keepScreenshot(reader.page, `feed-${reader.label}${suffix}`);
}

/** A page in its own context whose console errors, API replies, navigations and socket packets are kept. */
async function openReader(
  browser: Browser,
  label: Reader['label'],
  first: string,
  last: string,
): Promise<Reader> {
  const reader: Reader = { ...(await openVisitor(browser, first, last)), label, feedRequests: [] };
  reader.page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname === '/api/posts/feed')
      reader.feedRequests.push(url.search);
  });
  return reader;
}

/** Whether this page asked the gateway to follow `postId` (post:subscribe). */
/**
 * Whether the gateway joined the reader's socket to the post's room: an answer to a post:subscribe
 * (an ack packet, `3<id>[...]`) naming the post. The gateway joins the author's own new post only once
 * the read side shows it, so the first asks may be answered without it.
 */
function joinedTo(reader: Reader, postId: string): boolean {
  return reader.received.some((packet) => packet.startsWith('3') && packet.includes(postId));
}

async function register(reader: Reader): Promise<void> {
  await registerVisitor(reader, { password: 'feed-e2e-password', accountType: 'job_seeker' });
}

/** Opens /feed (a fresh page load) and waits for the list and for the socket to join its rooms. */
async function openFeed(reader: Reader): Promise<void> {
  const { page } = reader;
  const before = connects(reader);
  await page.goto(`${WEB_URL}/feed`);
  await visible(page.getByRole('heading', { name: 'Feed', exact: true, level: 1 }), `${reader.first}'s feed`);
  await visible(
    page.getByText('No posts yet', { exact: true }).or(page.getByRole('article').first()),
    `"No posts yet" or a post in ${reader.first}'s feed`,
  );
  await until(`${reader.first}'s socket to connect after opening /feed`, () => connects(reader) > before);
}

function card(reader: Reader, content: string): Locator {
  return reader.page.getByRole('article').filter({ hasText: content });
}

/** The like button, named with its count ("Like, 3"); `expectCount` checks the count in the name. */
function likeButton(reader: Reader, content: string): Locator {
  return card(reader, content).getByRole('button', { name: /^Like, \d+$/ });
}

function commentsButton(reader: Reader, content: string): Locator {
  return card(reader, content).getByRole('button', { name: /^Comments, \d+$/ });
}

/**
 * Waits until a count button shows `count` (its text) and says it in its name ("Like, 1"), with a
 * message naming what is shown instead.
 */
async function expectCount(button: Locator, count: number, what: string): Promise<void> {
  let shown: string | null | undefined;
  let name: string | null = null;
  try {
    await until(`${what} to read ${count}`, async () => {
      shown = (await button.textContent({ timeout: WAIT }))?.trim();
      name = await button.getAttribute('aria-label', { timeout: WAIT });
      return shown === String(count) && name?.endsWith(`, ${count}`) === true;
    });
  } catch (error) {
    throw new Error(`${(error as Error).message} (it reads ${JSON.stringify(shown)}, named ${name})`);
  }
}

async function expectPressed(button: Locator, pressed: boolean, what: string): Promise<void> {
  await until(`${what} to have aria-pressed="${pressed}"`, async () => {
    return (await button.getAttribute('aria-pressed')) === String(pressed);
  });
}

describe('the feed in two browsers: a post, live likes and comments', () => {
  const content = `Shipping the ledger rewrite today ${randomUUID().slice(0, 8)}`;
  const comment = `Congratulations on the release, notes at https://example.com/notes. ${randomUUID().slice(0, 8)}`;
  let browser: Browser;
  let a: Reader;
  let b: Reader;
  let postId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    a = await openReader(browser, 'a', 'Ada', 'Lovelace');
    b = await openReader(browser, 'b', 'Alan', 'Turing');
    await register(a);
    await register(b);
  });
  afterAll(() => closeVisitors(browser, { 'feed-a': a, 'feed-b': b }));

  it('A posts: the post is first in A feed at once, and B, already on /feed, is offered "New posts"', async () => {
    await openFeed(a);
    await openFeed(b);
    const bFeedRequests = b.feedRequests.length;

    const composer = a.page.getByRole('textbox', { name: "What's on your mind?", exact: true });
    await composer.fill(content);
    const reply = await replyTo(a.page, 'POST', '/api/posts', () =>
      a.page.getByRole('button', { name: 'Post', exact: true }).click(),
    );
    expect(reply.status(), 'POST /api/posts').toBe(201);
    postId = ((await reply.json()) as { data: { _id: string } }).data._id;
    expect(postId).toBeTruthy();

    await visible(card(a, content), 'the new post in A feed');
    expect(await a.page.getByRole('article').first().textContent()).toContain(content);
    expect(await composer.inputValue(), 'the composer is cleared after posting').toBe('');
    await shot(a, 'posted');

    const newPosts = b.page.getByRole('button', { name: 'New posts (1)', exact: true });
    await visible(newPosts, 'the "New posts (1)" button in B feed (B did not reload)');
    expect(
      await newPosts.evaluate((button) => button.closest('[aria-live="polite"]') !== null),
      'the "New posts" button is in a polite live region',
    ).toBe(true);
    expect(b.feedRequests.length, 'B fetched the feed again before asking for new posts').toBe(bFeedRequests);
    await shot(b, 'new-posts');
    // The author is not offered their own post again.
    expect(await a.page.getByRole('button', { name: /^New posts/ }).count()).toBe(0);

    await newPosts.click();
    const bCard = card(b, content);
    await visible(bCard, 'A post in B feed after "New posts"');
    await newPosts.waitFor({ state: 'detached', timeout: WAIT });
    await visible(bCard.getByText('Ada Lovelace', { exact: true }), 'the author name on the card');
    await visible(bCard.getByText('Professional', { exact: true }), '"Professional" for an empty job title');
    await visible(bCard.getByText('Just now', { exact: true }), 'the relative time "Just now"');
    await visible(bCard.getByText(content, { exact: true }), 'the content on the card');
    await expectCount(likeButton(b, content), 0, "B's like button");
    await expectCount(commentsButton(b, content), 0, "B's comments button");
    await shot(b, 'shows-post');

    // Both pages follow the post, so its counts can be pushed to them.
    await until('A to be joined to its new post', () => joinedTo(a, postId));
    await until('B to be joined to the post it was shown', () => joinedTo(b, postId));
  });

  it('B likes: B sees it pressed with 1 at once, and A sees 1 live, with no feed request', async () => {
    const aFeedRequests = a.feedRequests.length;
    const aNavigations = a.navigations.length;
    const aLike = likeButton(a, content);
    expect(await aLike.textContent()).toBe('0');

    const bLike = likeButton(b, content);
    const reply = await replyTo(b.page, 'POST', `/api/posts/${postId}/like`, () => bLike.click());
    expect(reply.status(), 'POST like').toBe(200);
    await expectPressed(bLike, true, "B's like button");
    await expectCount(bLike, 1, "B's like count");

    await expectCount(aLike, 1, "A's like count (live, without a reload)");
    expect(await aLike.getAttribute('aria-pressed'), 'A did not like the post').toBe('false');
    expect(a.feedRequests.slice(aFeedRequests), 'GET /api/posts/feed made by A for the like').toEqual([]);
    expect(a.navigations.slice(aNavigations), 'navigations of A during the like').toEqual([]);
    expect(
      eventsReceived(a, serverEvents.postUpdated).some(
        (event) => event.postId === postId && event.likesCount === 1,
      ),
      'A received post:updated with likesCount 1',
    ).toBe(true);
    await shot(a, 'liked');
    await shot(b, 'liked');
  });

  it('B comments: A sees the count 1 live, and the comment when A opens the comments', async () => {
    const aFeedRequests = a.feedRequests.length;
    const aNavigations = a.navigations.length;
    const aComments = commentsButton(a, content);
    expect(await aComments.textContent()).toBe('0');

    const bComments = commentsButton(b, content);
    await bComments.click();
    expect(await bComments.getAttribute('aria-expanded')).toBe('true');
    const bCard = card(b, content);
    await visible(bCard.getByText('No comments yet', { exact: true }), '"No comments yet" in the open list');
    await bCard.getByRole('textbox', { name: 'Write a comment', exact: true }).fill(comment);
    const reply = await replyTo(b.page, 'POST', `/api/posts/${postId}/comments`, () =>
      bCard.getByRole('button', { name: 'Comment', exact: true }).click(),
    );
    expect(reply.status(), 'POST comment').toBe(201);
    await visible(
      bCard.getByRole('list', { name: 'Comments', exact: true }).getByText(comment, { exact: true }),
      "B's comment in B's open comment list",
    );
    await expectCount(bComments, 1, "B's comment count");

    await expectCount(aComments, 1, "A's comment count (live, without a reload)");
    expect(a.feedRequests.slice(aFeedRequests), 'GET /api/posts/feed made by A for the comment').toEqual([]);
    expect(a.navigations.slice(aNavigations), 'navigations of A during the comment').toEqual([]);
    expect(
      eventsReceived(a, serverEvents.postCommentAdded).some(
        (event) => event.postId === postId && event.commentsCount === 1,
      ),
      'A received post:comment-added with commentsCount 1',
    ).toBe(true);

    await aComments.click();
    expect(await aComments.getAttribute('aria-expanded')).toBe('true');
    const aList = card(a, content).getByRole('list', { name: 'Comments', exact: true });
    const listed = aList.getByRole('listitem').filter({ hasText: comment });
    await visible(listed, "B's comment in A's comment list");
    await visible(listed.getByText('Alan Turing', { exact: true }), "B's name on the comment");
    // The address in the comment is a link that opens in a new tab, with no handle on this page.
    const link = listed.getByRole('link', { name: 'https://example.com/notes', exact: true });
    await visible(link, 'the address in the comment as a link');
    expect([
      await link.getAttribute('href'),
      await link.getAttribute('target'),
      await link.getAttribute('rel'),
    ]).toEqual(['https://example.com/notes', '_blank', 'noopener noreferrer nofollow']);
    expect(await aList.getByRole('listitem').count()).toBe(1);
    await shot(a, 'commented');
    await shot(b, 'commented');
  });

  it('B unlikes: B sees it unpressed with 0, and A sees 0 live', async () => {
    const aFeedRequests = a.feedRequests.length;
    const aNavigations = a.navigations.length;
    const bLike = likeButton(b, content);
    const reply = await replyTo(b.page, 'POST', `/api/posts/${postId}/like`, () => bLike.click());
    expect(reply.status(), 'POST like (to unlike)').toBe(200);
    await expectPressed(bLike, false, "B's like button");
    await expectCount(bLike, 0, "B's like count");

    await expectCount(likeButton(a, content), 0, "A's like count after the unlike (live)");
    expect(a.feedRequests.slice(aFeedRequests), 'GET /api/posts/feed made by A for the unlike').toEqual([]);
    expect(a.navigations.slice(aNavigations), 'navigations of A during the unlike').toEqual([]);
    // The comment count is untouched by the like push.
    expect(await commentsButton(a, content).textContent()).toBe('1');
    await shot(a);
    await shot(b);
  });

  it("lists A's post in the Recent Activity of A's dashboard with its counts", async () => {
    const { page } = a;
    const expectActivity = async (when: string) => {
      await visible(
        page.getByRole('heading', { name: 'Welcome back, Ada!', exact: true, level: 1 }),
        `A's dashboard ${when}`,
      );
      const item = page
        .getByRole('region', { name: 'Recent Activity', exact: true })
        .getByRole('listitem')
        .filter({ hasText: content });
      await visible(item, `A's post in Recent Activity ${when}`);
      let text = '';
      try {
        await until(`the post's counts in Recent Activity ${when}`, async () => {
          text = ((await item.textContent()) ?? '').replace(/\s+/g, ' ');
          return /Likes: ?0(?!\d)/.test(text) && /Comments: ?1(?!\d)/.test(text);
        });
      } catch (error) {
        throw new Error(`${(error as Error).message}: it reads ${JSON.stringify(text)}`);
      }
      expect(text).toContain('Ada Lovelace');
    };

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Dashboard', exact: true })
      .click();
    await at(page, '/dashboard');
    await expectActivity('(opened from the sidebar)');
    await shot(a, 'dashboard');

    // A fresh load: the list and its counts come from A's network timeline on the server.
    const reply = await replyTo(page, 'GET', '/api/posts/feed', () => page.reload());
    expect(reply.status()).toBe(200);
    expect(new URL(reply.url()).searchParams.get('following')).toBe('true');
    await expectActivity('after a reload');
  });

  it('offers no way to post blank text: the Post button is absent or disabled', async () => {
    const { page } = b;
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/posts') {
        posts.push(request.url());
      }
    });
    const composer = page.getByRole('textbox', { name: "What's on your mind?", exact: true });
    const post = page.getByRole('button', { name: 'Post', exact: true });
    expect(await post.count(), 'the Post button with an empty composer').toBe(0);

    await composer.fill('   ');
    const shown = await post.count();
    if (shown > 0) {
      expect(await post.isDisabled(), 'the Post button with only spaces').toBe(true);
    }
    await composer.press('Enter');
    await composer.fill('\n\t  ');
    if ((await post.count()) > 0) {
      expect(await post.isDisabled(), 'the Post button with only blank characters').toBe(true);
    }
    await shot(b, 'blank-composer');
    expect(posts, 'POST /api/posts sent for blank text').toEqual([]);
    await composer.fill('');
    expect(await post.count(), 'the Post button once the composer is empty again').toBe(0);
  });

  it('met no server error and no page error in either browser', () => {
    for (const reader of [a, b]) {
      expect(
        reader.journal.filter((line) => / -> 5\d\d$| page error: /.test(line)),
        `${reader.first}'s server errors and page errors`,
      ).toEqual([]);
    }
  });
});
