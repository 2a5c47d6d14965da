/**
 * One person, two tabs, one truth, in Chromium: a like in tab 1 turns the heart in tab 2 (not only the
 * count), a post written in tab 1 appears first in tab 2's feed, and a theme saved in tab 1 is tab 2's
 * theme, each without a reload.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import {
  callFromPage,
  closeVisitors,
  newPage,
  openVisitor,
  registerVisitor,
  until,
  type Visitor,
  visible,
} from './browser-steps.ts';
import { WEB_URL } from './topology.ts';

async function openFeed(page: Page): Promise<void> {
  await page.goto(`${WEB_URL}/feed`);
  await visible(page.getByRole('heading', { name: 'Feed', exact: true, level: 1 }), 'the feed');
}

describe('one person in two tabs', () => {
  const run = randomUUID().slice(0, 8);
  const shared = `On both tabs ${run}`;
  let browser: Browser;
  let person: Visitor;
  let first: Page;
  let second: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    person = await openVisitor(browser, 'Ada', 'Lovelace');
    await registerVisitor(person, { password: 'two-tabs-password', accountType: 'job_seeker' });
    const post = await callFromPage(person.page, 'POST', '/api/posts', {
      content: shared,
      type: 'text',
      category: 'Career',
      visibility: 'public',
    });
    expect(post.status, 'POST /api/posts').toBe(201);
    first = person.page;
    // The same browser context: the same cookies, a second tab.
    second = await newPage(person.context, person.journal);
    await openFeed(first);
    await openFeed(second);
    await visible(second.getByRole('article').filter({ hasText: shared }), 'the post in tab 2');
  }, 60_000);
  afterAll(async () => {
    await second?.close();
    await closeVisitors(browser, { tabs: person });
  });

  it("a like in tab 1 turns tab 2's heart and count", async () => {
    const likeIn = (page: Page) =>
      page
        .getByRole('article')
        .filter({ hasText: shared })
        .getByRole('button', { name: /^Like, \d+$/ });
    await likeIn(first).click();
    await until("tab 2's heart", async () => (await likeIn(second).getAttribute('aria-pressed')) === 'true');
    expect(await likeIn(second).getAttribute('aria-label')).toBe('Like, 1');

    await likeIn(first).click();
    await until(
      "tab 2's heart to clear",
      async () => (await likeIn(second).getAttribute('aria-pressed')) === 'false',
    );
    expect(await likeIn(second).getAttribute('aria-label')).toBe('Like, 0');
  });

  it("a post written in tab 1 appears first in tab 2's feed", async () => {
    const content = `Written in tab 1 ${run}`;
    await first.getByRole('textbox', { name: "What's on your mind?" }).fill(content);
    await first.getByRole('button', { name: 'Post', exact: true }).click();
    await visible(second.getByRole('article').filter({ hasText: content }), 'the new post in tab 2');
    const firstCard = await second.getByRole('article').first().textContent();
    expect(firstCard).toContain(content);
  });

  it("a theme saved in tab 1 is tab 2's theme", async () => {
    const theme = () => second.evaluate<string | undefined>('document.documentElement.dataset.theme');
    const before = await theme();
    const me = await callFromPage(first, 'GET', '/api/auth/me');
    const settings = (me.body.user as { appearanceSettings: Record<string, string> }).appearanceSettings;
    const wanted = before === 'dark' ? 'light' : 'dark';
    const saved = await callFromPage(first, 'PUT', '/api/users/appearance', { ...settings, theme: wanted });
    expect(saved.status, 'PUT /api/users/appearance').toBe(200);
    await until("tab 2's theme", async () => (await theme()) === wanted);
  });
});
