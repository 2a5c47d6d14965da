/**
 * Focus and recovery in Chromium: a malformed feed reply is caught by the route's error boundary
 * inside the shell and "Try again" recovers; focus after posting stays on the composer; a signed-out
 * visit to a protected page lands there after signing in; every screen has its own tab title.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepScreenshot, launchBrowser } from './browser.ts';
import { at, keepJournal, newPage, replyTo, visible, WAIT } from './browser-steps.ts';
import { WEB_URL } from './topology.ts';

const first = 'Katherine';
const last = 'Johnson';
const email = `katherine.${randomUUID().slice(0, 8)}@example.com`;
const password = 'trajectory-1962';

let browser: Browser;
let context: BrowserContext;
let page: Page;
const journal: string[] = [];

async function shot(target: Page, name: string): Promise<void> {
  await keepScreenshot(target, `recovery-${name}`);
}

/** The signed-in shell around the screen: the top bar with the user's name, and the sidebar. */
async function expectShell(target: Page): Promise<void> {
  await visible(target.getByRole('banner').getByText(`${first} ${last}`, { exact: true }));
  await visible(target.getByRole('navigation', { name: 'Main' }));
}

async function expectTitle(target: Page, title: string): Promise<void> {
  let seen = '';
  const deadline = Date.now() + WAIT;
  while (Date.now() < deadline) {
    seen = await target.title();
    if (seen === title) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the title of ${target.url()} reads ${JSON.stringify(seen)}, not ${JSON.stringify(title)}`);
}

/** What has focus, described: its tag, accessible label and whether it sits in the composer or a post. */
function focused(target: Page): Promise<{ tag: string; label: string | null; inArticle: boolean }> {
  // Evaluated in the page as text: this package is type-checked without the DOM library.
  return target.evaluate(`(() => {
    const element = document.activeElement;
    return {
      tag: element ? element.tagName : 'NONE',
      label: element ? element.getAttribute('aria-label') : null,
      inArticle: Boolean(element && element.closest('article')),
    };
  })()`);
}

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await newPage(context, journal);

  await page.goto(`${WEB_URL}/register`);
  await visible(page.getByRole('heading', { name: 'Create your account', exact: true }));
  await page.getByLabel('First name', { exact: true }).fill(first);
  await page.getByLabel('Last name', { exact: true }).fill(last);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  await page.getByLabel('Account type', { exact: true }).selectOption('job_seeker');
  const reply = await replyTo(page, 'POST', '/api/auth/register', () =>
    page.getByRole('button', { name: 'Create account', exact: true }).click(),
  );
  expect(reply.status(), `registering ${email}`).toBe(201);
  await at(page, '/dashboard');
});

afterAll(async () => {
  keepJournal('recovery', journal);
  await context?.close();
  await browser?.close();
});

describe('recovery in Chromium', () => {
  it('titles each screen "{page} | JobConnect"', async () => {
    await expectTitle(page, 'Dashboard | JobConnect');
    for (const [path, title] of [
      ['/feed', 'Feed | JobConnect'],
      ['/settings', 'Settings | JobConnect'],
      ['/jobs', 'Jobs | JobConnect'],
      ['/connections', 'Connections | JobConnect'],
    ] as const) {
      await page.goto(`${WEB_URL}${path}`);
      await expectShell(page);
      await expectTitle(page, title);
    }
    // Moving through the sidebar (no page load) changes it too.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Dashboard', exact: true })
      .click();
    await at(page, '/dashboard');
    await expectTitle(page, 'Dashboard | JobConnect');

    const visitor = await newPage(await browser.newContext(), journal);
    try {
      await visitor.goto(`${WEB_URL}/login`);
      await visible(visitor.getByRole('heading', { name: 'Welcome back', exact: true }));
      await expectTitle(visitor, 'Sign in | JobConnect');
      await visitor.getByRole('link', { name: 'Create one', exact: true }).click();
      await visible(visitor.getByRole('heading', { name: 'Create your account', exact: true }));
      await expectTitle(visitor, 'Create account | JobConnect');
    } finally {
      await visitor.context().close();
    }
  });

  it('catches a malformed feed reply in the route error boundary, keeps the shell, and recovers on "Try again"', async () => {
    // One post with nothing but an id: the client types replies but does not parse them.
    const malformed = JSON.stringify({
      data: [{ _id: 'malformed-post' }],
      pagination: { currentPage: 1, totalPages: 1, totalPosts: 1, hasNext: false, hasPrev: false },
    });
    await page.route('**/api/posts/feed**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: malformed }),
    );
    const consoleErrors = journal.length;
    try {
      await page.goto(`${WEB_URL}/feed`);
      const message = page.getByRole('heading', {
        name: 'Something went wrong on this page',
        exact: true,
        level: 1,
      });
      await visible(message);
      await expectShell(page);
      await visible(page.getByRole('button', { name: 'Try again', exact: true }));
      expect(
        await page.getByRole('link', { name: 'Go to the dashboard', exact: true }).getAttribute('href'),
      ).toBe('/dashboard');
      const text = (await page.locator('body').textContent()) ?? '';
      expect(text).not.toContain('Unexpected Application Error');
      expect(text).not.toMatch(/TypeError|\bat \w+ \(|\.tsx?:\d+/);
      expect(
        journal.slice(consoleErrors).some((line) => line.includes('console: A screen failed to render')),
        'the error is logged to the console',
      ).toBe(true);
      await shot(page, 'error-boundary');
    } finally {
      await page.unroute('**/api/posts/feed**');
    }

    await replyTo(page, 'GET', '/api/posts/feed', () =>
      page.getByRole('button', { name: 'Try again', exact: true }).click(),
    );
    await visible(page.getByRole('heading', { name: 'Feed', exact: true, level: 1 }));
    await visible(page.getByText('No posts yet', { exact: true }).or(page.getByRole('article').first()));
    expect(await page.getByRole('heading', { name: 'Something went wrong on this page' }).count()).toBe(0);
    await expectShell(page);
  });

  it('keeps focus on the composer after posting with the keyboard, with the new post first', async () => {
    const content = `Focus stays where the work is ${randomUUID().slice(0, 8)}`;
    await page.goto(`${WEB_URL}/feed`);
    await visible(page.getByRole('heading', { name: 'Feed', exact: true, level: 1 }));
    const composer = page.getByRole('textbox', { name: "What's on your mind?", exact: true });
    await composer.fill(content);
    // Past Add images and who can see the post (Everyone), to Post.
    await composer.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'BUTTON' });
    expect(await page.evaluate('document.activeElement.textContent')).toContain('Add images');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'SELECT' });
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'BUTTON' });

    const reply = await replyTo(page, 'POST', '/api/posts', () => page.keyboard.press('Enter'));
    expect(reply.status(), 'POST /api/posts').toBe(201);
    await visible(page.getByRole('article').filter({ hasText: content }));
    expect(await page.getByRole('article').first().textContent()).toContain(content);
    expect(await composer.inputValue()).toBe('');

    const after = await focused(page);
    const onComposer = after.tag === 'TEXTAREA' && after.label === "What's on your mind?";
    expect(onComposer || after.inArticle, `focus after posting is on ${JSON.stringify(after)}`).toBe(true);
    await shot(page, 'focus-after-post');
  });

  it('returns to the page asked for after signing in: /settings signed out, /login, then /settings', async () => {
    const visitorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const visitor = await newPage(visitorContext, journal);
    try {
      await visitor.goto(`${WEB_URL}/settings`);
      await at(visitor, '/login');
      await visible(visitor.getByRole('heading', { name: 'Welcome back', exact: true }));
      await visitor.getByLabel('Email', { exact: true }).fill(email);
      await visitor.getByLabel('Password', { exact: true }).fill(password);
      const reply = await replyTo(visitor, 'POST', '/api/auth/login', () =>
        visitor.getByRole('button', { name: 'Sign in', exact: true }).click(),
      );
      expect(reply.status()).toBe(200);

      await at(visitor, '/settings');
      await visible(visitor.getByRole('heading', { name: 'Settings', exact: true, level: 1 }));
      await expectShell(visitor);
      await expectTitle(visitor, 'Settings | JobConnect');
      await shot(visitor, 'returned-to-settings');
    } finally {
      await visitorContext.close();
    }
  });

  it('met no server error and no uncaught page error on the way', () => {
    expect(journal.filter((line) => / -> 5\d\d$| page error: /.test(line))).toEqual([]);
  });
});
