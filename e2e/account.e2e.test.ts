/**
 * A person's data in Chromium, from sign-up to erasure: Mary signs up and posts, downloads her data from
 * Settings > Account (the file holds her post and her email), tries to delete the account with a wrong
 * password (told so under the field, still signed in), then with hers: she lands on the sign-in screen
 * with the message, cannot sign in again, and the same email can be registered anew. axe-core checks the
 * Account tab, its open question and the sign-in screen with the message at 1280 and 375 px in both
 * themes. What the page saw is kept next to the screenshots, to read when a step fails.
 */

import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { AccountExport } from '@careers/contracts/api/account-export';
import { accountMessages, authMessages } from '@careers/contracts/messages';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepScreenshot, launchBrowser } from './browser.ts';
import {
  at,
  axeAtEveryLook,
  closeVisitors,
  openVisitor,
  registerThroughForm,
  replyTo,
  until,
  type Visitor,
  visible,
} from './browser-steps.ts';
import { WEB_URL } from './topology.ts';

let browser: Browser;
let mary: Visitor;
const password = 'analytical-1834';
const content = `Mechanism of the heavens, ${randomUUID().slice(0, 8)}`;

/** axe-core's serious and critical findings on each screen as this test fills it. */
const axeFindings: Record<string, string[]> = {};

async function checkAxe(screen: string): Promise<void> {
  // The pointer is left where the last click was, maybe over a button of the new screen: moved away, no
  // hover transition starts or is cut short while the checks resize the page and switch its theme.
  await mary.page.mouse.move(0, 0);
  await until(
    'the screen to settle',
    async () => (await mary.page.evaluate<number>('document.getAnimations().length')) === 0,
  );
  axeFindings[screen] = await axeAtEveryLook(mary.page, { screenshots: `account-${screen}` });
}

const shot = (name: string) => keepScreenshot(mary.page, `account-${name}`, { fullPage: true });

beforeAll(async () => {
  browser = await launchBrowser();
  mary = await openVisitor(browser, 'Mary', 'Somerville');
});
afterAll(() => closeVisitors(browser, { account: mary }));

describe('my data in the browser: export, then delete the account', () => {
  it('signs up and posts', async () => {
    await registerThroughForm(mary.page, { ...mary, password, accountType: 'job_seeker' });
    await mary.page.goto(`${WEB_URL}/feed`);
    const composer = mary.page.getByRole('textbox', { name: "What's on your mind?", exact: true });
    await visible(composer, 'the composer');
    await composer.fill(content);
    const reply = await replyTo(mary.page, 'POST', '/api/posts', () =>
      mary.page.getByRole('button', { name: 'Post', exact: true }).click(),
    );
    expect(reply.status(), 'POST /api/posts').toBe(201);
    await visible(mary.page.getByRole('article').filter({ hasText: content }), 'the new post in the feed');
  });

  it('downloads her data from Settings > Account: a JSON file with her post and her email', async () => {
    const { page } = mary;
    await page.goto(`${WEB_URL}/settings`);
    await visible(page.getByRole('heading', { name: 'Settings', exact: true, level: 1 }));
    await page.getByRole('tab', { name: accountMessages.tabLabel, exact: true }).click();
    const panel = page.getByRole('tabpanel', { name: accountMessages.tabLabel, exact: true });
    await visible(panel.getByRole('heading', { name: accountMessages.exportTitle, exact: true }));
    await checkAxe('tab');

    const [download, reply] = await Promise.all([
      page.waitForEvent('download'),
      replyTo(page, 'POST', '/api/auth/export', () =>
        panel.getByRole('button', { name: accountMessages.exportButton, exact: true }).click(),
      ),
    ]);
    expect(reply.status(), 'POST /api/auth/export').toBe(200);
    expect(reply.headers()['content-disposition']).toMatch(
      /^attachment; filename="careers-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(download.suggestedFilename()).toMatch(/^careers-export-\d{4}-\d{2}-\d{2}\.json$/);
    const file = AccountExport.parse(JSON.parse(await readFile(await download.path(), 'utf8')));
    expect(file.user).toMatchObject({ email: mary.email, firstName: 'Mary', lastName: 'Somerville' });
    expect(file.posts.map((post) => post.content)).toEqual([content]);
    expect(file.events.map((event) => event.type)).toEqual(
      expect.arrayContaining(['UserRegistered', 'PostCreated']),
    );
    expect(JSON.stringify(file)).not.toContain('pii1.');
    // The button is back for another try; nothing went wrong.
    await visible(panel.getByRole('button', { name: accountMessages.exportButton, exact: true }));
    expect(await panel.getByRole('alert').count()).toBe(0);
  });

  it('refuses a wrong password under the field, and she stays signed in', async () => {
    const { page } = mary;
    const panel = page.getByRole('tabpanel', { name: accountMessages.tabLabel, exact: true });
    await panel.getByRole('button', { name: accountMessages.deleteButton, exact: true }).click();
    const field = page.getByLabel(accountMessages.deleteConfirmLabel, { exact: true });
    await visible(field, 'the password question');
    // Opening the question puts the focus in its field.
    const focused = await page.evaluate<string | undefined>('document.activeElement?.id');
    expect(focused).toBe(await field.getAttribute('id'));
    await checkAxe('question');

    await field.fill('not-my-password');
    const reply = await replyTo(page, 'DELETE', '/api/auth/account', () =>
      page.getByRole('button', { name: accountMessages.deleteConfirmButton, exact: true }).click(),
    );
    expect(reply.status(), 'DELETE /api/auth/account with a wrong password').toBe(400);
    await visible(page.getByText(accountMessages.passwordIncorrect, { exact: true }), 'the refusal');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await shot('wrong-password');
    expect(new URL(page.url()).pathname).toBe('/settings');
    await visible(page.getByRole('button', { name: 'Logout', exact: true }), 'the signed-in top bar');
  });

  it('deletes the account with her password: on /login with the message, her sign-in refused', async () => {
    const { page } = mary;
    const field = page.getByLabel(accountMessages.deleteConfirmLabel, { exact: true });
    await field.fill(password);
    const reply = await replyTo(page, 'DELETE', '/api/auth/account', () =>
      page.getByRole('button', { name: accountMessages.deleteConfirmButton, exact: true }).click(),
    );
    expect(reply.status(), 'DELETE /api/auth/account').toBe(200);
    await at(page, '/login');
    await visible(
      page.getByRole('status').filter({ hasText: accountMessages.deleted }),
      'the deleted message',
    );
    await checkAxe('deleted');

    await page.getByLabel('Email', { exact: true }).fill(mary.email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    const signIn = await replyTo(page, 'POST', '/api/auth/login', () =>
      page.getByRole('button', { name: 'Sign in', exact: true }).click(),
    );
    expect(signIn.status(), 'signing in to the deleted account').toBe(400);
    await visible(page.getByRole('alert').filter({ hasText: authMessages.invalidCredentials }));
    expect(new URL(page.url()).pathname).toBe('/login');
    await shot('sign-in-refused');
  });

  it('lets the same email register again, as a new account', async () => {
    await registerThroughForm(mary.page, {
      ...mary,
      first: 'Mary',
      password: 'second-life-1872',
      accountType: 'employer',
    });
    await shot('registered-again');
  });

  it('has no serious or critical axe-core finding on any screen, at 1280 and 375 px, in both themes', () => {
    expect(Object.keys(axeFindings).sort()).toEqual(['deleted', 'question', 'tab']);
    expect(axeFindings).toEqual({ deleted: [], question: [], tab: [] });
  });
});
