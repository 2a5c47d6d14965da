/**
 * Jobs in two browsers at once, each with its own cookies. A (the poster) first submits an empty Post a
 * Job form and sees every message, then posts a job and lands on My Posted Jobs. B (the applicant)
 * finds it from the top bar's search, narrows it with a filter, opens it and applies, and sees the
 * application in My Applications with its statistics. A opens the job's applicants and moves B's
 * application to interview: B's badge and statistics change without a reload (application:updated),
 * and A's counts follow B's application live (job:applications-changed). What each page saw is kept
 * next to the screenshots, to read when a step fails.
 */
import { randomUUID } from 'node:crypto';
import { serverEvents } from '@careers/contracts/sockets';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepScreenshot, launchBrowser } from './browser.ts';
import {
  aPdf,
  at,
  axeAtEveryLook,
  callFromPage,
  closeVisitors,
  eventsReceived,
  openVisitor,
  registerVisitor,
  replyTo,
  until,
  type Visitor,
  visible,
} from './browser-steps.ts';
import { WEB_URL } from './topology.ts';

/** axe-core's serious and critical findings on each screen as filled with this test's data. */
const axeFindings: Record<string, string[]> = {};

/** axe at 1280 and 375 px in both themes (browser-steps), kept under the screen's name. */
async function checkAxe(page: Page, screen: string): Promise<void> {
  axeFindings[screen] = await axeAtEveryLook(page);
}

/** One signed-in person: their page, what it saw, and the socket.io packets it exchanged. */
interface Person extends Visitor {
  label: 'poster' | 'applicant';
  /** Every API request this page made: "GET /api/jobs?search=x". */
  requests: string[];
}

async function shot(person: Person, name: string): Promise<void> {
  await keepScreenshot(person.page, `jobs-${person.label}-${name}`, { fullPage: true });
}

async function openPerson(
  browser: Browser,
  label: Person['label'],
  first: string,
  last: string,
): Promise<Person> {
  const person: Person = { ...(await openVisitor(browser, first, last)), label, requests: [] };
  person.page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/'))
      person.requests.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  return person;
}

async function register(person: Person): Promise<void> {
  await registerVisitor(person, {
    password: 'jobs-e2e-password',
    accountType: person.label === 'poster' ? 'employer' : 'job_seeker',
  });
}

/** A link of the sidebar's Quick Actions (Post a Job, My Applications). */
function quickAction(page: Page, name: string): Locator {
  return page
    .getByRole('navigation', { name: 'Quick Actions', exact: true })
    .getByRole('link', { name, exact: true });
}

/** A letters-only word no other test writes, so the full-text search finds this job alone. */
function uniqueWord(): string {
  return `Zy${randomUUID()
    .replace(/-/g, '')
    .slice(0, 8)
    .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'k')}`;
}

/** The text under the control (its aria-describedby message). */
async function messageUnder(control: Locator): Promise<string> {
  return control.evaluate((element) => {
    const ids: string[] = (element.getAttribute('aria-describedby') ?? '').split(' ');
    return ids
      .map((id: string) => element.ownerDocument.getElementById(id))
      .filter((node) => node?.classList.contains('field-error'))
      .map((node) => node?.textContent ?? '')
      .join(' | ');
  });
}

/** The statistics card of My Applications as { Total: '1', ... }. */
async function statistics(page: Page): Promise<Record<string, string>> {
  return page
    .getByRole('region', { name: 'Application statistics', exact: true })
    .evaluate((region) =>
      Object.fromEntries(
        [...region.querySelectorAll('dt')].map((term) => [
          term.textContent ?? '',
          term.nextElementSibling?.textContent ?? '',
        ]),
      ),
    );
}

describe('jobs in two browsers: post, find, apply, move to interview live', () => {
  const word = uniqueWord();
  const title = `Compiler Engineer ${word}`;
  const company = `Navy Labs ${word}`;
  let browser: Browser;
  let a: Person;
  let b: Person;
  let jobId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    a = await openPerson(browser, 'poster', 'Grace', 'Hopper');
    b = await openPerson(browser, 'applicant', 'Alan', 'Turing');
    await register(a);
    await register(b);
  });
  afterAll(() => closeVisitors(browser, { 'jobs-poster': a, 'jobs-applicant': b }));

  it('A: an empty Post a Job shows every message and sends nothing; the filled form posts and lands on My Posted Jobs', async () => {
    const { page } = a;
    await quickAction(page, 'Post a Job').click();
    await at(page, '/jobs/post');
    await visible(
      page.getByRole('heading', { name: 'Post a Job', exact: true, level: 1 }),
      'the Post a Job form',
    );
    const posts = a.requests.filter((request) => request === 'POST /api/jobs').length;

    await page.getByRole('button', { name: 'Post Job', exact: true }).click();

    const expected: Array<[Locator, string]> = [
      [page.getByLabel('Job title', { exact: true }), 'Job title is required'],
      [page.getByLabel('Job description', { exact: true }), 'Job description is required'],
      [page.getByLabel('Company name', { exact: true }), 'Company name is required'],
      [page.getByLabel('City', { exact: true }), 'City is required'],
      [page.getByLabel('Minimum salary', { exact: true }), 'Salary range is required'],
    ];
    for (const [control, message] of expected) {
      await visible(page.getByText(message, { exact: true }), `"${message}"`);
      expect(await messageUnder(control), `the message under the field of "${message}"`).toBe(message);
    }
    expect(
      await page
        .getByLabel('Job title', { exact: true })
        .evaluate((element) => element === element.ownerDocument.activeElement),
      'the first wrong field has the focus',
    ).toBe(true);
    await shot(a, 'empty-submit');
    await checkAxe(page, 'Post a Job with every message');
    expect(a.requests.filter((request) => request === 'POST /api/jobs').length, 'POST /api/jobs sent').toBe(
      posts,
    );

    // The spec's defaults.
    expect(await page.getByLabel('Job type', { exact: true }).inputValue()).toBe('Full-time');
    expect(await page.getByLabel('Work location', { exact: true }).inputValue()).toBe('Remote');
    expect(await page.getByLabel('Experience level', { exact: true }).inputValue()).toBe('Mid Level');
    expect(await page.getByLabel('Category', { exact: true }).inputValue()).toBe('Technology');

    await page.getByLabel('Job title', { exact: true }).fill(title);
    expect(
      await messageUnder(page.getByLabel('Job title', { exact: true })),
      'the title message clears',
    ).toBe('');
    await page
      .getByLabel('Job description', { exact: true })
      .fill('Build the next compiler.\nShip it to the fleet.');
    await page.getByLabel('Job type', { exact: true }).selectOption('Contract');
    await page.getByLabel('Requirement 1', { exact: true }).fill('Five years of COBOL');
    await page.getByLabel('Skill name', { exact: true }).fill('COBOL');
    await page.getByRole('button', { name: 'Add skill', exact: true }).click();
    await page.getByLabel('Benefit 1', { exact: true }).fill('Pension');
    await page.getByLabel('Company name', { exact: true }).fill(company);
    await page.getByLabel('City', { exact: true }).fill('Arlington');
    await page.getByLabel('Minimum salary', { exact: true }).fill('85000');
    await page.getByLabel('Maximum salary', { exact: true }).fill('120000');
    const reply = await replyTo(page, 'POST', '/api/jobs', () =>
      page.getByRole('button', { name: 'Post Job', exact: true }).click(),
    );
    expect(reply.status(), 'POST /api/jobs').toBe(201);
    jobId = ((await reply.json()) as { data: { _id: string } }).data._id;

    await at(page, '/jobs/my/posted');
    await visible(
      page.getByRole('heading', { name: 'My Posted Jobs', exact: true, level: 1 }),
      'My Posted Jobs',
    );
    const card = page.getByRole('article', { name: title, exact: true });
    await visible(card, 'the new job in My Posted Jobs');
    await visible(card.getByText('0 applicants', { exact: true }), '"0 applicants" on the new job');
    await shot(a, 'posted');
    await checkAxe(page, 'My Posted Jobs');
  });

  it('B: finds the job from the top bar, narrows it with a filter, opens it and applies', async () => {
    const { page } = b;
    const search = page.getByRole('combobox', { name: 'Search', exact: true });
    await search.fill(`  ${word} `);
    await search.press('Enter');
    await page.waitForURL((url) => url.pathname === '/jobs' && url.searchParams.get('search') === word);
    await visible(page.getByRole('heading', { name: 'Find Jobs', exact: true, level: 1 }), 'Find Jobs');
    const card = page.getByRole('article', { name: title, exact: true });
    await visible(card, 'the job in the search results');
    await visible(page.getByText('1 jobs found', { exact: true }), '"1 jobs found"');
    expect(await page.getByRole('searchbox', { name: 'Search jobs', exact: true }).inputValue()).toBe(word);
    await visible(card.getByText('$85,000 - $120,000 USD', { exact: true }), 'the salary on the card');
    await visible(card.getByText(company, { exact: true }), 'the company on the card');

    await page.getByLabel('Job type', { exact: true }).selectOption('Internship');
    await visible(page.getByText('No jobs found', { exact: true }), '"No jobs found" for Internship');
    await page.getByLabel('Job type', { exact: true }).selectOption('Contract');
    await visible(card, 'the job again with the Contract filter');
    expect(new URL(page.url()).searchParams.get('jobType')).toBe('Contract');
    await shot(b, 'found');
    await checkAxe(page, 'Find Jobs with a result');

    await card.getByRole('link', { name: title, exact: true }).click();
    await at(page, `/jobs/${jobId}`);
    await visible(page.getByRole('heading', { name: title, exact: true, level: 1 }), 'the job detail');
    await visible(page.getByText('0 applied', { exact: true }), '"0 applied"');

    await page.getByRole('button', { name: 'Apply Now', exact: true }).click();
    const submit = page.getByRole('button', { name: 'Submit Application', exact: true });
    expect(await submit.isDisabled(), 'Submit Application with a blank cover letter').toBe(true);
    await page.getByLabel('Cover Letter', { exact: true }).fill('I broke Enigma; a compiler should be fine.');
    await page.getByLabel('Expected Salary', { exact: true }).fill('95000');
    // B has no resume on the profile, so B uploads one for this job alone.
    await visible(page.getByText('Your profile has no resume.'), 'told the profile has no resume');
    await page.getByRole('radio', { name: 'Upload a resume for this job', exact: true }).check();
    const uploaded = await replyTo(page, 'POST', '/api/applications/resume-uploads', () =>
      page
        .getByLabel('Choose a PDF', { exact: true })
        .setInputFiles({ name: 'turing-cv.pdf', mimeType: 'application/pdf', buffer: aPdf() }),
    );
    expect(uploaded.status(), 'POST resume upload').toBe(201);
    await visible(page.getByText('turing-cv.pdf', { exact: true }), 'the uploaded resume named');
    await checkAxe(page, 'Apply with a resume uploaded for the job');
    const reply = await replyTo(page, 'POST', `/api/jobs/${jobId}/apply`, () => submit.click());
    expect(reply.status(), 'POST apply').toBe(201);

    await visible(
      page.getByText('Application submitted successfully!', { exact: true }),
      'the success message',
    );
    await visible(page.getByText('1 applied', { exact: true }), '"1 applied" after applying');
    expect(await page.getByLabel('Cover Letter', { exact: true }).count(), 'the form collapsed').toBe(0);
    await shot(b, 'applied');
    await checkAxe(page, 'Job detail after applying');
  });

  it('B: sees the application in My Applications with its statistics', async () => {
    const { page } = b;
    await quickAction(page, 'My Applications').click();
    await at(page, '/applications');
    await visible(
      page.getByRole('heading', { name: 'My Applications', exact: true, level: 1 }),
      'My Applications',
    );
    const card = page.getByRole('article', { name: title, exact: true });
    await visible(card, 'the application card');
    await visible(card.getByText('pending', { exact: true }), 'the "pending" badge');
    await visible(card.getByText('Expected salary: $95,000', { exact: true }), 'the expected salary');
    expect(await statistics(page)).toEqual({ Total: '1', Pending: '1', Accepted: '0', Interviews: '0' });
    await shot(b, 'my-applications');
    await checkAxe(page, 'My Applications');
  });

  it("A: sees the application arrive, opens the applicants and moves it to interview; B's badge follows live", async () => {
    const { page } = a;
    const posted = page.getByRole('article', { name: title, exact: true });
    // A has kept My Posted Jobs open: the new application arrived as job:applications-changed.
    await visible(posted.getByText('1 applicant', { exact: true }), '"1 applicant" on My Posted Jobs (live)');
    expect(
      eventsReceived(a, serverEvents.jobApplicationsChanged).some((event) => event.jobId === jobId),
      'A received job:applications-changed',
    ).toBe(true);

    await posted.getByRole('link', { name: 'View applicants', exact: true }).click();
    await at(page, `/jobs/${jobId}/applicants`);
    const applicant = page.getByRole('article', { name: 'Alan Turing', exact: true });
    await visible(applicant, "B's application in the applicants view");
    await visible(
      applicant.getByText('I broke Enigma; a compiler should be fine.', { exact: true }),
      'the letter',
    );
    await visible(applicant.getByText('Expected salary: $95,000', { exact: true }), 'the salary');
    await visible(applicant.getByText('turing-cv.pdf', { exact: true }), 'the resume B sent for this job');
    const resumeUrl = await applicant.getByRole('link', { name: 'Resume', exact: true }).getAttribute('href');
    const resume = await page.request.get(`${WEB_URL}${resumeUrl}`);
    expect(resume.status(), 'A downloads the resume').toBe(200);
    expect((await resume.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const bNavigations = b.navigations.length;
    const reply = await replyTo(page, 'PUT', /^\/api\/applications\/[^/]+\/status$/, () =>
      applicant.getByRole('button', { name: 'Move to interview', exact: true }).click(),
    );
    expect(reply.status(), 'PUT status').toBe(200);
    await visible(applicant.getByText('interview', { exact: true }), 'the "interview" badge for A');
    await shot(a, 'moved');
    await checkAxe(page, 'Applicants');

    const bCard = b.page.getByRole('article', { name: title, exact: true });
    await visible(
      bCard.getByText('interview', { exact: true }),
      "B's badge reading interview (without a reload)",
    );
    expect(await bCard.getByText('pending', { exact: true }).count()).toBe(0);
    await until("B's statistics to count the interview", async () => {
      const stats = await statistics(b.page);
      return stats.Interviews === '1' && stats.Pending === '0';
    });
    expect(b.navigations.slice(bNavigations), 'navigations of B during the move').toEqual([]);
    expect(
      eventsReceived(b, serverEvents.applicationUpdated).some((event) => event.status === 'interview'),
      'B received application:updated with interview',
    ).toBe(true);
    await shot(b, 'interview');
  });

  it("A: opens the applicant's profile from the pipeline by the name, and the company page from the job", async () => {
    const { page } = a;
    const bId = String(
      ((await callFromPage(b.page, 'GET', '/api/auth/me')).body.user as { _id: string })._id,
    );
    const applicant = page.getByRole('article', { name: 'Alan Turing', exact: true });
    await applicant.getByRole('link', { name: 'Alan Turing', exact: true }).click();
    await at(page, `/people/${bId}`);
    await visible(page.getByRole('heading', { name: 'Alan Turing', level: 1 }), "B's profile");
    await page.goBack();
    await at(page, `/jobs/${jobId}/applicants`);

    // The job's company name leads to the company's page, which lists the job among its open jobs.
    await page.goto(`${WEB_URL}/jobs/${jobId}`);
    await page.getByRole('link', { name: company, exact: true }).first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/companies/'));
    await visible(page.getByRole('heading', { name: company, level: 1 }), 'the company page');
    await visible(page.getByRole('article', { name: title, exact: true }), 'the job among its open jobs');
    await checkAxe(page, 'Company');
  });

  it('met no serious or critical axe-core finding on the screens it filled', () => {
    expect(Object.keys(axeFindings).length).toBe(8);
    expect(Object.fromEntries(Object.entries(axeFindings).filter(([, found]) => found.length > 0))).toEqual(
      {},
    );
  });

  it('met no server error and no page error in either browser', () => {
    for (const person of [a, b]) {
      expect(
        person.journal.filter((line) => / -> 5\d\d$| page error: /.test(line)),
        `${person.first}'s server errors and page errors`,
      ).toEqual([]);
    }
  });
});
