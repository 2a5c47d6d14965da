/**
 * Offline, said plainly and nothing sent behind the person's back, in Chromium: with the browser
 * offline the banner says so; Post fails visibly and keeps the text; a like goes back to what it was;
 * Jobs shows its error instead of loading forever. Back online the banner goes, and nothing that was
 * tried offline is sent afterwards: the server never sees the post.
 */
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import {
  axeAtEveryLook,
  callFromPage,
  closeVisitors,
  openVisitor,
  registerVisitor,
  until,
  type Visitor,
  visible,
  WAIT,
} from './browser-steps.ts';
import { WEB_URL } from './topology.ts';

const OFFLINE_TEXT = "You're offline. Changes will not be sent until you're back online.";

describe('offline in the browser: said, refused, and never sent later', () => {
  const run = randomUUID().slice(0, 8);
  const earlier = `Posted while online ${run}`;
  const heldBack = `Written while offline ${run}`;
  let browser: Browser;
  let person: Visitor;
  /** Commands the page sent (method and path), from the moment the browser goes offline. */
  const commandsSent: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    person = await openVisitor(browser, 'Grace', 'Hopper');
    await registerVisitor(person, { password: 'offline-e2e-password', accountType: 'job_seeker' });
    const post = await callFromPage(person.page, 'POST', '/api/posts', {
      content: earlier,
      type: 'text',
      category: 'Career',
      visibility: 'public',
    });
    expect(post.status, 'POST /api/posts').toBe(201);
  }, 60_000);
  afterAll(() => closeVisitors(browser, { offline: person }));

  it('says so when the browser goes offline', async () => {
    const { page, context } = person;
    await page.goto(`${WEB_URL}/feed`);
    await visible(page.getByRole('article').filter({ hasText: earlier }), 'the earlier post');
    page.on('request', (request) => {
      // The API's commands (the live connection's own polling is not one).
      const path = new URL(request.url()).pathname;
      if (request.method() !== 'GET' && path.startsWith('/api/'))
        commandsSent.push(`${request.method()} ${path}`);
    });
    await context.setOffline(true);
    await visible(page.getByText(OFFLINE_TEXT, { exact: true }), 'the offline banner');
    // The feed with the banner at 1280 and 375 px, in both themes: no serious or critical axe finding.
    expect(await axeAtEveryLook(page, { screenshots: 'offline-banner' })).toEqual([]);
  });

  it('fails Post at once and keeps the text; a like goes back to what it was', async () => {
    const { page } = person;
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    const composer = page.getByRole('textbox', { name: "What's on your mind?" });
    await composer.fill(heldBack);
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await until('the failure to be said', () => alerts.length > 0);
    expect(alerts).toEqual(['Failed to create post. Please try again.']);
    expect(await composer.inputValue(), 'the text kept').toBe(heldBack);
    await visible(page.getByRole('button', { name: 'Post', exact: true }), 'Post, not "Posting..."');

    const like = page
      .getByRole('article')
      .filter({ hasText: earlier })
      .getByRole('button', { name: /^Like, \d+$/ });
    await like.click();
    await until('the like to go back', async () => (await like.getAttribute('aria-label')) === 'Like, 0');
    expect(await like.getAttribute('aria-pressed'), 'not liked').toBe('false');
  });

  it('says Jobs could not be loaded offline, not "Loading..." for as long as the network is down', async () => {
    const { page } = person;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Jobs' }).click();
    await visible(
      page.getByText(
        "You're offline, so this page could not be loaded. It loads again once you're back online.",
        {
          exact: true,
        },
      ),
      'the offline page message',
    );
    expect(await page.getByText('Loading...', { exact: true }).count()).toBe(0);
  });

  it('back online: the banner goes, Jobs loads by itself, and nothing tried offline is sent', async () => {
    const { page, context } = person;
    await context.setOffline(false);
    await page.getByText(OFFLINE_TEXT, { exact: true }).waitFor({ state: 'detached', timeout: WAIT });
    await visible(page.getByRole('heading', { name: 'Find Jobs', level: 1 }), 'the jobs screen');
    // Time for anything held back to go out, which it must not.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(commandsSent, 'commands sent since going offline').toEqual([]);
    const mine = await callFromPage(page, 'GET', '/api/posts/my/posts');
    const contents = (mine.body.data as { content: string }[]).map((post) => post.content);
    expect(contents).toContain(earlier);
    expect(contents).not.toContain(heldBack);
  });
});
