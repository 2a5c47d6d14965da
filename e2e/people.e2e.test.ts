/**
 * People, in Chromium: A types the start of B's name in the top bar, walks the typeahead to B with the
 * keyboard, opens B's profile and connects there (and finds B on the search page too); B opens A's
 * profile from the request, sees why it is there and accepts; each profile then says Connected and
 * shows the other's email. People search finds A by a prefix of the name.
 */
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import {
  at,
  axeAtEveryLook,
  callFromPage,
  closeVisitors,
  openVisitor,
  registerWithSkill,
  until,
  type Visitor,
  visible,
} from './browser-steps.ts';
import { WEB_URL } from './topology.ts';

describe('people: a profile from a name, connect there, accept from the other side', () => {
  const skill = `Kappa-${randomUUID().slice(0, 8)}`;
  let browser: Browser;
  let a: Visitor;
  let b: Visitor;
  let aId = '';
  let bId = '';
  const bPublic = `Hello from Dorothy ${randomUUID().slice(0, 8)}`;
  const bPrivate = `For my connections ${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    a = await openVisitor(browser, 'Katherine', 'Johnson');
    // A surname of this run only: the typeahead offers B and nobody else.
    b = await openVisitor(
      browser,
      'Dorothy',
      `Vaughan${randomUUID()
        .replace(/[^a-f]/g, '')
        .slice(0, 6)}`,
    );
    await registerWithSkill([a, b], 'people-e2e-password', skill);
    aId = String(((await callFromPage(a.page, 'GET', '/api/auth/me')).body.user as { _id: string })._id);
    bId = String(((await callFromPage(b.page, 'GET', '/api/auth/me')).body.user as { _id: string })._id);
    // One public post of B's, and one for B's connections only: A sees the second once connected.
    expect((await callFromPage(b.page, 'POST', '/api/posts', { content: bPublic })).status).toBe(201);
    expect(
      (await callFromPage(b.page, 'POST', '/api/posts', { content: bPrivate, visibility: 'connections' }))
        .status,
    ).toBe(201);
  }, 60_000);
  afterAll(() => closeVisitors(browser, { 'people-a': a, 'people-b': b }));

  it("A finds B by the start of the name in the top bar's typeahead, and opens B's profile with the keys", async () => {
    const { page } = a;
    const bName = `${b.first} ${b.last}`;
    const typed = `doro ${b.last.slice(0, 10).toLowerCase()}`;
    // B is in the people directory once the read side has B's registration.
    await until('people search to find B', async () => {
      const found = await callFromPage(page, 'GET', `/api/search?q=${encodeURIComponent(typed)}`);
      return ((found.body.data as { people: { _id: string }[] }).people ?? []).some((p) => p._id === bId);
    });
    await page.goto(`${WEB_URL}/dashboard`);
    const box = page.getByRole('combobox', { name: 'Search' });
    await box.fill(typed);
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    await visible(
      list.getByRole('group', { name: 'People' }).getByRole('option', { name: new RegExp(bName) }),
      'B offered',
    );
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    // The open typeahead at 1280 and 375 px, in both themes.
    expect(await axeAtEveryLook(page, { screenshots: 'people-typeahead' })).toEqual([]);

    // The last option opens the search page, where B is under People.
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await at(page, '/search');
    await visible(page.getByRole('heading', { name: `Results for "${typed}"`, level: 1 }), 'the search page');
    await visible(
      page.getByRole('region', { name: 'People' }).getByRole('link', { name: bName, exact: true }),
      'B under People',
    );
    expect(await axeAtEveryLook(page, { screenshots: 'people-search-page' })).toEqual([]);

    // Back in the box, still holding the text: Down opens the list again, the first option is B, and
    // Enter opens B's profile.
    await box.focus();
    await page.keyboard.press('ArrowDown');
    await visible(list.getByRole('option', { name: new RegExp(bName) }), 'B offered again');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await at(page, `/people/${bId}`);
  });

  it("A connects on B's profile", async () => {
    const { page } = a;
    const bName = `${b.first} ${b.last}`;
    const card = page.getByRole('article', { name: bName });
    await visible(card.getByRole('heading', { name: bName, level: 1 }), "B's profile");
    await visible(card.getByText(skill, { exact: true }), 'the skill on the profile');
    expect(await card.getByRole('region', { name: 'Contact' }).count(), 'no contact before connecting').toBe(
      0,
    );

    // B's posts that A may see: the public one, not yet the one for B's connections.
    const posts = page.getByRole('region', { name: 'Posts' });
    await visible(posts.getByText(bPublic), "B's public post on the profile");
    expect(await posts.getByText(bPrivate).count(), "B's connections-only post before connecting").toBe(0);

    // The filled profile at 1280 and 375 px, in both themes: no serious or critical axe finding.
    expect(await axeAtEveryLook(page, { screenshots: 'people-profile' })).toEqual([]);

    await card.getByRole('button', { name: 'Connect', exact: true }).click();
    await visible(card.getByText('Connection request sent', { exact: true }), 'the announcement');
    await visible(card.getByText('Pending', { exact: true }), 'Pending');
  });

  it("B opens A's profile from the request and accepts: both say Connected, with the other's email", async () => {
    const { page } = b;
    const aName = `${a.first} ${a.last}`;
    await page.goto(`${WEB_URL}/connections?tab=pending`);
    await visible(page.getByRole('link', { name: aName, exact: true }), `${aName}'s request`);
    await page.getByRole('link', { name: aName, exact: true }).click();
    await at(page, `/people/${aId}`);
    const card = page.getByRole('article', { name: aName });
    await visible(card.getByText('Wants to connect with you', { exact: true }), 'the request on the profile');
    await card.getByRole('button', { name: 'Accept', exact: true }).click();
    await visible(card.getByText('Connected', { exact: true }), 'Connected');
    await visible(card.getByRole('region', { name: 'Contact' }).getByText(a.email), "A's email");
    expect(await axeAtEveryLook(page, { screenshots: 'people-profile-connected' })).toEqual([]);

    // A has kept B's profile open since connecting: B's answer reaches it live, without a reload.
    const bCard = a.page.getByRole('article', { name: `${b.first} ${b.last}` });
    await visible(bCard.getByText('Connected', { exact: true }), "Connected on B's profile, for A, live");
    await visible(
      a.page.getByRole('region', { name: 'Posts' }).getByText(bPrivate),
      "B's connections-only post, for A once connected",
    );
  });

  it('finds A by a prefix of the name', async () => {
    await until('people search to find A', async () => {
      const found = await callFromPage(
        b.page,
        'GET',
        `/api/people?search=${encodeURIComponent('kathe john')}`,
      );
      return (found.body.data as { _id: string }[]).some((person) => person._id === aId);
    });
  });
});
