import type { Job } from '@careers/contracts/entities/job';
import { unsavedChangesMessages } from '@careers/contracts/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../../../testing/deferred';
import {
  countCalls,
  type FetchHandler,
  type FetchStub,
  jsonReply,
  sentBodies,
} from '../../../testing/fake-api';
import { openSignedIn } from '../../../testing/render-app';
import { adaEmployer, aJob, dataReply, savedJobsUrl } from '../testing';

/** Ada's open job, every field of the form filled in. */
function adasJob(fields: Partial<Job> = {}): Job {
  return aJob({
    employer: adaEmployer,
    title: 'Compiler Engineer',
    description: 'Build the next compiler.',
    requirements: ['Five years of COBOL', 'A sense of humour'],
    jobType: 'Contract',
    workLocation: 'Hybrid',
    experienceLevel: 'Senior Level',
    category: 'Finance',
    skills: [
      { name: 'COBOL', required: true, proficiency: 'Expert' },
      { name: 'Lisp', required: false, proficiency: 'Beginner' },
    ],
    benefits: ['Pension'],
    company: { name: 'Navy Labs', industry: 'Defense', size: '51-200', website: 'https://navy.example.com' },
    location: { city: 'Arlington', state: 'VA', country: 'USA' },
    salary: { min: 85000, max: 120000, currency: 'USD' },
    applicationDeadline: '2999-12-31',
    ...fields,
  });
}

/** Ada opens the Edit Job screen of `job`; `others` answers what the job page and the PUT ask. */
function openEdit(job: Job, others: FetchHandler = () => jsonReply(404, { message: 'Not found' })) {
  return openSignedIn(`/jobs/${job._id}/edit`, (method, url, init) => {
    if (method === 'GET' && url === `/api/jobs/${job._id}`) return dataReply(job);
    if (method === 'GET' && url === '/api/jobs/my/applications') return dataReply([]);
    if (method === 'GET' && url === savedJobsUrl) return dataReply([]);
    return others(method, url, init);
  });
}

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const numberField = (name: string) => screen.getByRole('spinbutton', { name }) as HTMLInputElement;
const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;
const saveChanges = () => screen.getByRole('button', { name: 'Save Changes' });
/** The form, once the job is read and filled in. */
const formShown = () => screen.findByRole('textbox', { name: 'Job title' });

/** The message shown under a control (its aria-describedby), without its hint. */
function messageOf(control: HTMLElement): string | undefined {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return (
    ids.map((id) => document.getElementById(id)).find((element) => element?.className === 'field-error')
      ?.textContent ?? undefined
  );
}

/** The Idempotency-Key of each `method url` the app sent, in order. */
function keysSent(api: FetchStub, method: string, url: string): Array<string | null> {
  return api.mock.calls
    .filter(([input, init]) => String(input) === url && (init?.method ?? 'GET') === method)
    .map(([, init]) => new Headers(init?.headers).get('idempotency-key'));
}

/** Answers the person's choice in the confirm dialog, and records what it asked. */
function confirmAnswers(answer: boolean) {
  return vi.spyOn(window, 'confirm').mockImplementation(() => answer);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('edit job: the form', () => {
  it('is the Post a Job form, every field filled in from the job', async () => {
    const job = adasJob();
    openEdit(job);

    await formShown();
    expect(screen.getByRole('heading', { name: 'Edit Job', level: 1 })).toBeTruthy();
    expect(field('Job title').value).toBe('Compiler Engineer');
    expect(field('Job description').value).toBe('Build the next compiler.');
    expect(select('Job type').value).toBe('Contract');
    expect(select('Work location').value).toBe('Hybrid');
    expect(select('Experience level').value).toBe('Senior Level');
    expect(select('Category').value).toBe('Finance');
    expect(field('Requirement 1').value).toBe('Five years of COBOL');
    expect(field('Requirement 2').value).toBe('A sense of humour');
    const skills = within(screen.getByRole('list', { name: 'Required Skills' }));
    expect(skills.getAllByRole('listitem').map((item) => item.querySelector('span')?.textContent)).toEqual([
      'COBOL · Expert · Required',
      'Lisp · Beginner',
    ]);
    expect(field('Benefit 1').value).toBe('Pension');
    expect(field('Company name').value).toBe('Navy Labs');
    expect(field('Industry').value).toBe('Defense');
    expect(select('Company size').value).toBe('51-200');
    expect(field('Website').value).toBe('https://navy.example.com');
    expect(field('City').value).toBe('Arlington');
    expect(field('State').value).toBe('VA');
    expect(field('Country').value).toBe('USA');
    expect(numberField('Minimum salary').value).toBe('85000');
    expect(numberField('Maximum salary').value).toBe('120000');
    expect((screen.getByLabelText('Application deadline') as HTMLInputElement).value).toBe('2999-12-31');
    expect(saveChanges().getAttribute('type')).toBe('submit');
    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe(`/jobs/${job._id}`);
  });

  it('leaves one empty requirement, benefit and salary end where the job has none', async () => {
    openEdit(
      adasJob({
        requirements: [],
        benefits: [],
        salary: { min: 60000, max: null, currency: 'EUR' },
        company: { name: 'Navy Labs', industry: '', size: null, website: '' },
        applicationDeadline: null,
      }),
    );
    await formShown();

    expect(field('Requirement 1').value).toBe('');
    expect(field('Benefit 1').value).toBe('');
    expect(select('Company size').value).toBe('');
    expect(numberField('Maximum salary').value).toBe('');
    // The job keeps its own currency.
    expect(screen.getByText('Yearly, in EUR')).toBeTruthy();
    expect((screen.getByLabelText('Application deadline') as HTMLInputElement).value).toBe('');
  });

  it('checks the fields as Post a Job does, and sends nothing while one is wrong', async () => {
    const job = adasJob();
    const { api, user } = openEdit(job);
    await formShown();

    await user.clear(field('Job title'));
    await user.clear(field('City'));
    await user.clear(numberField('Maximum salary'));
    await user.type(numberField('Maximum salary'), '1000');
    await user.clear(field('Website'));
    await user.type(field('Website'), 'navy.example.com');
    await user.clear(screen.getByLabelText('Application deadline'));
    await user.type(screen.getByLabelText('Application deadline'), '2000-01-01');
    await user.click(saveChanges());

    expect(messageOf(field('Job title'))).toBe('Job title is required');
    expect(messageOf(field('City'))).toBe('City is required');
    expect(messageOf(numberField('Maximum salary'))).toBe(
      'Maximum salary cannot be less than minimum salary',
    );
    expect(messageOf(field('Website'))).toBe(
      'Please enter a valid website address starting with http:// or https://',
    );
    expect(messageOf(screen.getByLabelText('Application deadline'))).toBe(
      'Application deadline cannot be before today',
    );
    expect(document.activeElement).toBe(field('Job title'));
    expect(countCalls(api, 'PUT', `/api/jobs/${job._id}`)).toBe(0);

    await user.type(field('Job title'), 'C');
    expect(messageOf(field('Job title'))).toBeUndefined();
  });
});

describe('edit job: saving', () => {
  it('sends the changed job with an Idempotency-Key, shows "Saving...", then opens the job as edited', async () => {
    const confirm = confirmAnswers(false);
    const job = adasJob();
    const editedAt = '2026-03-05T10:00:00.000Z';
    const edited: Job = {
      ...job,
      title: 'Staff Compiler Engineer',
      requirements: ['Five years of COBOL'],
      benefits: ['Pension', 'Boat rides'],
      editedAt,
    };
    const reply = deferred<Response>();
    const { api, user, router } = openEdit(job, (method, url) =>
      method === 'PUT' && url === `/api/jobs/${job._id}` ? reply.promise : jsonReply(404, {}),
    );
    await formShown();

    await user.clear(field('Job title'));
    await user.type(field('Job title'), 'Staff Compiler Engineer');
    await user.click(screen.getByRole('button', { name: 'Remove requirement 2' }));
    await user.click(screen.getByRole('button', { name: 'Add benefit' }));
    await user.type(field('Benefit 2'), 'Boat rides');
    await user.click(saveChanges());

    const busy = screen.getByRole('button', { name: 'Saving...' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    // A second click while the first is in flight sends nothing.
    await user.click(busy);
    expect(countCalls(api, 'PUT', `/api/jobs/${job._id}`)).toBe(1);
    reply.resolve(dataReply(edited, 200, { 'x-consistency-token': `${job._id}@2` }));

    expect(await screen.findByRole('heading', { name: 'Staff Compiler Engineer', level: 1 })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/jobs/${job._id}`));
    expect(confirm).not.toHaveBeenCalled();
    expect(sentBodies(api, 'PUT', `/api/jobs/${job._id}`)).toEqual([
      {
        title: 'Staff Compiler Engineer',
        description: 'Build the next compiler.',
        requirements: ['Five years of COBOL'],
        jobType: 'Contract',
        workLocation: 'Hybrid',
        experienceLevel: 'Senior Level',
        category: 'Finance',
        skills: [
          { name: 'COBOL', required: true, proficiency: 'Expert' },
          { name: 'Lisp', required: false, proficiency: 'Beginner' },
        ],
        benefits: ['Pension', 'Boat rides'],
        company: {
          name: 'Navy Labs',
          industry: 'Defense',
          size: '51-200',
          website: 'https://navy.example.com',
        },
        location: { city: 'Arlington', state: 'VA', country: 'USA' },
        salary: { min: 85000, max: 120000, currency: 'USD' },
        applicationDeadline: '2999-12-31',
      },
    ]);
    const [key] = keysSent(api, 'PUT', `/api/jobs/${job._id}`);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    // The job's page shows the reply (not a read of the job again), edited.
    const information = within(screen.getByRole('region', { name: 'Job Information' }));
    expect(information.getByText('Edited Mar 5, 2026').getAttribute('dateTime')).toBe(editedAt);
    expect(countCalls(api, 'GET', `/api/jobs/${job._id}`)).toBe(1);
    // The next reads wait for the edit (its consistency token).
    await waitFor(() =>
      expect(
        api.mock.calls
          .filter(([input]) => String(input) === '/api/jobs/my/applications')
          .map(([, init]) => new Headers(init?.headers).get('x-consistency-token')),
      ).toContain(`${job._id}@2`),
    );
  });

  it.each([
    [403, 'Only the person who posted this job can edit it'],
    [409, 'A closed job cannot be edited'],
  ])("shows a %i refusal in the server's words and keeps the form", async (status, message) => {
    const job = adasJob();
    const { api, user, router } = openEdit(job, (method) =>
      method === 'PUT' ? jsonReply(status, { message }) : jsonReply(404, {}),
    );
    await formShown();
    await user.type(field('Job title'), ' II');

    await user.click(saveChanges());

    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(field('Job title').value).toBe('Compiler Engineer II');
    expect(router.state.location.pathname).toBe(`/jobs/${job._id}/edit`);
    expect(saveChanges().getAttribute('aria-disabled')).toBeNull();

    // Sent again unchanged, it is the same intent: the same key.
    await user.click(saveChanges());
    await waitFor(() => expect(countCalls(api, 'PUT', `/api/jobs/${job._id}`)).toBe(2));
    const [first, second] = keysSent(api, 'PUT', `/api/jobs/${job._id}`);
    expect(second).toBe(first);
    await waitFor(() => expect(saveChanges().getAttribute('aria-disabled')).toBeNull());
    expect(screen.getByRole('alert').textContent).toBe(message);

    // Editing the form again takes the refusal away.
    await user.type(field('Job title'), 'I');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says "Failed to save the job. Please try again." when the server fails', async () => {
    const job = adasJob();
    const { user } = openEdit(job, (method) =>
      method === 'PUT' ? jsonReply(500, { message: 'boom' }) : jsonReply(404, {}),
    );
    await formShown();

    await user.click(saveChanges());

    expect((await screen.findByRole('alert')).textContent).toBe('Failed to save the job. Please try again.');
  });
});

describe('edit job: who and when', () => {
  it('tells someone who is not the poster that only the poster edits, with a way back to the job', async () => {
    const job = aJob();
    openEdit(job);

    expect(await screen.findByText('Only the person who posted this job can edit it')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Edit Job', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Job' }).getAttribute('href')).toBe(`/jobs/${job._id}`);
    expect(screen.queryByRole('textbox', { name: 'Job title' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();
  });

  it('says a closed job cannot be edited, with a way back to it', async () => {
    const job = adasJob({ status: 'closed', closedAt: new Date().toISOString() });
    openEdit(job);

    expect(await screen.findByText('A closed job cannot be edited')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Job' }).getAttribute('href')).toBe(`/jobs/${job._id}`);
    expect(screen.queryByRole('textbox', { name: 'Job title' })).toBeNull();
  });

  it('says "Job not found" when there is no such job', async () => {
    const job = adasJob();
    openSignedIn(`/jobs/${job._id}/edit`, () => jsonReply(404, { message: 'Job not found' }));

    expect(await screen.findByRole('heading', { name: 'Job not found', level: 2 })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Job title' })).toBeNull();
  });
});

describe('edit job: unsaved changes', () => {
  it('lets the untouched form go without asking, and asks once it differs from the job', async () => {
    const confirm = confirmAnswers(false);
    const job = adasJob();
    const { router, user } = openEdit(job);
    await formShown();

    await user.type(field('Job title'), ' II');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));

    expect(confirm).toHaveBeenCalledWith(unsavedChangesMessages.leavePage);
    expect(router.state.location.pathname).toBe(`/jobs/${job._id}/edit`);
    expect(field('Job title').value).toBe('Compiler Engineer II');

    // Back to what the job reads: nothing to lose, so leaving does not ask.
    await user.clear(field('Job title'));
    await user.type(field('Job title'), 'Compiler Engineer');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/jobs/${job._id}`));
    expect(confirm).toHaveBeenCalledTimes(1);
  });
});
