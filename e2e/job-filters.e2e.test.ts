/**
 * The jobs list's place, salary and date filters and its sort, in Chromium: a job seeker narrows a
 * search to one city, then to the jobs paying at least $80,000, sorts by highest salary and by
 * newest, and finds the same list after a reload, as the URL holds it; a bogus value in the URL is
 * ignored by the screen and refused by the API with its message.
 */
import { randomUUID } from 'node:crypto';
import { queryMessages } from '@careers/contracts/messages';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import {
  axeAtEveryLook,
  callFromPage,
  closeVisitors,
  openVisitor,
  registerVisitor,
  replyTo,
  until,
  type Visitor,
  visible,
} from './browser-steps.ts';
import { WEB_URL } from './topology.ts';

/** A letters-only word no other test writes, so the search finds this test's jobs alone. */
const word = `Fl${randomUUID()
  .replace(/[^a-f]/g, '')
  .slice(0, 8)}`;

/** Posted in this order, so newest first is the reverse. */
const jobs = [
  { title: `${word} Platform Engineer`, city: 'Berlin', salary: { min: 90000, max: 120000 } },
  { title: `${word} Support Engineer`, city: 'Leeds', salary: { min: 50000, max: 60000 } },
  { title: `${word} Data Engineer`, city: 'Berlin', salary: { min: 70000, max: 85000 } },
  { title: `${word} Junior Engineer`, city: 'Berlin', salary: { min: 40000, max: 55000 } },
] as const;
const [platform, support, data, junior] = jobs.map((job) => job.title) as [string, string, string, string];

const titlesOn = async (page: Page): Promise<string[]> =>
  (await page.getByRole('article').getByRole('heading').allTextContents()).map((text) => text.trim());

/** The cards show `expected`, in that order unless `anyOrder` (a search's ranks may differ). */
async function listIs(
  page: Page,
  expected: string[],
  what: string,
  { anyOrder = false } = {},
): Promise<void> {
  const same = (titles: string[]) =>
    anyOrder
      ? [...titles].sort().join('\n') === [...expected].sort().join('\n')
      : titles.join('\n') === expected.join('\n');
  await until(`${what}: ${expected.join(', ')}`, async () => same(await titlesOn(page)));
  await visible(page.getByText(`${expected.length} jobs found`), `${expected.length} jobs found`);
}

describe('jobs list: filters by place, salary and date, sorted by salary and by newest', () => {
  let browser: Browser;
  let poster: Visitor;
  let seeker: Visitor;

  beforeAll(async () => {
    browser = await launchBrowser();
    poster = await openVisitor(browser, 'Sophie', 'Wilson');
    seeker = await openVisitor(browser, 'Margaret', 'Hamilton');
    await registerVisitor(poster, { password: 'filters-poster-password', accountType: 'employer' });
    await registerVisitor(seeker, { password: 'filters-seeker-password', accountType: 'job_seeker' });
    for (const job of jobs) {
      const reply = await callFromPage(poster.page, 'POST', '/api/jobs', {
        title: job.title,
        description: 'Keep the board running for the people who use it.',
        requirements: [],
        jobType: 'Full-time',
        workLocation: 'On-site',
        experienceLevel: 'Mid Level',
        category: 'Technology',
        skills: [],
        benefits: [],
        company: { name: 'Acme Filters', industry: '', size: null, website: '' },
        location: { city: job.city, state: '', country: 'Germany' },
        salary: { ...job.salary, currency: 'USD' },
        applicationDeadline: null,
      });
      expect(reply.status, `POST /api/jobs (${job.title})`).toBe(201);
      // A later job is newer by more than the clock's resolution.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await until('the four jobs found by the search', async () => {
      const found = await callFromPage(seeker.page, 'GET', `/api/jobs?search=${word}`);
      return ((found.body.data ?? []) as unknown[]).length === jobs.length;
    });
  }, 90_000);
  afterAll(async () => {
    await closeVisitors(browser, { 'filters-poster': poster, 'filters-seeker': seeker });
  });

  it('narrows to one city with the search, then to $80,000+, and sorts by salary and by newest', async () => {
    const { page } = seeker;
    await page.goto(`${WEB_URL}/jobs?search=${word}`);
    await visible(page.getByRole('heading', { name: 'Find Jobs', level: 1 }), 'Find Jobs');
    await listIs(page, [junior, data, support, platform], 'every job', { anyOrder: true });

    await page.getByRole('textbox', { name: 'Location' }).fill('berlin');
    const byPlace = await replyTo(page, 'GET', '/api/jobs', () =>
      page.getByRole('button', { name: 'Search', exact: true }).click(),
    );
    expect(byPlace.url(), 'the place sent with the search').toContain('location=berlin');
    await listIs(page, [junior, data, platform], 'the Berlin jobs', { anyOrder: true });

    await page.getByLabel('Minimum salary').selectOption({ label: '$80,000+' });
    // The top of the Data Engineer's range reaches $80,000 (its minimum does not); the Junior's does not.
    await listIs(page, [data, platform], 'Berlin at $80,000 or more', { anyOrder: true });

    await page.getByLabel('Sort by').selectOption({ label: 'Highest salary' });
    await listIs(page, [platform, data], 'the highest pay first');
    expect(new URL(page.url()).searchParams.get('sort')).toBe('salary');

    await page.getByLabel('Minimum salary').selectOption({ label: 'Any salary' });
    await listIs(page, [platform, data, junior], 'every Berlin job, the highest pay first');

    await page.getByLabel('Sort by').selectOption({ label: 'Newest' });
    await page.getByLabel('Date posted').selectOption({ label: 'Last 24 hours' });
    await listIs(page, [junior, data, platform], 'the newest first, all posted today');
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({
      search: word,
      location: 'berlin',
      sort: 'newest',
      postedWithin: '1',
    });

    // The URL is the list: a reload shows the same filters and jobs.
    await page.reload();
    await listIs(page, [junior, data, platform], 'the same list after a reload');
    expect(await page.getByRole('textbox', { name: 'Location' }).inputValue()).toBe('berlin');
    expect(await page.getByLabel('Sort by').inputValue()).toBe('newest');

    // The filtered list at 1280 and 375 px, in both themes: no serious or critical axe finding.
    expect(await axeAtEveryLook(page, { screenshots: 'job-filters' })).toEqual([]);

    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await until('every filter cleared', () => new URL(page.url()).search === '');
    expect(await page.getByRole('textbox', { name: 'Location' }).inputValue()).toBe('');
  });

  it('ignores a bogus value in the URL, which the API refuses with its message', async () => {
    const { page } = seeker;
    await page.goto(`${WEB_URL}/jobs?search=${word}&minSalary=lots&sort=cheapest`);
    await listIs(page, [junior, data, support, platform], 'the bogus values ignored', { anyOrder: true });
    for (const [query, message] of [
      ['minSalary=lots', queryMessages.minSalaryInvalid],
      ['postedWithin=2', queryMessages.postedWithinInvalid],
      ['sort=cheapest', queryMessages.sortInvalid],
    ] as const) {
      const reply = await callFromPage(page, 'GET', `/api/jobs?${query}`);
      expect(reply.status, query).toBe(400);
      expect(reply.body.message, query).toBe(message);
    }
  });
});
