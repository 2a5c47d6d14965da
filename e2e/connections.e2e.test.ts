/**
 * Connections in two browsers at once, each with its own cookies. A and B share a skill no one else
 * has, so B is among the people A may know. A finds B under Suggested and connects; B, already on
 * /connections, sees the Pending badge turn to 1 without a reload (connection:requested) and accepts;
 * A's screen follows the answer live (connection:updated), and both see each other under My
 * Connections. A posts to connections only from the composer (the card says so); the post reaches B's
 * feed and B likes it; A removes B, B's screen follows, and back on the feed (within the app, its list
 * still cached) the post is gone. axe-core checks each filled screen at 1280 and 375 px in both themes. What each page saw is kept next to the screenshots, to read when a step fails.
 */
import { randomUUID } from 'node:crypto';
import { serverEvents } from '@careers/contracts/sockets';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepScreenshot, launchBrowser } from './browser.ts';
import {
  at,
  axeAtEveryLook,
  callFromPage,
  closeVisitors,
  connects,
  eventsReceived,
  noteFigure,
  openVisitor,
  registerVisitor,
  replyTo,
  until,
  type Visitor,
  visible,
  WAIT,
} from './browser-steps.ts';
import { WEB_URL } from './topology.ts';

interface Person extends Visitor {
  label: 'a' | 'b';
}

function shot(person: Person, name: string): Promise<void> {
  return keepScreenshot(person.page, `connections-${person.label}-${name}`, { fullPage: true });
}

/** axe-core's serious and critical findings on each screen as filled with this test's data. */
const axeFindings: Record<string, string[]> = {};

/** axe on the screen at 1280 and 375 px, each in the light and the dark theme, each look kept as a screenshot. */
async function checkAxe(page: Page, screen: string): Promise<void> {
  const name = screen.toLowerCase().replace(/\s+/g, '-');
  axeFindings[screen] = await axeAtEveryLook(page, { screenshots: `connections-${name}` });
}

function tab(person: Person, name: string): Locator {
  return person.page.getByRole('tab', { name: new RegExp(`^${name}`) });
}

/** The count badge of a tab, as text. */
async function badge(person: Person, name: string): Promise<string | null> {
  return tab(person, name).locator('.tab-count').textContent({ timeout: WAIT });
}

async function expectBadge(person: Person, name: string, count: number, what: string): Promise<void> {
  let shown: string | null = null;
  try {
    await until(`${what} to read ${count}`, async () => {
      shown = await badge(person, name);
      return shown === String(count);
    });
  } catch (error) {
    throw new Error(`${(error as Error).message} (it reads ${JSON.stringify(shown)})`);
  }
}

/**
 * Starts timing at a command's reply: resolves with the milliseconds until `person`'s tab shows `count`
 * (the push, the read it causes and the render), as a person would see it.
 */
function shownAfter(person: Person, name: string, count: number): Promise<number> {
  const replied = performance.now();
  return tab(person, name)
    .locator('.tab-count')
    .filter({ hasText: new RegExp(`^${count}$`) })
    .waitFor({ timeout: WAIT })
    .then(() => Math.round(performance.now() - replied));
}

function note(person: Person, text: string): void {
  noteFigure(person.journal, 'connections', text);
}

function card(person: Person, name: string): Locator {
  return person.page.getByRole('tabpanel').getByRole('article', { name, exact: true });
}

/** Opens /connections (a fresh page load) and waits for the tabs and for the socket to join its rooms. */
async function openConnections(person: Person, query = ''): Promise<void> {
  const before = connects(person);
  await person.page.goto(`${WEB_URL}/connections${query}`);
  await visible(
    person.page.getByRole('heading', { name: 'Connections', exact: true, level: 1 }),
    `${person.first}'s connections screen`,
  );
  await expectBadge(person, 'Pending Requests', 0, `${person.first}'s Pending badge`);
  await until(
    `${person.first}'s socket to connect after opening /connections`,
    () => connects(person) > before,
  );
}

describe('connections in two browsers: suggest, connect, accept live, share a post, remove', () => {
  const skill = `Zeta-${randomUUID().slice(0, 8)}`;
  const content = `Only for my network ${randomUUID().slice(0, 8)}`;
  let browser: Browser;
  let a: Person;
  let b: Person;
  let connectionId = '';
  let postId = '';
  /** Milliseconds from a command's reply until the other person's screen shows it (badge included). */
  let requestShown: Promise<number> = Promise.resolve(Number.NaN);
  let acceptanceShown: Promise<number> = Promise.resolve(Number.NaN);

  beforeAll(async () => {
    browser = await launchBrowser();
    a = { ...(await openVisitor(browser, 'Radia', 'Perlman')), label: 'a' };
    b = { ...(await openVisitor(browser, 'Frances', 'Allen')), label: 'b' };
    for (const person of [a, b]) {
      await registerVisitor(person, { password: 'connections-e2e-password', accountType: 'job_seeker' });
      const reply = await callFromPage(person.page, 'PUT', '/api/users/skills', {
        skills: [{ name: skill, proficiency: 'Expert', experience: 5 }],
      });
      expect(reply.status, `${person.first}'s skills`).toBe(200);
    }
  });
  afterAll(() => closeVisitors(browser, { 'connections-a': a, 'connections-b': b }));

  it('A finds B under Suggested, with the shared skill, and connects: B leaves the suggestions and waits under Sent', async () => {
    await openConnections(b);
    await openConnections(a, '?tab=suggested');
    const bName = `${b.first} ${b.last}`;
    const suggestion = card(a, bName);
    await visible(suggestion, `${bName} among A's suggestions`);
    await visible(suggestion.getByText(skill, { exact: true }), 'the shared skill on the card');
    await visible(suggestion.getByText('No bio available', { exact: true }), '"No bio available"');
    await shot(a, 'suggested');
    await checkAxe(a.page, 'Suggested');

    const reply = await replyTo(a.page, 'POST', /^\/api\/users\/[^/]+\/connect$/, () =>
      suggestion.getByRole('button', { name: 'Connect', exact: true }).click(),
    );
    expect(reply.status(), 'POST connect').toBe(201);
    requestShown = shownAfter(b, 'Pending Requests', 1);
    const answer = (await reply.json()) as { message: string; data: { _id: string; status: string } };
    expect(answer).toMatchObject({ message: 'Connection request sent', data: { status: 'pending' } });
    connectionId = answer.data._id;
    await suggestion.waitFor({ state: 'detached', timeout: WAIT });
    await visible(
      a.page.getByRole('status').filter({ hasText: 'Connection request sent' }),
      'the announcement',
    );

    await tab(a, 'Pending Requests').click();
    const sent = a.page
      .getByRole('region', { name: 'Sent', exact: true })
      .getByRole('article', { name: bName });
    await visible(sent, `${bName} under A's Sent requests`);
    await visible(
      sent.getByRole('button', { name: 'Withdraw', exact: true }),
      'Withdraw on the sent request',
    );
  });

  it("B's Pending badge turns to 1 without a reload; B sees the request and accepts it", async () => {
    const navigations = b.navigations.length;
    await expectBadge(b, 'Pending Requests', 1, "B's Pending badge (live, without a reload)");
    expect(b.navigations.slice(navigations), 'navigations of B while the request arrived').toEqual([]);
    note(b, `the request reached B's Pending badge ${await requestShown} ms after A's reply`);
    expect(
      eventsReceived(b, serverEvents.connectionRequested).some(
        (event) => event.connectionId === connectionId,
      ),
      'B received connection:requested',
    ).toBe(true);

    await tab(b, 'Pending Requests').click();
    const aName = `${a.first} ${a.last}`;
    const request = card(b, aName);
    await visible(
      request.getByText('Wants to connect with you', { exact: true }),
      '"Wants to connect with you"',
    );
    await visible(request.getByText('Just now', { exact: true }), 'the relative time');
    await shot(b, 'pending');
    await checkAxe(b.page, 'Pending Requests');

    const reply = await replyTo(b.page, 'PUT', `/api/users/connections/${connectionId}`, () =>
      request.getByRole('button', { name: 'Accept', exact: true }).click(),
    );
    expect(reply.status(), 'PUT accept').toBe(200);
    acceptanceShown = shownAfter(a, 'My Connections', 1);
    expect(await reply.json()).toMatchObject({ data: { _id: connectionId, status: 'accepted' } });
    await visible(
      b.page.getByRole('heading', { name: 'No Pending Requests', exact: true }),
      'the empty list',
    );
    await expectBadge(b, 'Pending Requests', 0, "B's Pending badge after accepting");
  });

  it('both see each other under My Connections; A without a reload', async () => {
    const aNavigations = a.navigations.length;
    await expectBadge(a, 'My Connections', 1, "A's My Connections badge (live)");
    await visible(
      a.page.getByRole('heading', { name: 'No requests waiting for an answer', exact: true }),
      "A's Sent list emptied by B's answer",
    );
    expect(
      eventsReceived(a, serverEvents.connectionUpdated).some(
        (event) => event.connectionId === connectionId && event.status === 'accepted',
      ),
      'A received connection:updated accepted',
    ).toBe(true);
    expect(a.navigations.slice(aNavigations), 'navigations of A while B accepted').toEqual([]);
    note(a, `the acceptance reached A's My Connections badge ${await acceptanceShown} ms after B's reply`);
    // Choosing a tab puts it in the address (history.replaceState), which the journal counts as a navigation.
    await tab(a, 'My Connections').click();
    const bCard = card(a, `${b.first} ${b.last}`);
    await visible(bCard, 'B under A My Connections');
    await visible(bCard.getByRole('button', { name: 'Remove', exact: true }), 'Remove on the card');
    await shot(a, 'connected');
    await checkAxe(a.page, 'My Connections');

    await tab(b, 'My Connections').click();
    await visible(card(b, `${a.first} ${a.last}`), 'A under B My Connections');
    await expectBadge(b, 'My Connections', 1, "B's My Connections badge");
  });

  it("A posts to connections only from the composer; it appears in B's feed, and B can like it", async () => {
    await a.page.goto(`${WEB_URL}/feed`);
    await at(a.page, '/feed');
    await a.page.getByRole('textbox', { name: "What's on your mind?", exact: true }).fill(content);
    await a.page.getByRole('combobox', { name: 'Who can see this post' }).selectOption('Connections only');
    await checkAxe(a.page, 'Composer with Connections only');
    const posted = await replyTo(a.page, 'POST', '/api/posts', () =>
      a.page.getByRole('button', { name: 'Post', exact: true }).click(),
    );
    expect(posted.status(), 'POST /api/posts (connections only)').toBe(201);
    const sent = posted.request().postDataJSON() as { visibility: string };
    expect(sent.visibility, 'the visibility sent').toBe('connections');
    postId = ((await posted.json()) as { data: { _id: string } }).data._id;
    const mine = a.page.getByRole('article').filter({ hasText: content });
    await visible(mine.getByText('Connections only', { exact: true }), '"Connections only" on A\'s card');
    await shot(a, 'feed-connections-only');
    // A goes back to My Connections, where the removal below starts.
    await openConnections(a);
    await tab(a, 'My Connections').click();
    await visible(card(a, `${b.first} ${b.last}`), 'B under A My Connections');

    // Nobody but A is told of a connections-only post live (the gateway announces it to its author
    // alone), so B's feed shows it only once it is projected: on a busy machine that can be after B's
    // page has read the feed. B opens the feed once B's own read finds it.
    await until("A's post in B's feed read", async () => {
      const feed = await callFromPage(b.page, 'GET', '/api/posts/feed?limit=10');
      return ((feed.body.data ?? []) as { _id: string }[]).some((one) => one._id === postId);
    });
    await b.page.goto(`${WEB_URL}/feed`);
    await at(b.page, '/feed');
    const post = b.page.getByRole('article').filter({ hasText: content });
    await visible(post, "A's connections-only post in B's feed");
    const like = post.getByRole('button', { name: /^Like, \d+$/ });
    const liked = await replyTo(b.page, 'POST', `/api/posts/${postId}/like`, () => like.click());
    expect(liked.status(), 'POST like').toBe(200);
    await until("B's like to show", async () => (await like.getAttribute('aria-pressed')) === 'true');
    expect((await like.textContent())?.trim()).toBe('1');
    await shot(b, 'feed-liked');
  });

  it("A removes B: B's screen follows live, and the post leaves B's feed", async () => {
    // B moves within the app (no page load), so the feed B saw is still cached when B returns to it.
    await b.page
      .getByRole('navigation', { name: 'Quick Actions' })
      .getByRole('link', { name: 'Connections' })
      .click();
    await at(b.page, '/connections');
    await expectBadge(b, 'My Connections', 1, "B's My Connections badge before the removal");

    const bCard = card(a, `${b.first} ${b.last}`);
    await bCard.getByRole('button', { name: 'Remove', exact: true }).click();
    await visible(
      bCard.getByText(`Remove ${b.first} ${b.last} from your connections?`, { exact: true }),
      'the question',
    );
    const reply = await replyTo(a.page, 'DELETE', `/api/users/connections/${connectionId}`, () =>
      bCard.getByRole('button', { name: 'Remove', exact: true }).click(),
    );
    expect(reply.status(), 'DELETE connection').toBe(200);
    await visible(a.page.getByRole('heading', { name: 'No Connections', exact: true }), "A's empty list");
    await expectBadge(a, 'My Connections', 0, "A's My Connections badge after removing");

    await expectBadge(b, 'My Connections', 0, "B's My Connections badge (live)");
    await visible(b.page.getByRole('heading', { name: 'No Connections', exact: true }), "B's empty list");
    expect(
      eventsReceived(b, serverEvents.connectionUpdated).some(
        (event) => event.connectionId === connectionId && event.status === 'removed',
      ),
      'B received connection:updated removed',
    ).toBe(true);

    // Back to the feed within the app: the removal marked the cached feed stale, so it is read again.
    const feedReads = () => b.journal.filter((line) => line.includes(' GET /api/posts/feed')).length;
    const before = feedReads();
    await b.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Feed' }).click();
    await at(b.page, '/feed');
    await until("B's feed to be read again", () => feedReads() > before);
    await until(
      "A's post to leave B's feed",
      async () => (await b.page.getByRole('article').filter({ hasText: content }).count()) === 0,
    );
    await shot(b, 'feed-after-removal');
  });

  it('found no serious or critical axe violation on the filled screens, in either theme or size', () => {
    expect(Object.keys(axeFindings)).toEqual([
      'Suggested',
      'Pending Requests',
      'My Connections',
      'Composer with Connections only',
    ]);
    expect(Object.fromEntries(Object.entries(axeFindings).filter(([, found]) => found.length > 0))).toEqual(
      {},
    );
  });

  it('met no server error and no page error in either browser', () => {
    for (const person of [a, b]) {
      expect(person.journal.filter((line) => / -> 5\d\d$| page error: /.test(line))).toEqual([]);
    }
  });
});
