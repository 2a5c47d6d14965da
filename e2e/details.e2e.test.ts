/**
 * Small things a browser shows and jsdom cannot: one person on the feed and on Post a Job. Enter on
 * Like keeps the focus on it; a 5,001-character paste stays whole, says the limit and Post sends
 * nothing; a long post folds behind "See more"; an Arabic post reads right to left; a half-filled Post
 * a Job asks before it is left for the Dashboard, and before the tab is closed.
 */
import { randomUUID } from 'node:crypto';
import { unsavedChangesMessages } from '@careers/contracts/messages';
import type { Browser, Dialog, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepScreenshot, launchBrowser } from './browser.ts';
import {
  at,
  closeVisitors,
  openVisitor,
  registerVisitor,
  replyTo,
  until,
  type Visitor,
  visible,
} from './browser-steps.ts';
import { WEB_URL } from './topology.ts';

function composer(page: Page): Locator {
  return page.getByRole('textbox', { name: "What's on your mind?", exact: true });
}

function card(page: Page, text: string): Locator {
  return page.getByRole('article').filter({ hasText: text });
}

/** Whether `locator` has the page's focus. */
function focused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === element.ownerDocument.activeElement);
}

/** Publishes `content` through the composer and waits for its card. */
async function publish(page: Page, content: string, shown: string): Promise<Locator> {
  await composer(page).fill(content);
  const reply = await replyTo(page, 'POST', '/api/posts', () =>
    page.getByRole('button', { name: 'Post', exact: true }).click(),
  );
  expect(reply.status(), 'POST /api/posts').toBe(201);
  const post = card(page, shown);
  await visible(post, `the post starting "${shown}"`);
  return post;
}

describe('details in a browser: focus, limits, long posts, direction, unsaved changes', () => {
  const tag = randomUUID().slice(0, 8);
  let browser: Browser;
  let dana: Visitor;
  /** Every POST /api/posts the page sent. */
  const postsSent: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    dana = await openVisitor(browser, 'Dana', 'Details');
    await registerVisitor(dana, { password: 'details-e2e-password', accountType: 'employer' });
    dana.page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/posts')
        postsSent.push(request.url());
    });
    await dana.page.goto(`${WEB_URL}/feed`);
    await visible(dana.page.getByRole('heading', { name: 'Feed', exact: true, level: 1 }), 'the feed');
  });
  afterAll(() => closeVisitors(browser, { details: dana }));

  it('Enter on Like, then Space: the focus stays on the button', async () => {
    const { page } = dana;
    const post = await publish(page, `Liked from the keyboard ${tag}`, `Liked from the keyboard ${tag}`);
    const like = post.getByRole('button', { name: /^Like, \d+$/ });

    await like.focus();
    await page.keyboard.press('Enter');
    await until('the like to be sent and settled', async () => {
      return (
        (await like.getAttribute('aria-pressed')) === 'true' &&
        (await like.getAttribute('aria-disabled')) === null
      );
    });
    expect(await focused(like), 'Like focused after Enter').toBe(true);

    await page.keyboard.press('Space');
    await until('the like to be taken back', async () => {
      return (
        (await like.getAttribute('aria-pressed')) === 'false' &&
        (await like.getAttribute('aria-disabled')) === null
      );
    });
    expect(await focused(like), 'Like focused after Space').toBe(true);
  });

  it('a 5,001-character paste stays whole, shows the limit, and Post sends nothing until it is shortened', async () => {
    const { page } = dana;
    const box = composer(page);
    await box.click();
    const before = postsSent.length;

    // Typed text arrives as a paste does: maxLength, had it stayed, would have cut it here.
    await page.keyboard.insertText(`${tag} ${'a'.repeat(4992)}`);

    expect((await box.inputValue()).length, 'characters in the composer').toBe(5001);
    const limit = page.getByText('Posts can be at most 5,000 characters. Remove 1 to post.', { exact: true });
    await visible(limit, 'the limit message');
    expect(await box.getAttribute('aria-invalid')).toBe('true');
    expect(await box.getAttribute('aria-describedby')).toBe(await limit.getAttribute('id'));
    // Playwright's click waits for an enabled button, and this one says it is not: press it instead.
    await page.getByRole('button', { name: 'Post', exact: true }).focus();
    await page.keyboard.press('Enter');
    await until('the focus back in the composer', () => focused(box));

    await page.keyboard.press('Backspace');
    await visible(page.getByText('0 characters left', { exact: true }), '"0 characters left"');
    const reply = await replyTo(page, 'POST', '/api/posts', () =>
      page.getByRole('button', { name: 'Post', exact: true }).click(),
    );
    expect(reply.status(), 'POST /api/posts of 5,000 characters').toBe(201);
    // Requests go out in order: had the first Post sent anything, there would be two.
    expect(postsSent.length - before, 'POST /api/posts sent').toBe(1);
  });

  it('a long post shows its start with "See more", which unfolds it and becomes "See less"', async () => {
    const { page } = dana;
    const content = `Notes from the ledger rewrite ${tag}. ${'We moved one table at a time and kept both paths. '.repeat(14)}`;
    const post = await publish(page, content, `Notes from the ledger rewrite ${tag}`);
    const text = post.locator('.post-content');
    const toggle = post.getByRole('button', { name: 'See more', exact: true });

    await visible(toggle, '"See more"');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    const folded = (await text.textContent()) ?? '';
    expect(folded.endsWith('…'), 'the folded text ends with an ellipsis').toBe(true);
    expect(folded.length).toBeLessThan(content.trim().length);

    await toggle.click();
    const less = post.getByRole('button', { name: 'See less', exact: true });
    await visible(less, '"See less"');
    expect(await less.getAttribute('aria-expanded')).toBe('true');
    expect(await text.textContent()).toBe(content.trim());
    await keepScreenshot(page, 'details-see-more', { fullPage: true });

    await less.click();
    await visible(post.getByRole('button', { name: 'See more', exact: true }), '"See more" again');
    expect(await text.textContent()).toBe(folded);
  });

  it('an Arabic post is written right to left (dir="auto")', async () => {
    const { page } = dana;
    const arabic = `مرحبا بالجميع، بدأت عملا جديدا اليوم ${tag}`;
    const post = await publish(page, arabic, arabic);
    const text = post.locator('.post-content');

    expect(await text.getAttribute('dir')).toBe('auto');
    expect(
      await text.evaluate(
        (element) => element.ownerDocument.defaultView?.getComputedStyle(element).direction,
      ),
    ).toBe('rtl');
  });

  it('a half-filled Post a Job asks before the Dashboard link and before the tab closes', async () => {
    const { page } = dana;
    const dialogs: Array<[string, string]> = [];
    let answer: 'accept' | 'dismiss' = 'dismiss';
    const answerDialog = (dialog: Dialog) => {
      dialogs.push([dialog.type(), dialog.message()]);
      void (answer === 'accept' ? dialog.accept() : dialog.dismiss());
    };
    page.on('dialog', answerDialog);
    try {
      await page
        .getByRole('navigation', { name: 'Quick Actions' })
        .getByRole('link', { name: 'Post a Job' })
        .click();
      await at(page, '/jobs/post');
      const title = page.getByLabel('Job title', { exact: true });
      await title.click();
      await page.keyboard.type('Half a job');

      const dashboard = page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Dashboard' });
      await dashboard.click();
      await until('the confirm to be asked', () => dialogs.length === 1);
      expect(dialogs[0]).toEqual(['confirm', unsavedChangesMessages.leavePage]);
      expect(new URL(page.url()).pathname, 'still on Post a Job after Cancel').toBe('/jobs/post');
      expect(await title.inputValue()).toBe('Half a job');

      // Closing the tab runs beforeunload: the browser asks; dismissed, the page stays.
      await page.close({ runBeforeUnload: true });
      await until('the browser to ask before closing', () => dialogs.length === 2);
      expect(dialogs[1]?.[0]).toBe('beforeunload');
      expect(page.isClosed()).toBe(false);

      answer = 'accept';
      await dashboard.click();
      await at(page, '/dashboard');
      expect(dialogs.map(([type]) => type)).toEqual(['confirm', 'beforeunload', 'confirm']);
    } finally {
      page.off('dialog', answerDialog);
    }
  });
});
