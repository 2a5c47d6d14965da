/**
 * Editing a job, in Chromium: its poster opens Edit Job from the job's page, changes the title, the
 * city and the salary, and lands back on the page, marked Edited. The applicant who applied before
 * the edit still sees on My Applications the job they applied to, told that it changed since, with a
 * link to the job as it is now; the search finds the new title. Someone else who opens the edit
 * screen is told only the poster may edit.
 */
import { randomUUID } from 'node:crypto';
import { hiringMessages } from '@careers/contracts/messages';
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

/** A letters-only word no other test writes, so the search finds this test's job alone. */
const word = `Ed${randomUUID()
  .replace(/[^a-f]/g, '')
  .slice(0, 8)}`;
const before = `${word} Backend Engineer`;
const after = `${word} Staff Backend Engineer`;

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

describe('editing a job: the poster edits, the applicant keeps what they applied to', () => {
  let browser: Browser;
  let poster: Visitor;
  let applicant: Visitor;
  let stranger: Visitor;
  let jobId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    poster = await openVisitor(browser, 'Karen', 'Jones');
    applicant = await openVisitor(browser, 'Adele', 'Goldberg');
    stranger = await openVisitor(browser, 'Jean', 'Bartik');
    await registerVisitor(poster, { password: 'edits-poster-password', accountType: 'employer' });
    await registerVisitor(applicant, { password: 'edits-applicant-password', accountType: 'job_seeker' });
    await registerVisitor(stranger, { password: 'edits-stranger-password', accountType: 'job_seeker' });
    const posted = await callFromPage(poster.page, 'POST', '/api/jobs', {
      title: before,
      description: 'Keep the event log honest.',
      requirements: ['Three years of TypeScript'],
      jobType: 'Full-time',
      workLocation: 'Hybrid',
      experienceLevel: 'Mid Level',
      category: 'Technology',
      skills: [{ name: 'TypeScript', required: true, proficiency: 'Advanced' }],
      benefits: ['Learning budget'],
      company: { name: 'Acme Edits', industry: 'Software', size: '11-50', website: '' },
      location: { city: 'Leeds', state: '', country: 'UK' },
      salary: { min: 60000, max: 70000, currency: 'USD' },
      applicationDeadline: null,
    });
    expect(posted.status, 'POST /api/jobs').toBe(201);
    jobId = String((posted.body.data as { _id: string })._id);
    const applied = await callFromPage(applicant.page, 'POST', `/api/jobs/${jobId}/apply`, {
      coverLetter: 'I keep logs honest for a living.',
      expectedSalary: null,
    });
    expect(applied.status, 'POST /api/jobs/:id/apply').toBe(201);
  }, 90_000);
  afterAll(async () => {
    await closeVisitors(browser, {
      'edits-poster': poster,
      'edits-applicant': applicant,
      'edits-stranger': stranger,
    });
  });

  it('the poster edits the job from its page and lands back on it, marked Edited', async () => {
    const { page } = poster;
    await page.goto(`${WEB_URL}/jobs/${jobId}`);
    await visible(page.getByRole('heading', { name: before, level: 1 }), "the job's page");
    await page.getByRole('link', { name: hiringMessages.editJob }).click();
    await visible(page.getByRole('heading', { name: hiringMessages.editJob, level: 1 }), 'Edit Job');
    // The form holds the job as it is.
    expect(await field(page, 'Job title').inputValue()).toBe(before);
    expect(await field(page, 'City').inputValue()).toBe('Leeds');
    expect(await field(page, 'Minimum salary').inputValue()).toBe('60000');
    expect(await field(page, 'Company name').inputValue()).toBe('Acme Edits');

    await field(page, 'Job title').fill(after);
    await field(page, 'City').fill('Manchester');
    await field(page, 'Minimum salary').fill('80000');
    await field(page, 'Maximum salary').fill('95000');
    // The edit screen at 1280 and 375 px, in both themes: no serious or critical axe finding.
    expect(await axeAtEveryLook(page, { screenshots: 'job-edit' })).toEqual([]);
    const saved = await replyTo(page, 'PUT', `/api/jobs/${jobId}`, () =>
      page.getByRole('button', { name: hiringMessages.saveJobChanges }).click(),
    );
    expect(saved.status(), 'PUT /api/jobs/:id').toBe(200);
    expect(saved.request().headers()['idempotency-key'], 'one key per submit').toBeTruthy();
    await visible(page.getByRole('heading', { name: after, level: 1 }), 'the job page with the new title');
    expect(new URL(page.url()).pathname).toBe(`/jobs/${jobId}`);
    await visible(page.getByText(/^Edited /).first(), 'the Edited mark');
    await visible(page.getByText('Manchester').first(), 'the new city');
  });

  it('the applicant still sees the job they applied to, told it changed, with a link to it as it is now', async () => {
    const { page } = applicant;
    // The poster's page showed the edit from the PUT's reply; the read side applies it a moment later,
    // and the applicant's tab holds no token of the poster's to wait for. My Applications reads once as
    // it opens, so it is opened once the job reads as edited.
    await until('the edit on the read side', async () => {
      const job = await callFromPage(page, 'GET', `/api/jobs/${jobId}`);
      return (job.body.data as { title?: string } | undefined)?.title === after;
    });
    await page.goto(`${WEB_URL}/applications`);
    await visible(page.getByRole('heading', { name: 'My Applications', level: 1 }), 'My Applications');
    await visible(page.getByText(before, { exact: true }).first(), 'the title applied to');
    await visible(page.getByText(hiringMessages.jobEditedSinceApplying).first(), 'told the job changed');
    expect(await page.getByText(after, { exact: true }).count(), 'not the new title').toBe(0);
    await page.getByRole('link', { name: hiringMessages.viewJobAsItIsNow }).click();
    await visible(page.getByRole('heading', { name: after, level: 1 }), 'the job as it is now');

    // The search finds the job by its new title, not by the words it lost.
    await until('the new title searchable', async () => {
      const found = await callFromPage(page, 'GET', `/api/jobs?search=${encodeURIComponent(`"${after}"`)}`);
      return ((found.body.data ?? []) as { _id: string }[]).some((job) => job._id === jobId);
    });
    const byCity = await callFromPage(page, 'GET', `/api/jobs?search=${word}&location=leeds`);
    expect((byCity.body.data as unknown[]).length, 'no longer in Leeds').toBe(0);
  });

  it('someone else opening the edit screen is told only the poster may edit it', async () => {
    const { page } = stranger;
    await page.goto(`${WEB_URL}/jobs/${jobId}/edit`);
    await visible(page.getByText(hiringMessages.onlyPosterEdits).first(), 'only the poster');
    expect(await page.getByRole('button', { name: hiringMessages.saveJobChanges }).count()).toBe(0);
    const refused = await callFromPage(page, 'PUT', `/api/jobs/${jobId}`, {
      title: 'Taken over',
      description: 'x',
      company: { name: 'x' },
      location: { city: 'x' },
      salary: { min: 1, max: 2, currency: 'USD' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(hiringMessages.onlyPosterEdits);
  });
});
