/**
 * People, in Chromium: A finds B among the people A may know, opens B's profile from the name and
 * connects there; B opens A's profile from the request, sees why it is there and accepts; each profile
 * then says Connected and shows the other's email. People search finds A by a prefix of the name.
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

  beforeAll(async () => {
    browser = await launchBrowser();
    a = await openVisitor(browser, 'Katherine', 'Johnson');
    b = await openVisitor(browser, 'Dorothy', 'Vaughan');
    await registerWithSkill([a, b], 'people-e2e-password', skill);
    aId = String(((await callFromPage(a.page, 'GET', '/api/auth/me')).body.user as { _id: string })._id);
    bId = String(((await callFromPage(b.page, 'GET', '/api/auth/me')).body.user as { _id: string })._id);
  }, 60_000);
  afterAll(() => closeVisitors(browser, { 'people-a': a, 'people-b': b }));

  it("A opens B's profile from the suggestions and connects there", async () => {
    const { page } = a;
    await page.goto(`${WEB_URL}/connections?tab=suggested`);
    const bName = `${b.first} ${b.last}`;
    await visible(page.getByRole('link', { name: bName, exact: true }), `${bName} among the suggestions`);
    await page.getByRole('link', { name: bName, exact: true }).click();
    await at(page, `/people/${bId}`);
    const card = page.getByRole('article', { name: bName });
    await visible(card.getByRole('heading', { name: bName, level: 1 }), "B's profile");
    await visible(card.getByText(skill, { exact: true }), 'the skill on the profile');
    expect(await card.getByRole('region', { name: 'Contact' }).count(), 'no contact before connecting').toBe(
      0,
    );

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

    await a.page.reload();
    const bCard = a.page.getByRole('article', { name: `${b.first} ${b.last}` });
    await visible(bCard.getByText('Connected', { exact: true }), "Connected on B's profile, for A");
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
