/**
 * The mail, as people meet it: Grace asks Alan to connect; the mail reaches Alan's inbox (the local
 * Mailpit, read through its API) naming her, with a link to his pending requests. Alan follows its
 * "Unsubscribe from these emails" link in a browser where he is not signed in, presses Unsubscribe,
 * and then finds "Connection requests" off in his settings, where he also chooses job alerts by mail as
 * they come.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import {
  axeAtEveryLook,
  callFromPage,
  closeVisitors,
  newPage,
  registeredJobSeekers,
  until,
  userIdOf,
  type Visitor,
  visible,
} from './browser-steps.ts';
import { WEB_URL } from './topology.ts';

const MAILPIT = process.env.MAILPIT_URL ?? 'http://127.0.0.1:8025';

interface Arrived {
  ID: string;
  Subject: string;
}
async function inbox(email: string): Promise<Arrived[]> {
  const url = `${MAILPIT}/api/v1/search?query=${encodeURIComponent(`to:"${email}"`)}`;
  return ((await (await fetch(url)).json()) as { messages: Arrived[] }).messages;
}

describe('a connection request by mail, and its one-click unsubscribe', () => {
  let browser: Browser;
  let grace: Visitor;
  let alan: Visitor;
  let unsubscribeLink = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    [grace, alan] = (await registeredJobSeekers(browser, 'mail', [
      ['Grace', 'Hopper'],
      ['Alan', 'Turing'],
    ])) as [Visitor, Visitor];
  }, 90_000);
  afterAll(() => closeVisitors(browser, { 'mail-grace': grace, 'mail-alan': alan }));

  it("Grace's request reaches Alan's inbox once, naming her, with its link", async () => {
    const asked = await callFromPage(grace.page, 'POST', `/api/users/${await userIdOf(alan)}/connect`);
    expect(asked.status).toBe(201);
    let mails: Arrived[] = [];
    await until("the mail in Alan's inbox", async () => {
      mails = await inbox(alan.email);
      return mails.length > 0;
    });
    expect(mails.map((m) => m.Subject)).toEqual(['Grace Hopper wants to connect with you']);
    const mail = (await (await fetch(`${MAILPIT}/api/v1/message/${mails[0]?.ID}`)).json()) as {
      HTML: string;
    };
    expect(mail.HTML).toContain(`href="${WEB_URL}/connections?tab=pending"`);
    unsubscribeLink = /href="([^"]*\/unsubscribe\/[^"]+)"/.exec(mail.HTML)?.[1] ?? '';
    expect(unsubscribeLink.startsWith(`${WEB_URL}/unsubscribe/`)).toBe(true);
  });

  it('Alan, signed out, unsubscribes from the link, and finds the setting off when he signs in', async () => {
    const context = await browser.newContext();
    const journal: string[] = [];
    const page = await newPage(context, journal);
    try {
      await page.goto(unsubscribeLink);
      await visible(page.getByText('Stop emails for “Connection requests”?'), 'the question');
      expect(await axeAtEveryLook(page, { screenshots: 'unsubscribe' })).toEqual([]);
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await visible(
        page.getByText('Done: “Connection requests” is now off. You will get no more of these emails.'),
        'the answer',
      );
    } finally {
      await context.close();
    }

    const toggle = alan.page.getByRole('switch', { name: 'Connection requests' });
    await until('the setting off in Settings', async () => {
      await alan.page.goto(`${WEB_URL}/settings?tab=notifications`);
      await visible(toggle, 'the Connection requests toggle');
      return !(await toggle.isChecked());
    });
    expect(await alan.page.getByRole('switch', { name: 'Email notifications' }).isChecked()).toBe(true);
  });

  it('Alan chooses job alerts as they come instead of the daily digest', async () => {
    const page = alan.page;
    const daily = page.getByRole('radio', { name: 'Daily digest, at 8:00 in your time zone' });
    await visible(daily, 'the daily digest choice');
    // The choices show (disabled, none chosen) while the saved one loads.
    await until('the daily digest chosen, as saved', () => daily.isChecked());
    expect(await axeAtEveryLook(page, { screenshots: 'settings-notifications' })).toEqual([]);
    await page.getByRole('radio', { name: 'As they come' }).check();
    await visible(page.getByText('Job alert emails updated'), 'the saved choice');
    // The read side has it once the projector applied the choice (a raw read carries no consistency token).
    await until('the choice on the read side', async () => {
      const saved = await callFromPage(page, 'GET', '/api/users/mail-preferences');
      return JSON.stringify(saved.body) === JSON.stringify({ data: { jobAlertEmails: 'instant' } });
    });
  });
});
