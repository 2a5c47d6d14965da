import { localDate } from '@careers/contracts/requests/create-job';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred } from '../../../testing/deferred';
import { countCalls, type FetchHandler, jsonReply, sentBodies } from '../../../testing/fake-api';
import { openSignedIn } from '../../../testing/render-app';
import { adaEmployer, aJob, aPostedJob, dataReply } from '../testing';

function openForm(handler: FetchHandler = () => jsonReply(404, {})) {
  return openSignedIn('/jobs/post', handler);
}

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const numberField = (name: string) => screen.getByRole('spinbutton', { name }) as HTMLInputElement;
const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;
const postJob = () => screen.getByRole('button', { name: 'Post Job' });

/** The message shown under a control (its aria-describedby), without its hint. */
function messageOf(control: HTMLElement): string | undefined {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return (
    ids.map((id) => document.getElementById(id)).find((element) => element?.className === 'field-error')
      ?.textContent ?? undefined
  );
}

async function fillRequired(user: ReturnType<typeof openForm>['user']) {
  await user.type(field('Job title'), 'Compiler Engineer');
  await user.type(field('Job description'), 'Build the next compiler.');
  await user.type(field('Company name'), 'Navy Labs');
  await user.type(field('City'), 'Arlington');
  await user.type(numberField('Minimum salary'), '85000');
  await user.type(numberField('Maximum salary'), '120000');
}

describe('post a job: the form', () => {
  it("starts with the spec's sections and defaults", async () => {
    openForm();

    expect(await screen.findByRole('heading', { name: 'Post a Job', level: 1 })).toBeTruthy();
    expect(screen.getAllByRole('group').map((group) => group.querySelector('legend')?.textContent)).toEqual([
      'Basic Information',
      'Requirements',
      'Required Skills',
      'Benefits & Perks',
      'Company Information',
      'Location',
      'Salary Range',
      'Application Deadline',
    ]);
    expect(select('Job type').value).toBe('Full-time');
    expect(select('Work location').value).toBe('Remote');
    expect(select('Experience level').value).toBe('Mid Level');
    expect(select('Category').value).toBe('Technology');
    expect([...select('Category').options].map((option) => option.value)).toEqual([
      'Technology',
      'Healthcare',
      'Finance',
      'Education',
      'Marketing',
      'Sales',
      'Other',
    ]);
    expect([...select('Company size').options].map((option) => option.value)).toEqual([
      '',
      '1-10',
      '11-50',
      '51-200',
      '201-500',
      '501-1000',
      '1000+',
    ]);
    expect(select('Proficiency').value).toBe('Intermediate');
    expect(field('Requirement 1').value).toBe('');
    expect(field('Benefit 1').value).toBe('');
    expect(screen.queryByRole('button', { name: 'Remove requirement 1' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove benefit 1' })).toBeNull();
    for (const name of ['Job title', 'Job description', 'Company name', 'City']) {
      expect(field(name).required, name).toBe(true);
    }
    expect(numberField('Minimum salary').required).toBe(true);
    expect(numberField('Maximum salary').required).toBe(true);
    expect(field('Website').getAttribute('type')).toBe('url');
    const deadline = screen.getByLabelText('Application deadline') as HTMLInputElement;
    expect(deadline.type).toBe('date');
    expect(deadline.min).toBe(localDate(new Date()));
  });

  it('shows every message by its field on an empty submit, focuses the title and sends nothing', async () => {
    const { api, user } = openForm();
    await screen.findByRole('heading', { name: 'Post a Job' });

    await user.click(postJob());

    expect(messageOf(field('Job title'))).toBe('Job title is required');
    expect(messageOf(field('Job description'))).toBe('Job description is required');
    expect(messageOf(field('Company name'))).toBe('Company name is required');
    expect(messageOf(field('City'))).toBe('City is required');
    expect(messageOf(numberField('Minimum salary'))).toBe('Salary range is required');
    expect(screen.getAllByText('Salary range is required')).toHaveLength(1);
    expect(field('Job title').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Job title'));
    expect(countCalls(api, 'POST', '/api/jobs')).toBe(0);

    // The title's message clears as soon as it is edited; the others stay until theirs are.
    await user.type(field('Job title'), 'C');
    expect(messageOf(field('Job title'))).toBeUndefined();
    expect(messageOf(field('City'))).toBe('City is required');
  });

  it('adds and removes requirements and benefits, never below one entry', async () => {
    const { user } = openForm();
    await screen.findByRole('heading', { name: 'Post a Job' });

    await user.click(screen.getByRole('button', { name: 'Add requirement' }));
    expect(document.activeElement).toBe(field('Requirement 2'));
    await user.type(field('Requirement 2'), 'Second');
    await user.type(field('Requirement 1'), 'First');
    await user.click(screen.getByRole('button', { name: 'Remove requirement 1' }));
    expect(field('Requirement 1').value).toBe('Second');
    expect(screen.queryByRole('textbox', { name: 'Requirement 2' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove requirement 1' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add benefit' }));
    expect(screen.getByRole('button', { name: 'Remove benefit 2' })).toBeTruthy();
  });

  it('adds a skill only when it has a name, with Enter or Add skill, and removes it', async () => {
    const { user } = openForm();
    await screen.findByRole('heading', { name: 'Post a Job' });
    const add = screen.getByRole('button', { name: 'Add skill' }) as HTMLButtonElement;

    expect(add.disabled).toBe(true);
    await user.type(field('Skill name'), '   ');
    expect(add.disabled).toBe(true);
    expect(screen.getByText('No skills added yet')).toBeTruthy();

    await user.clear(field('Skill name'));
    await user.type(field('Skill name'), 'COBOL');
    await user.selectOptions(select('Proficiency'), 'Expert');
    await user.click(add);
    await user.type(field('Skill name'), 'Lisp{Enter}');
    await user.click(screen.getByRole('checkbox', { name: 'Required skill' }));
    await user.type(field('Skill name'), 'Go');
    await user.click(add);

    const skills = within(screen.getByRole('list', { name: 'Required Skills' }));
    expect(skills.getAllByRole('listitem').map((item) => item.querySelector('span')?.textContent)).toEqual([
      'COBOL · Expert · Required',
      'Lisp · Intermediate · Required',
      'Go · Intermediate',
    ]);
    expect(field('Skill name').value).toBe('');
    expect(screen.queryByText('Job title is required')).toBeNull();

    await user.click(skills.getByRole('button', { name: 'Remove skill Lisp' }));
    expect(skills.getAllByRole('listitem')).toHaveLength(2);
  });

  it('refuses a deadline before today, a bad website and a maximum below the minimum', async () => {
    const { api, user } = openForm();
    await screen.findByRole('heading', { name: 'Post a Job' });
    await fillRequired(user);
    await user.clear(numberField('Maximum salary'));
    await user.type(numberField('Maximum salary'), '1000');
    await user.type(field('Website'), 'navy.example.com');
    await user.type(screen.getByLabelText('Application deadline'), '2000-01-01');

    await user.click(postJob());

    expect(messageOf(numberField('Maximum salary'))).toBe(
      'Maximum salary cannot be less than minimum salary',
    );
    expect(messageOf(field('Website'))).toBe(
      'Please enter a valid website address starting with http:// or https://',
    );
    expect(messageOf(screen.getByLabelText('Application deadline'))).toBe(
      'Application deadline cannot be before today',
    );
    expect(countCalls(api, 'POST', '/api/jobs')).toBe(0);
  });
});

describe('post a job: sending', () => {
  it('sends the form without blank entries, shows "Creating Job...", then opens My Posted Jobs with the job first', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockImplementation(() => false);
    const created = aJob({ title: 'Compiler Engineer', employer: adaEmployer });
    const reply = deferred<Response>();
    const older = aPostedJob({ title: 'Older job' });
    const { api, user, router } = openForm((method, url) => {
      if (method === 'POST' && url === '/api/jobs') return reply.promise;
      if (method === 'GET' && url === '/api/jobs/my/posted') {
        return dataReply([{ ...created, applicationCounts: older.applicationCounts }, older]);
      }
      return jsonReply(404, {});
    });
    await screen.findByRole('heading', { name: 'Post a Job' });

    await fillRequired(user);
    await user.type(field('Requirement 1'), '  Five years of COBOL ');
    await user.click(screen.getByRole('button', { name: 'Add requirement' }));
    await user.type(field('Skill name'), 'COBOL{Enter}');
    await user.type(field('Benefit 1'), 'Pension');
    await user.selectOptions(select('Job type'), 'Contract');
    await user.selectOptions(select('Company size'), '51-200');
    await user.type(field('Website'), 'https://navy.example.com');
    await user.type(field('State'), 'VA');
    await user.type(screen.getByLabelText('Application deadline'), '2999-12-31');
    await user.click(postJob());

    const busy = screen.getByRole('button', { name: 'Creating Job...' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    reply.resolve(dataReply(created, 201, { 'x-consistency-token': `${created._id}@1` }));

    expect(await screen.findByRole('heading', { name: 'My Posted Jobs', level: 1 })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/jobs/my/posted'));
    // Sent and saved: going on to My Posted Jobs does not ask about unsaved changes.
    expect(confirm).not.toHaveBeenCalled();
    confirm.mockRestore();
    expect(sentBodies(api, 'POST', '/api/jobs')).toEqual([
      {
        title: 'Compiler Engineer',
        description: 'Build the next compiler.',
        requirements: ['Five years of COBOL'],
        jobType: 'Contract',
        workLocation: 'Remote',
        experienceLevel: 'Mid Level',
        category: 'Technology',
        skills: [{ name: 'COBOL', proficiency: 'Intermediate', required: true }],
        benefits: ['Pension'],
        company: { name: 'Navy Labs', industry: '', size: '51-200', website: 'https://navy.example.com' },
        location: { city: 'Arlington', state: 'VA', country: '' },
        salary: { min: 85000, max: 120000, currency: 'USD' },
        applicationDeadline: '2999-12-31',
      },
    ]);
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Compiler Engineer',
      'Older job',
    ]);
  });

  it('shows the server error in an "Error creating job" card; Try again sends it again', async () => {
    let attempts = 0;
    const { api, user } = openForm((method, url) => {
      if (method === 'POST' && url === '/api/jobs') {
        attempts += 1;
        return attempts === 1
          ? jsonReply(400, { message: 'Application deadline cannot be before today' })
          : dataReply(aJob({ employer: adaEmployer }), 201);
      }
      return dataReply([]);
    });
    await screen.findByRole('heading', { name: 'Post a Job' });
    await fillRequired(user);

    await user.click(postJob());

    const card = await screen.findByRole('alert');
    expect(within(card).getByRole('heading', { name: 'Error creating job' })).toBeTruthy();
    expect(card.textContent).toContain('Application deadline cannot be before today');
    expect(field('Job title').value).toBe('Compiler Engineer');

    await user.click(within(card).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { name: 'My Posted Jobs' })).toBeTruthy();
    expect(countCalls(api, 'POST', '/api/jobs')).toBe(2);
  });
});
