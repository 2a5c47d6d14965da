/**
 * Editing and deleting one's own words, in Chromium, as three people see it: A posts to connections
 * only, with a picture and a #tag, B is A's connection and C a stranger. B sees the picture with A's
 * alt text and follows the tag from its page; C can open neither the post nor its picture. A edits the
 * post and B's open feed shows the new text marked "Edited" without a reload. B comments and edits the
 * comment, which A sees live; A, the post's author, deletes B's comment; then A deletes the post, and
 * it leaves B's screen too, picture and all.
 */
import { randomUUID } from 'node:crypto';
import { serverEvents } from '@careers/contracts/sockets';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import {
  axeAtEveryLook,
  callFromPage,
  closeVisitors,
  connectVisitors,
  eventsReceived,
  registeredJobSeekers,
  replyTo,
  until,
  type Visitor,
  visible,
} from './browser-steps.ts';
import { WEB_URL } from './topology.ts';

const card = (visitor: Visitor, text: string) => visitor.page.getByRole('article').filter({ hasText: text });

async function openFeed(page: Page): Promise<void> {
  await page.goto(`${WEB_URL}/feed`);
  await visible(page.getByRole('heading', { name: 'Feed', exact: true, level: 1 }), 'the feed');
}

/** A 1200 x 800 JPEG photo, the kind a phone sends. */
function aPhoto(): Promise<Buffer> {
  const [width, height] = [1200, 800];
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    pixels[i] = (i / 3) % 256;
    pixels[i + 1] = 90;
    pixels[i + 2] = 160;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
}

describe('editing and deleting a post and a comment, live on a connection screen', () => {
  const run = randomUUID().slice(0, 8);
  const tag = `QA_${run}`;
  const alt = `A whiteboard of test cases ${run}`;
  const original = `First thoughts on the #${tag} role ${run}`;
  const edited = `Second thoughts on the #${tag} role, better put ${run}`;
  const comment = `Congratulations ${run}`;
  const editedComment = `Congratulations, well deserved ${run}`;
  let browser: Browser;
  let a: Visitor;
  let b: Visitor;
  let c: Visitor;
  let postId = '';
  let imageUrls: { small: string; large: string } = { small: '', large: '' };

  beforeAll(async () => {
    browser = await launchBrowser();
    [a, b, c] = (await registeredJobSeekers(browser, 'edits', [
      ['Edith', 'Clarke'],
      ['Hedy', 'Lamarr'],
      ['Claude', 'Shannon'],
    ])) as [Visitor, Visitor, Visitor];
    await connectVisitors(a, b);
  }, 90_000);
  afterAll(() => closeVisitors(browser, { 'edits-a': a, 'edits-b': b, 'edits-c': c }));

  it('A posts to connections only, with a picture and a tag; B sees it in the feed, C cannot open it', async () => {
    await openFeed(a.page);
    await a.page.getByRole('textbox', { name: "What's on your mind?", exact: true }).fill(original);
    await a.page.getByRole('combobox', { name: 'Who can see this post' }).selectOption('Connections only');
    const chooser = a.page.waitForEvent('filechooser');
    await a.page.getByRole('button', { name: 'Add images', exact: true }).click();
    // The first upload meets the server failing (a 500, as during a bad deploy): the picture says so
    // and offers Retry, which sends the same file again.
    await a.page.route(
      '**/api/posts/images',
      (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal error"}' }),
      { times: 1 },
    );
    const failed = await replyTo(a.page, 'POST', '/api/posts/images', async () =>
      (await chooser).setFiles({ name: 'whiteboard.jpg', mimeType: 'image/jpeg', buffer: await aPhoto() }),
    );
    expect(failed.status(), 'the first POST /api/posts/images').toBe(500);
    const retry = a.page.getByRole('button', { name: 'Retry image 1' });
    await visible(retry, 'Retry on the picture whose upload failed');
    // The failed picture at 1280 and 375 px, in both themes: no serious or critical finding.
    expect(await axeAtEveryLook(a.page, { screenshots: 'composer-upload-failed' })).toEqual([]);
    const uploaded = await replyTo(a.page, 'POST', '/api/posts/images', () => retry.click());
    expect(uploaded.status(), 'POST /api/posts/images again').toBe(201);
    await a.page.getByRole('textbox', { name: 'Alt text for image 1' }).fill(alt);
    // The composer with a picture at 1280 and 375 px, in both themes: no serious or critical finding.
    expect(await axeAtEveryLook(a.page, { screenshots: 'composer-with-picture' })).toEqual([]);
    const posted = await replyTo(a.page, 'POST', '/api/posts', () =>
      a.page.getByRole('button', { name: 'Post', exact: true }).click(),
    );
    expect(posted.status(), 'POST /api/posts').toBe(201);
    const reply = (await posted.json()) as {
      data: { _id: string; tags: string[]; images: { alt: string; urls: typeof imageUrls }[] };
    };
    postId = reply.data._id;
    // The server found the tag in the text; the picture came back re-encoded in its two sizes.
    expect(reply.data.tags, 'the tags the server parsed').toEqual([tag]);
    expect(reply.data.images.map((image) => image.alt)).toEqual([alt]);
    imageUrls = reply.data.images[0]?.urls ?? imageUrls;
    await visible(card(a, original), "A's post on A's feed");
    await visible(card(a, original).getByRole('img', { name: alt }), "the picture on A's card");

    // Nobody but A is told of a connections-only post live: B opens the feed once B's read finds it.
    await until("A's post in B's feed read", async () => {
      const feed = await callFromPage(b.page, 'GET', '/api/posts/feed?limit=10');
      return ((feed.body.data ?? []) as { _id: string }[]).some((one) => one._id === postId);
    });
    await openFeed(b.page);
    await visible(card(b, original), "A's post on B's feed");
    // Only the author has the post's actions.
    expect(await card(b, original).getByRole('button', { name: 'Post actions' }).count()).toBe(0);
    const picture = card(b, original).getByRole('img', { name: alt });
    await visible(picture, "the picture on B's card, named by A's alt text");
    await until("the picture drawn on B's screen", () =>
      picture.evaluate((img) => {
        const drawn = img as unknown as { complete: boolean; naturalWidth: number };
        return drawn.complete && drawn.naturalWidth > 0;
      }),
    );
    // Opened large in a dialog, and closed with Escape, the focus back on the picture.
    await card(b, original).getByRole('button', { name: alt }).click();
    const dialog = b.page.getByRole('dialog', { name: 'Image 1 of 1' });
    await visible(dialog, 'the picture opened large');
    await b.page.keyboard.press('Escape');
    await until('the dialog closed', async () => (await dialog.count()) === 0 || !(await dialog.isVisible()));
    for (const size of ['small', 'large'] as const) {
      const file = await b.page.request.get(`${WEB_URL}${imageUrls[size]}`);
      expect(file.status(), `B reads the ${size} picture`).toBe(200);
      expect(file.headers()['content-type']).toBe('image/webp');
    }

    await openFeed(c.page);
    expect(await card(c, original).count(), "A's post on C's feed").toBe(0);
    expect((await callFromPage(c.page, 'GET', `/api/posts/${postId}`)).status, 'C opens the post').toBe(404);
    const cPicture = await c.page.request.get(`${WEB_URL}${imageUrls.large}`);
    expect(cPicture.status(), "C asks for the post's picture").toBe(404);
  });

  it("B opens the post's tag from its text and follows it", async () => {
    await card(b, original)
      .getByRole('link', { name: `#${tag}`, exact: true })
      .first()
      .click();
    await b.page.waitForURL(`**/feed?tag=${tag}`);
    await visible(b.page.getByRole('heading', { name: `#${tag}` }), "the tag's page");
    await visible(card(b, original), "A's post on the tag's page");
    // The tag's page at 1280 and 375 px, in both themes: no serious or critical axe finding.
    expect(await axeAtEveryLook(b.page, { screenshots: 'tag-page' })).toEqual([]);
    const follow = b.page.getByRole('button', { name: `Follow #${tag}`, exact: true });
    expect(await follow.getAttribute('aria-pressed')).toBe('false');
    const followed = await replyTo(b.page, 'PUT', `/api/tags/${tag}/follow`, () => follow.click());
    expect(followed.status(), 'PUT /api/tags/:tag/follow').toBe(200);
    await until(
      'the toggle pressed',
      async () => (await b.page.getByRole('button', { name: /#/, pressed: true }).count()) === 1,
    );
    const mine = await callFromPage(b.page, 'GET', '/api/users/followed-tags');
    expect((mine.body.data as { tag: string }[]).map((one) => one.tag)).toContain(tag);
    await openFeed(b.page);
  });

  it('A edits the post: both screens show the new text marked "Edited", B\'s without a reload', async () => {
    const bNavigations = b.navigations.length;
    await card(a, original).getByRole('button', { name: 'Post actions' }).click();
    await a.page.getByRole('menuitem', { name: 'Edit' }).click();
    const editor = a.page.getByRole('textbox', { name: 'Edit your post' });
    await visible(editor, 'the post editor');
    expect(await editor.inputValue()).toBe(original);
    // The editor at 1280 and 375 px, in both themes: no serious or critical axe finding.
    expect(await axeAtEveryLook(a.page, { screenshots: 'post-editor' })).toEqual([]);
    await editor.fill(edited);
    const saved = await replyTo(a.page, 'PUT', `/api/posts/${postId}`, () =>
      a.page.getByRole('button', { name: 'Save', exact: true }).click(),
    );
    expect(saved.status(), 'PUT /api/posts/:id').toBe(200);
    await visible(card(a, edited).getByText(/Edited/), '"Edited" on A\'s card');

    await visible(card(b, edited), "the new text on B's card (live)");
    await visible(card(b, edited).getByText(/Edited/), '"Edited" on B\'s card');
    expect(await card(b, original).count(), "the old text on B's screen").toBe(0);
    expect(b.navigations.slice(bNavigations), 'navigations of B during the edit').toEqual([]);
    expect(
      eventsReceived(b, serverEvents.postEdited).some((event) => event.postId === postId),
      'B received post:edited',
    ).toBe(true);
    expect((await callFromPage(c.page, 'GET', `/api/posts/${postId}`)).status, 'C opens it').toBe(404);
  });

  it("B comments and edits the comment; A, the post's author, sees the edit live and deletes it", async () => {
    const bCard = card(b, edited);
    await bCard.getByRole('button', { name: /^Comments, \d+$/ }).click();
    await bCard.getByRole('textbox', { name: 'Write a comment', exact: true }).fill(comment);
    await bCard.getByRole('button', { name: 'Comment', exact: true }).click();
    const comments = (visitor: Visitor) =>
      card(visitor, edited).getByRole('list', { name: 'Comments', exact: true });
    await visible(comments(b).getByText(comment, { exact: true }), "B's comment");

    // The comment on the read side before A opens the list: a list read before it, with the comment's
    // push already gone by while the list was closed, would never show it (a gap noted in the issue).
    await until("B's comment readable by A", async () => {
      const read = await callFromPage(a.page, 'GET', `/api/posts/${postId}`);
      return JSON.stringify(read.body).includes(comment);
    });
    const aCard = card(a, edited);
    await aCard.getByRole('button', { name: /^Comments, \d+$/ }).click();
    await visible(comments(a).getByText(comment, { exact: true }), "B's comment on A's screen");

    await comments(b).getByRole('button', { name: 'Comment actions' }).click();
    await b.page.getByRole('menuitem', { name: 'Edit' }).click();
    const editor = b.page.getByRole('textbox', { name: 'Edit your comment' });
    await editor.fill(editedComment);
    await comments(b).getByRole('button', { name: 'Save', exact: true }).click();
    await visible(comments(b).getByText(editedComment, { exact: true }), "B's edited comment");
    await visible(
      comments(a).getByText(editedComment, { exact: true }),
      "B's edited comment on A's screen (live)",
    );
    await visible(comments(a).getByText(/Edited/), '"Edited" on the comment on A\'s screen');

    // A may delete a comment under A's own post, though A did not write it.
    a.page.once('dialog', (dialog) => void dialog.accept());
    await comments(a).getByRole('button', { name: 'Comment actions' }).click();
    await a.page.getByRole('menuitem', { name: 'Delete' }).click();
    await until(
      "B's comment gone from A's screen",
      async () => (await comments(a).getByText(editedComment).count()) === 0,
    );
    await until(
      "B's comment gone from B's screen (live)",
      async () => (await card(b, edited).getByText(editedComment).count()) === 0,
    );
    await until(
      "B's count back to 0",
      async () =>
        (await bCard.getByRole('button', { name: /^Comments, \d+$/ }).getAttribute('aria-label')) ===
        'Comments, 0',
    );
  });

  it('A deletes the post after saying yes: it leaves both screens, and nobody can open it', async () => {
    let asked = '';
    a.page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.dismiss();
    });
    await card(a, edited).getByRole('button', { name: 'Post actions' }).click();
    await a.page.getByRole('menuitem', { name: 'Delete' }).click();
    await until('the question', () => asked !== '');
    expect(asked).toBe('Delete this post? Its likes and comments go with it. This cannot be undone.');
    expect(await card(a, edited).count(), 'the post kept after "Cancel"').toBe(1);

    a.page.once('dialog', (dialog) => void dialog.accept());
    await card(a, edited).getByRole('button', { name: 'Post actions' }).click();
    const deleted = await replyTo(a.page, 'DELETE', `/api/posts/${postId}`, () =>
      a.page.getByRole('menuitem', { name: 'Delete' }).click(),
    );
    expect(deleted.status(), 'DELETE /api/posts/:id').toBe(200);
    await until("the post gone from A's feed", async () => (await card(a, edited).count()) === 0);
    await until("the post gone from B's feed (live)", async () => (await card(b, edited).count()) === 0);
    for (const visitor of [a, b]) {
      await until('GET /api/posts/:id answers 404', async () => {
        return (await callFromPage(visitor.page, 'GET', `/api/posts/${postId}`)).status === 404;
      });
      await until('its picture answers 404', async () => {
        return (await visitor.page.request.get(`${WEB_URL}${imageUrls.small}`)).status() === 404;
      });
    }
  });
});
