/**
 * Saving jobs for later, in Chromium: a job seeker saves one job from the list and another from its
 * page, and their second tab's toggles follow without a reload. Saved Jobs lists both, the latest
 * saved first; the poster closes one, and the saved card says so; unsaving from Saved Jobs takes the
 * other off the list, and off the second tab too.
 */
import { randomUUID } from 'node:crypto';
import { serverEvents } from '@careers/contracts/sockets';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import {
  axeAtEveryLook,
  callFromPage,
  closeVisitors,
  eventsReceived,
  newPage,
  openVisitor,
  registerVisitor,
  replyTo,
  until,
  type Visitor,
  visible,
} from './browser-steps.ts';
import { WEB_URL } from './topology.ts';

const CLOSED_NOTE = 'This job is closed and no longer takes applications';

/** A letters-only word no other test writes, so the search finds this test's jobs alone. */
const word = `Sv${randomUUID()
  .replace(/[^a-f]/g, '')
  .slice(0, 8)}`;

const jobCard = (page: Page, title: string): Locator => page.getByRole('article', { name: title });
const toggleIn = (scope: Locator): Locator => scope.getByRole('button', { name: 'Save job' });

async function pressedIs(toggle: Locator, pressed: boolean, what: string): Promise<void> {
  await until(what, async () => (await toggle.getAttribute('aria-pressed')) === String(pressed));
}

async function searchJobs(page: Page): Promise<void> {
  await page.goto(`${WEB_URL}/jobs?search=${word}`);
  await visible(page.getByRole('heading', { name: 'Find Jobs', level: 1 }), 'Find Jobs');
}

describe('saved jobs: save from the list and the page, Saved Jobs, a closed one, two tabs', () => {
  const first = `${word} Test Engineer`;
  const second = `${word} QA Lead`;
  let browser: Browser;
  let poster: Visitor;
  let seeker: Visitor;
  let otherTab: Page;
  const jobIds: Record<string, string> = {};

  beforeAll(async () => {
    browser = await launchBrowser();
    poster = await openVisitor(browser, 'Annie', 'Easley');
    seeker = await openVisitor(browser, 'Joan', 'Clarke');
    await registerVisitor(poster, { password: 'saved-poster-password', accountType: 'employer' });
    await registerVisitor(seeker, { password: 'saved-seeker-password', accountType: 'job_seeker' });
    for (const title of [first, second]) {
      const reply = await callFromPage(poster.page, 'POST', '/api/jobs', {
        title,
        description: 'Test the product before its people do.',
        requirements: [],
        jobType: 'Full-time',
        workLocation: 'Remote',
        experienceLevel: 'Mid Level',
        category: 'Technology',
        skills: [],
        benefits: [],
        company: { name: 'Acme Testing', industry: '', size: null, website: '' },
        location: { city: 'Leeds', state: '', country: 'UK' },
        salary: { min: 50000, max: 60000, currency: 'GBP' },
        applicationDeadline: null,
      });
      expect(reply.status, `POST /api/jobs (${title})`).toBe(201);
      jobIds[title] = String((reply.body.data as { _id: string })._id);
    }
    // Both jobs searchable before the seeker looks.
    await until('both jobs found by the search', async () => {
      const found = await callFromPage(seeker.page, 'GET', `/api/jobs?search=${word}`);
      return ((found.body.data ?? []) as unknown[]).length === 2;
    });
    otherTab = await newPage(seeker.context, seeker.journal);
    await searchJobs(otherTab);
    await visible(jobCard(otherTab, second), 'the second job in the other tab');
  }, 90_000);
  afterAll(async () => {
    await otherTab?.close();
    await closeVisitors(browser, { 'saved-poster': poster, 'saved-seeker': seeker });
  });

  it('saves one job from the list and another from its page; the other tab follows live', async () => {
    const { page } = seeker;
    await searchJobs(page);
    const listToggle = toggleIn(jobCard(page, first));
    await visible(listToggle, 'the toggle on the first card');
    expect(await listToggle.getAttribute('aria-pressed')).toBe('false');
    const saved = await replyTo(page, 'PUT', `/api/jobs/${jobIds[first]}/saved`, () => listToggle.click());
    expect(saved.status(), 'PUT /api/jobs/:id/saved').toBe(200);
    await pressedIs(listToggle, true, 'the first card saved');
    expect((await listToggle.textContent())?.trim(), 'its word stays').toBe('Save');

    await jobCard(page, second).getByRole('link', { name: second }).click();
    await visible(page.getByRole('heading', { name: second, level: 1 }), "the second job's page");
    const pageToggle = toggleIn(page.getByRole('article', { name: second }));
    await pageToggle.click();
    await pressedIs(pageToggle, true, 'the second job saved from its page');

    await pressedIs(toggleIn(jobCard(otherTab, first)), true, "the other tab's first card (live)");
    await pressedIs(toggleIn(jobCard(otherTab, second)), true, "the other tab's second card (live)");
    expect(
      eventsReceived(seeker, serverEvents.savedJobsChanged).some((event) => event.saved === true),
      'jobs:saved-changed received',
    ).toBe(true);
  });

  it('Saved Jobs lists both, the latest saved first', async () => {
    const { page } = seeker;
    await searchJobs(page);
    await page.getByRole('link', { name: 'Saved Jobs' }).click();
    await visible(page.getByRole('heading', { name: 'Saved Jobs', level: 1 }), 'Saved Jobs');
    await visible(jobCard(page, first), 'the first job on Saved Jobs');
    const cards = await page.getByRole('article').allTextContents();
    const order = cards.map((text) => [second, first].find((title) => text.includes(title)));
    expect(order.filter(Boolean), 'the cards in order').toEqual([second, first]);
    // Saved Jobs at 1280 and 375 px, in both themes: no serious or critical axe finding.
    expect(await axeAtEveryLook(page, { screenshots: 'saved-jobs' })).toEqual([]);
  });

  it('the poster closes one: its saved card says so, and it stays saved', async () => {
    const closed = await callFromPage(poster.page, 'POST', `/api/jobs/${jobIds[first]}/close`);
    expect(closed.status, 'POST /api/jobs/:id/close').toBe(200);
    const { page } = seeker;
    await until('the closed job read as closed', async () => {
      const saved = await callFromPage(page, 'GET', '/api/jobs/my/saved');
      return ((saved.body.data ?? []) as { job: { _id: string; status: string } }[]).some(
        (entry) => entry.job._id === jobIds[first] && entry.job.status === 'closed',
      );
    });
    await page.reload();
    await visible(jobCard(page, first).getByText(CLOSED_NOTE).first(), 'the closed note on the saved card');
    expect(await toggleIn(jobCard(page, first)).getAttribute('aria-pressed')).toBe('true');
  });

  it('unsaving from Saved Jobs takes the job off the list, and off the other tab', async () => {
    const { page } = seeker;
    const toggle = toggleIn(jobCard(page, second));
    const unsaved = await replyTo(page, 'DELETE', `/api/jobs/${jobIds[second]}/saved`, () => toggle.click());
    expect(unsaved.status(), 'DELETE /api/jobs/:id/saved').toBe(200);
    await until('the second job off Saved Jobs', async () => (await jobCard(page, second).count()) === 0);
    await pressedIs(toggleIn(jobCard(otherTab, second)), false, "the other tab's second card (live)");
    const saved = await callFromPage(page, 'GET', '/api/jobs/my/saved');
    expect((saved.body.data as { job: { _id: string } }[]).map((entry) => entry.job._id)).toEqual([
      jobIds[first],
    ]);
  });
});
