import type { Job } from '@careers/contracts/entities/job';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred } from '../../../testing/deferred';
import {
  ada,
  countCalls,
  type FetchHandler,
  jsonReply,
  sentBodies,
  stubSession,
} from '../../../testing/fake-api';
import { openSignedIn, renderApp } from '../../../testing/render-app';
import { adaEmployer, aJob, anApplication, dataReply, savedJobsUrl } from '../testing';

/** Ada opens `job`; her applications are `mine`, her saved list is empty; `others` answers the rest. */
function openJob(
  job: Job,
  others: FetchHandler = () => jsonReply(404, { message: 'Not found' }),
  mine = [] as unknown[],
) {
  return openSignedIn(`/jobs/${job._id}`, (method, url, init) => {
    if (method === 'GET' && url === `/api/jobs/${job._id}`) return dataReply(job);
    if (method === 'GET' && url === '/api/jobs/my/applications') return dataReply(mine);
    if (method === 'GET' && url === savedJobsUrl) return dataReply([]);
    return others(method, url, init);
  });
}

function coverLetter(): HTMLTextAreaElement {
  return screen.getByRole('textbox', { name: 'Cover Letter' }) as HTMLTextAreaElement;
}

function submitButton(): HTMLButtonElement {
  return screen.getByRole('button', { name: 'Submit Application' }) as HTMLButtonElement;
}

function information() {
  return within(screen.getByRole('region', { name: 'Job Information' }));
}

describe('job detail: what it shows', () => {
  it('shows every field of the job, the posted date and "{n} applied"', async () => {
    const job = aJob({
      requirements: ['Five years of COBOL', 'A sense of humour'],
      skills: [
        { name: 'COBOL', required: true, proficiency: 'Expert' },
        { name: 'Lisp', required: false, proficiency: 'Beginner' },
      ],
      benefits: ['Pension', 'Boat rides'],
      applicationDeadline: '2999-12-31',
      createdAt: '2026-03-02T10:00:00.000Z',
      applications: [{}, {}],
    });
    openJob(job);

    const main = within(await screen.findByRole('article', { name: 'Compiler Engineer' }));
    expect(screen.getByRole('heading', { name: 'Compiler Engineer', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Jobs/ }).getAttribute('href')).toBe('/jobs');
    expect(main.getByText('Navy Labs')).toBeTruthy();
    expect(main.getByText('Full-time')).toBeTruthy();
    expect(main.getByText('Senior Level')).toBeTruthy();
    expect(main.getByText('Remote · Arlington')).toBeTruthy();
    expect(main.getByText('Category: Technology')).toBeTruthy();
    expect(main.getByText('$85,000 - $120,000 USD')).toBeTruthy();
    expect(main.getByText('Defense')).toBeTruthy();
    expect(main.getByText('1000+ employees')).toBeTruthy();
    const website = main.getByRole('link', { name: 'https://navy.example.com' });
    expect([
      website.getAttribute('href'),
      website.getAttribute('target'),
      website.getAttribute('rel'),
    ]).toEqual(['https://navy.example.com', '_blank', 'noopener noreferrer nofollow']);
    expect(main.getByText(/Build the next compiler/).textContent).toBe('Build the next compiler.\nShip it.');
    // What the poster wrote takes the direction of its own text (a description in Arabic reads right to left).
    expect(main.getByText(/Build the next compiler/).getAttribute('dir')).toBe('auto');
    expect(main.getByText('Five years of COBOL').getAttribute('dir')).toBe('auto');
    const lists = (name: string) =>
      within(main.getByRole('heading', { name }).closest('section') as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(lists('Requirements')).toEqual(['Five years of COBOL', 'A sense of humour']);
    expect(lists('Required Skills')).toEqual(['COBOL · Expert (Required)', 'Lisp · Beginner']);
    expect(main.getByText(/COBOL · Expert/).className).toContain('skill-required');
    expect(lists('Benefits')).toEqual(['Pension', 'Boat rides']);

    expect(information().getByText('Mar 2, 2026')).toBeTruthy();
    expect(information().getByText('Dec 31, 2999')).toBeTruthy();
    expect(information().getByText('2 applied')).toBeTruthy();
    expect(information().queryByText(/Edited/)).toBeNull();
  });

  it('marks a job its poster edited "Edited {date}" beside Posted', async () => {
    const editedAt = '2026-03-05T10:00:00.000Z';
    const job = aJob({ createdAt: '2026-03-02T10:00:00.000Z', editedAt });
    openJob(job);

    const edited = await within(await screen.findByRole('region', { name: 'Job Information' })).findByText(
      'Edited Mar 5, 2026',
    );
    expect(edited.getAttribute('dateTime')).toBe(editedAt);
    const posted = information().getByText('Posted').nextElementSibling;
    expect(posted?.textContent).toBe('Mar 2, 2026 · Edited Mar 5, 2026');
    // A reader who is not the poster gets no way to edit it.
    expect(screen.queryByRole('link', { name: 'Edit Job' })).toBeNull();
  });

  it('writes a salary with only a minimum as "$min+", and none as "Not specified"', async () => {
    const job = aJob({
      salary: { min: 60000, max: null, currency: 'EUR' },
      company: { name: '', industry: '', size: null, website: '' },
      requirements: [],
      skills: [],
      benefits: [],
    });
    openJob(job);

    const main = within(await screen.findByRole('article', { name: 'Compiler Engineer' }));
    expect(main.getByText('$60,000+ EUR')).toBeTruthy();
    expect(main.getByText('Grace Hopper')).toBeTruthy();
    expect(main.queryByRole('heading', { name: 'Company' })).toBeNull();
    expect(main.queryByRole('heading', { name: 'Requirements' })).toBeNull();
    expect(information().queryByText('Application deadline')).toBeNull();
  });

  it('says "Job not found" when the server has no such job', async () => {
    const missing = aJob();
    stubSession(ada, () => jsonReply(404, { message: 'Job not found' }));
    renderApp(`/jobs/${missing._id}`);

    expect(await screen.findByRole('heading', { name: 'Job not found', level: 1 })).toBeTruthy();
    expect(screen.getByText("The job you're looking for doesn't exist or has been removed.")).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows an "Error loading job details" card on another failure', async () => {
    const job = aJob();
    stubSession(ada, (_method, url) =>
      url === `/api/jobs/${job._id}` ? jsonReply(400, { message: 'Job not found' }) : jsonReply(404, {}),
    );
    renderApp(`/jobs/${job._id}`);

    const card = await screen.findByRole('alert');
    expect(within(card).getByRole('heading', { name: 'Error loading job details' })).toBeTruthy();
    expect(card.textContent).toContain('Job not found');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Job details');
  });
});

describe('job detail: applying', () => {
  it('reveals the form, keeps Submit disabled while the letter is blank, and sends applicationData', async () => {
    const job = aJob();
    const reply = deferred<Response>();
    const { api, user } = openJob(job, (method, url) =>
      method === 'POST' && url === `/api/jobs/${job._id}/apply` ? reply.promise : jsonReply(404, {}),
    );

    await user.click(await screen.findByRole('button', { name: 'Apply Now' }));
    expect(document.activeElement).toBe(coverLetter());
    expect(coverLetter().required).toBe(true);
    const salary = screen.getByRole('spinbutton', { name: 'Expected Salary' }) as HTMLInputElement;
    expect(salary.required).toBe(false);
    expect(submitButton().disabled).toBe(true);
    await user.type(coverLetter(), '   ');
    expect(submitButton().disabled).toBe(true);

    await user.type(coverLetter(), 'I wrote the first compiler.');
    await user.type(salary, '95000');
    await user.click(submitButton());

    expect(screen.getByRole('button', { name: 'Submitting...' }).getAttribute('aria-disabled')).toBe('true');
    const application = anApplication(
      { coverLetter: 'I wrote the first compiler.', expectedSalary: 95000 },
      job,
    );
    reply.resolve(dataReply(application, 201, { 'x-consistency-token': `${application._id}@1` }));

    expect(await screen.findByText('Application submitted successfully!')).toBeTruthy();
    expect(sentBodies(api, 'POST', `/api/jobs/${job._id}/apply`)).toEqual([
      {
        applicationData: {
          coverLetter: 'I wrote the first compiler.',
          expectedSalary: 95000,
          resume: 'none',
        },
      },
    ]);
    expect(screen.queryByRole('textbox', { name: 'Cover Letter' })).toBeNull();
    expect(information().getByText('1 applied')).toBeTruthy();
    expect(screen.getByText('You have already applied to this job')).toBeTruthy();
    expect(screen.getByText('pending').className).toContain('status-yellow');
  });

  it('sends no expected salary when it is left empty', async () => {
    const job = aJob();
    const { api, user } = openJob(job, () => dataReply(anApplication({ expectedSalary: null }, job), 201));

    await user.click(await screen.findByRole('button', { name: 'Apply Now' }));
    await user.type(coverLetter(), 'Hello');
    await user.click(submitButton());

    expect(await screen.findByText('Application submitted successfully!')).toBeTruthy();
    expect(sentBodies(api, 'POST', `/api/jobs/${job._id}/apply`)).toEqual([
      { applicationData: { coverLetter: 'Hello', expectedSalary: null, resume: 'none' } },
    ]);
  });

  it('parses the expected salary as an integer: 95000.7 is sent as 95000', async () => {
    const job = aJob();
    const { api, user } = openJob(job, () => dataReply(anApplication({ expectedSalary: 95000 }, job), 201));

    await user.click(await screen.findByRole('button', { name: 'Apply Now' }));
    await user.type(coverLetter(), 'Hello');
    await user.type(screen.getByRole('spinbutton', { name: 'Expected Salary' }), '95000.7');
    await user.click(submitButton());

    expect(await screen.findByText('Application submitted successfully!')).toBeTruthy();
    expect(sentBodies(api, 'POST', `/api/jobs/${job._id}/apply`)).toEqual([
      { applicationData: { coverLetter: 'Hello', expectedSalary: 95000, resume: 'none' } },
    ]);
  });

  it('refuses an expected salary below 0, without sending', async () => {
    const job = aJob();
    const { api, user } = openJob(job);

    await user.click(await screen.findByRole('button', { name: 'Apply Now' }));
    await user.type(coverLetter(), 'Hello');
    await user.type(screen.getByRole('spinbutton', { name: 'Expected Salary' }), '-5');
    await user.click(submitButton());

    expect(await screen.findByText('Expected salary cannot be negative')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('spinbutton', { name: 'Expected Salary' }));
    expect(countCalls(api, 'POST', `/api/jobs/${job._id}/apply`)).toBe(0);
  });

  it("shows a refusal in the server's words and keeps the letter", async () => {
    const job = aJob();
    const { user } = openJob(job, () => jsonReply(409, { message: 'You have already applied to this job' }));

    await user.click(await screen.findByRole('button', { name: 'Apply Now' }));
    await user.type(coverLetter(), 'Again');
    await user.click(submitButton());

    expect((await screen.findByRole('alert')).textContent).toBe('You have already applied to this job');
    expect(coverLetter().value).toBe('Again');
    expect(screen.queryByText('Application submitted successfully!')).toBeNull();
  });

  it('says "Failed to submit application. Please try again." when the server fails', async () => {
    const job = aJob();
    const { user } = openJob(job, () => jsonReply(500, { message: 'boom' }));

    await user.click(await screen.findByRole('button', { name: 'Apply Now' }));
    await user.type(coverLetter(), 'Hello');
    await user.click(submitButton());

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to submit application. Please try again.',
    );
  });

  it('Cancel collapses and clears the form', async () => {
    const job = aJob();
    const { user } = openJob(job);

    await user.click(await screen.findByRole('button', { name: 'Apply Now' }));
    await user.type(coverLetter(), 'Draft');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('textbox', { name: 'Cover Letter' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Apply Now' }));
    expect(coverLetter().value).toBe('');
  });

  it('offers no Apply Now on a closed job, and says why', async () => {
    openJob(aJob({ status: 'closed', closedAt: new Date().toISOString() }));

    expect(await screen.findByText('This job is closed and no longer takes applications')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Apply Now' })).toBeNull();
    expect(within(screen.getByRole('article')).getByText('Closed')).toBeTruthy();
  });

  it('offers no Apply Now once the deadline has passed', async () => {
    openJob(aJob({ applicationDeadline: '2000-01-01' }));

    expect(await screen.findByText('The application deadline for this job has passed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Apply Now' })).toBeNull();
  });

  it('shows the status of an application already made instead of Apply Now', async () => {
    const job = aJob();
    openJob(job, undefined, [anApplication({ status: 'interview' }, job)]);

    expect(await screen.findByText('You have already applied to this job')).toBeTruthy();
    expect(screen.getByText('interview').className).toContain('status-blue');
    expect(screen.getByRole('link', { name: 'View My Applications' }).getAttribute('href')).toBe(
      '/jobs/applications',
    );
    expect(screen.queryByRole('button', { name: 'Apply Now' })).toBeNull();
  });
});

describe('job detail: the poster', () => {
  it('shows the applicants link and Close Job instead of Apply Now, and closes after asking', async () => {
    const job = aJob({ employer: adaEmployer });
    const { api, user } = openJob(job, (method, url) =>
      method === 'POST' && url === `/api/jobs/${job._id}/close`
        ? dataReply({ jobId: job._id, status: 'closed', closedAt: new Date().toISOString() })
        : jsonReply(404, {}),
    );

    expect(await screen.findByText('You posted this job.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Apply Now' })).toBeNull();
    expect(screen.getByRole('link', { name: 'View applicants' }).getAttribute('href')).toBe(
      `/jobs/${job._id}/applicants`,
    );
    expect(screen.getByRole('link', { name: 'Edit Job' }).getAttribute('href')).toBe(`/jobs/${job._id}/edit`);

    await user.click(screen.getByRole('button', { name: 'Close Job' }));
    expect(
      screen.getByText('Close this job? It will take no more applications and cannot be reopened.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(countCalls(api, 'POST', `/api/jobs/${job._id}/close`)).toBe(0);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close Job' }));

    await user.click(screen.getByRole('button', { name: 'Close Job' }));
    await user.click(screen.getByRole('button', { name: 'Yes, close job' }));

    expect(await screen.findByText('This job is closed and no longer takes applications')).toBeTruthy();
    expect(within(screen.getByRole('article')).getByText('Closed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close Job' })).toBeNull();
    // A closed job can no longer be edited.
    expect(screen.queryByRole('link', { name: 'Edit Job' })).toBeNull();
    expect(countCalls(api, 'POST', `/api/jobs/${job._id}/close`)).toBe(1);
  });

  it('offers no Edit Job on a job of its poster that is closed', async () => {
    openJob(aJob({ employer: adaEmployer, status: 'closed', closedAt: new Date().toISOString() }));

    expect(await screen.findByText('You posted this job.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View applicants' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit Job' })).toBeNull();
  });
});
