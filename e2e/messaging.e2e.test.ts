/**
 * Messaging in Chromium, as three people see it: A and B are connected, C is a stranger to both. A
 * opens the conversation from B's card on the Connections screen and writes; B, with Messages open,
 * sees it arrive live (the list and the sidebar's badge), opens it and replies while A watches "is
 * typing" and then the reply arrive; A's message reads "Seen" once B has read it. C can neither open
 * the thread nor write into it.
 */
import { randomUUID } from 'node:crypto';
import { serverEvents } from '@careers/contracts/sockets';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import {
  at,
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

describe('messaging between two connections, live, with "Seen"', () => {
  const run = randomUUID().slice(0, 8);
  const hello = `Hello Alan, are you free on Thursday? ${run}`;
  const answer = `Thursday works, after lunch ${run}`;
  let browser: Browser;
  let a: Visitor;
  let b: Visitor;
  let c: Visitor;
  let conversationId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    [a, b, c] = (await registeredJobSeekers(browser, 'messages', [
      ['Grace', 'Hopper'],
      ['Alan', 'Turing'],
      ['Claude', 'Shannon'],
    ])) as [Visitor, Visitor, Visitor];
    await connectVisitors(a, b);
  }, 90_000);
  afterAll(() => closeVisitors(browser, { 'messages-a': a, 'messages-b': b, 'messages-c': c }));

  it("A opens the conversation from B's card and writes; B sees it arrive live", async () => {
    // B keeps Messages open: the conversation arrives without a reload.
    await b.page.goto(`${WEB_URL}/messages`);
    await visible(b.page.getByRole('heading', { name: 'Messages', exact: true, level: 1 }), "B's Messages");
    const bNavigations = b.navigations.length;

    await a.page.goto(`${WEB_URL}/connections`);
    const card = a.page.getByRole('article').filter({ hasText: 'Alan Turing' });
    await until('the connection read', async () => {
      if ((await card.count()) > 0) return true;
      await a.page.reload();
      return false;
    });
    const started = await replyTo(a.page, 'POST', '/api/conversations', () =>
      card.getByRole('button', { name: /^Message/ }).click(),
    );
    expect(started.status(), 'POST /api/conversations').toBe(200);
    conversationId = ((await started.json()) as { data: { conversationId: string } }).data.conversationId;
    await at(a.page, `/messages/${conversationId}`);

    const composer = a.page.getByRole('textbox', { name: /message/i });
    await composer.fill(hello);
    const sent = await replyTo(a.page, 'POST', `/api/conversations/${conversationId}/messages`, () =>
      composer.press('Enter'),
    );
    expect(sent.status(), 'POST a message').toBe(201);
    expect(sent.request().headers()['idempotency-key'], 'one key per send').toBeTruthy();
    await visible(a.page.getByText(hello, { exact: true }), "A's message in A's thread");

    await visible(b.page.getByText(hello, { exact: true }), "A's message in B's list (live)");
    await visible(
      b.page.getByRole('navigation', { name: 'Main' }).getByText('1', { exact: true }),
      "the unread badge in B's sidebar",
    );
    expect(
      eventsReceived(b, serverEvents.messageReceived).some((push) => push.conversationId === conversationId),
      'B received message:new',
    ).toBe(true);
    expect(b.navigations.slice(bNavigations), 'navigations of B').toEqual([]);
  });

  it('B opens it and replies: A sees "is typing", then the reply, and "Seen" under the message', async () => {
    await b.page
      .getByRole('link', { name: /Grace Hopper/ })
      .first()
      .click();
    await at(b.page, `/messages/${conversationId}`);
    await visible(b.page.getByText(hello, { exact: true }), "A's message in B's thread");
    // The thread at 1280 and 375 px, in both themes: no serious or critical axe finding.
    expect(await axeAtEveryLook(b.page, { screenshots: 'message-thread' })).toEqual([]);

    await visible(a.page.getByText('Seen', { exact: true }), '"Seen" under A\'s message (live)');

    const composer = b.page.getByRole('textbox', { name: /message/i });
    await composer.pressSequentially('Thursday', { delay: 20 });
    await visible(a.page.getByText(/Alan is typing/), '"Alan is typing" on A\'s screen');
    await composer.fill(answer);
    const sent = await replyTo(b.page, 'POST', `/api/conversations/${conversationId}/messages`, () =>
      composer.press('Enter'),
    );
    expect(sent.status(), "B's reply").toBe(201);
    await visible(a.page.getByText(answer, { exact: true }), "B's reply on A's screen (live)");
  });

  it('C, a stranger, can neither open the thread nor write into it', async () => {
    const read = await callFromPage(c.page, 'GET', `/api/conversations/${conversationId}/messages`);
    expect(read.status, 'C reads the thread').toBe(404);
    expect(read.body.message).toBe('Conversation not found');
    const written = await callFromPage(c.page, 'POST', `/api/conversations/${conversationId}/messages`, {
      text: 'Let me in',
    });
    expect(written.status, 'C writes into it').toBe(404);
    await c.page.goto(`${WEB_URL}/messages/${conversationId}`);
    await visible(c.page.getByText('Conversation not found'), 'C is told there is no such conversation');
    expect(await c.page.getByText(hello).count(), "A's message on C's screen").toBe(0);
  });
});
