import type { Application } from '@careers/contracts/entities/application';
import { serverEvents } from '@careers/contracts/sockets';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { countCalls, type FetchHandler, jsonReply } from '../../../testing/fake-api';
import { fakeSocket } from '../../../testing/fake-socket';
import { minutesAgo } from '../../../testing/posts';
import { openSignedIn } from '../../../testing/render-app';
import { aJob, anApplication, dataReply } from '../testing';

const mine = '/api/jobs/my/applications';

function openApplications(applications: Application[] | FetchHandler, path = '/jobs/applications') {
  const handler: FetchHandler = Array.isArray(applications)
    ? (method, url) => (method === 'GET' && url === mine ? dataReply(applications) : jsonReply(404, {}))
    : applications;
  return openSignedIn(path, handler);
}

function statistics(): Record<string, string | undefined> {
  const region = screen.getByRole('region', { name: 'Application statistics' });
  return Object.fromEntries(
    [...region.querySelectorAll('dt')].map((term) => [
      term.textContent,
      term.nextElementSibling?.textContent,
    ]),
  );
}

const titles = () =>
  screen.queryAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

const compiler = aJob({ title: 'Compiler Engineer' });
const analyst = aJob({
  title: 'Data Analyst',
  jobType: 'Part-time',
  workLocation: 'Hybrid',
  company: { name: '', industry: '', size: null, website: '' },
  employer: { _id: crypto.randomUUID(), firstName: 'Alan', lastName: 'Turing' },
  location: { city: '', state: '', country: '' },
  salary: { min: null, max: null, currency: 'USD' },
});

function someApplications(): Application[] {
  return [
    anApplication({ status: 'pending', appliedAt: minutesAgo(5) }, compiler),
    anApplication({ status: 'accepted', appliedAt: minutesAgo(60 * 3), expectedSalary: null }, analyst),
    anApplication({ status: 'interview', appliedAt: minutesAgo(60 * 24 * 2) }, aJob({ title: 'Zookeeper' })),
    anApplication({ status: 'withdrawn', appliedAt: minutesAgo(60 * 24 * 9) }, aJob({ title: 'Archivist' })),
  ];
}

describe('my applications: what it shows', () => {
  it('shows the statistics and every field of each card, with the status colours', async () => {
    const applications = someApplications();
    openApplications(applications);

    const first = within(await screen.findByRole('article', { name: 'Compiler Engineer' }));
    expect(screen.getByRole('heading', { name: 'My Applications', level: 1 })).toBeTruthy();
    expect(statistics()).toEqual({ Total: '4', Pending: '1', Accepted: '1', Interviews: '1' });
    expect(first.getByText('Full-time')).toBeTruthy();
    // Spec: the card shows the employer's name; the company stands beside it.
    expect(first.getByText('Grace Hopper')).toBeTruthy();
    expect(first.getByText('Navy Labs')).toBeTruthy();
    expect(first.getByText('Remote · Arlington, VA, USA')).toBeTruthy();
    expect(first.getByText('$85,000 - $120,000 USD')).toBeTruthy();
    expect(first.getByText('Applied 5m ago')).toBeTruthy();
    const letter = first.getByText('I would love to build compilers with you.');
    expect([letter.className, letter.getAttribute('dir')]).toEqual(['application-cover-letter', 'auto']);
    expect(first.getByText('Expected salary: $90,000')).toBeTruthy();
    expect(first.getByText('pending').className).toBe('status-badge status-yellow');
    expect(first.getByRole('link', { name: 'View Job' }).getAttribute('href')).toBe(`/jobs/${compiler._id}`);
    expect(first.getByRole('button', { name: 'Withdraw' })).toBeTruthy();

    const second = within(screen.getByRole('article', { name: 'Data Analyst' }));
    expect(second.getByText('Alan Turing')).toBeTruthy();
    expect(second.getByText('Hybrid · Location not specified')).toBeTruthy();
    expect(second.getByText('Salary not specified')).toBeTruthy();
    expect(second.getByText('Applied 3h ago')).toBeTruthy();
    expect(second.queryByText(/Expected salary/)).toBeNull();
    expect(second.getByText('accepted').className).toBe('status-badge status-green');
    expect(second.queryByRole('button', { name: 'Withdraw' })).toBeNull();

    const third = within(screen.getByRole('article', { name: 'Zookeeper' }));
    expect(third.getByText('interview').className).toBe('status-badge status-blue');
    expect(third.getByRole('button', { name: 'Withdraw' })).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Archivist' })).getByText('withdrawn').className).toBe(
      'status-badge status-grey',
    );
    expect(titles()).toEqual(['Compiler Engineer', 'Data Analyst', 'Zookeeper', 'Archivist']);
  });

  it('says on a card when the poster edited the job since, with a link to the job as it is now', async () => {
    const asApplied = aJob({ title: 'Compiler Engineer' });
    openApplications([
      anApplication({ jobEditedSince: true }, asApplied),
      anApplication({}, aJob({ title: 'Zookeeper' })),
    ]);

    const edited = within(await screen.findByRole('article', { name: 'Compiler Engineer' }));
    expect(
      edited.getByText(
        'The poster edited this job after you applied; this card shows it as you applied to it.',
        { exact: false },
      ),
    ).toBeTruthy();
    expect(edited.getByRole('link', { name: 'See the job as it is now' }).getAttribute('href')).toBe(
      `/jobs/${asApplied._id}`,
    );
    const untouched = within(screen.getByRole('article', { name: 'Zookeeper' }));
    expect(untouched.queryByText(/The poster edited this job/)).toBeNull();
    expect(untouched.queryByRole('link', { name: 'See the job as it is now' })).toBeNull();
  });

  it('is the same screen at /applications', async () => {
    openApplications(someApplications(), '/applications');

    expect(await screen.findByRole('heading', { name: 'My Applications', level: 1 })).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'Compiler Engineer' })).toBeTruthy();
  });

  it('says "No applications found" with Browse Jobs, and no statistics, before any application', async () => {
    openApplications([]);

    expect(await screen.findByRole('heading', { name: 'No applications found' })).toBeTruthy();
    expect(screen.getByText("You haven't applied to any jobs yet")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Jobs' }).getAttribute('href')).toBe('/jobs');
    expect(screen.queryByRole('region', { name: 'Application statistics' })).toBeNull();
    expect(screen.queryByRole('searchbox', { name: 'Search applications' })).toBeNull();
  });

  it('shows the server text in an "Error loading applications" card', async () => {
    openApplications(() => jsonReply(400, { message: 'Something is off' }));

    const card = await screen.findByRole('alert');
    expect(within(card).getByRole('heading', { name: 'Error loading applications' })).toBeTruthy();
    expect(card.textContent).toContain('Something is off');
  });
});

describe('my applications: search, filter and sort', () => {
  it('searches the job title and the employer names, filters by status, sorts, and clears', async () => {
    const { user } = openApplications(someApplications());
    await screen.findByRole('article', { name: 'Compiler Engineer' });
    const search = screen.getByRole('searchbox', { name: 'Search applications' });
    const status = screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement;
    const sort = screen.getByRole('combobox', { name: 'Sort' }) as HTMLSelectElement;
    expect([...status.options].map((option) => option.textContent)).toEqual([
      'All',
      'pending',
      'accepted',
      'rejected',
      'interview',
      'withdrawn',
    ]);
    expect([...sort.options].map((option) => option.textContent)).toEqual([
      'Most Recent',
      'Oldest First',
      'By Status',
    ]);

    await user.type(search, 'turing');
    expect(titles()).toEqual(['Data Analyst']);
    await user.clear(search);
    await user.type(search, 'compiler');
    expect(titles()).toEqual(['Compiler Engineer']);
    await user.clear(search);
    await user.type(search, 'hopper');
    expect(titles()).toEqual(['Compiler Engineer', 'Zookeeper', 'Archivist']);

    await user.selectOptions(status, 'interview');
    expect(titles()).toEqual(['Zookeeper']);
    await user.selectOptions(status, 'rejected');
    expect(titles()).toEqual([]);
    expect(screen.getByText('No applications match your current filters')).toBeTruthy();
    expect(statistics().Total).toBe('4');

    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect((search as HTMLInputElement).value).toBe('');
    expect(status.value).toBe('');
    expect(titles()).toEqual(['Compiler Engineer', 'Data Analyst', 'Zookeeper', 'Archivist']);

    await user.selectOptions(sort, 'Oldest First');
    expect(titles()).toEqual(['Archivist', 'Zookeeper', 'Data Analyst', 'Compiler Engineer']);
    await user.selectOptions(sort, 'By Status');
    expect(titles()).toEqual(['Data Analyst', 'Zookeeper', 'Compiler Engineer', 'Archivist']);
  });
});

describe('my applications: changes', () => {
  it('moves the badge and the statistics when the poster moves an application, without asking again', async () => {
    const applications = someApplications();
    const pending = applications[0] as Application;
    const { api } = openApplications(applications);
    const card = within(await screen.findByRole('article', { name: 'Compiler Engineer' }));

    await fakeSocket.push(serverEvents.applicationUpdated, {
      applicationId: pending._id,
      jobId: compiler._id,
      status: 'interview',
      consistencyToken: `${pending._id}@2`,
    });

    expect(card.getByText('interview').className).toBe('status-badge status-blue');
    expect(card.queryByText('pending')).toBeNull();
    expect(statistics()).toEqual({ Total: '4', Pending: '0', Accepted: '1', Interviews: '2' });
    expect(countCalls(api, 'GET', mine)).toBe(1);
  });

  it('reads the list again, with the token, for an application it does not hold', async () => {
    const known = anApplication({}, compiler);
    const newer = anApplication({ status: 'accepted' }, aJob({ title: 'Newer job' }));
    let calls = 0;
    const { api } = openApplications((method, url) => {
      if (method !== 'GET' || url !== mine) return jsonReply(404, {});
      calls += 1;
      return dataReply(calls === 1 ? [known] : [newer, known]);
    });
    await screen.findByRole('article', { name: 'Compiler Engineer' });

    await fakeSocket.push(serverEvents.applicationUpdated, {
      applicationId: newer._id,
      jobId: newer.job._id,
      status: 'accepted',
      consistencyToken: `${newer._id}@2`,
    });

    expect(await screen.findByRole('article', { name: 'Newer job' })).toBeTruthy();
    const tokens = api.mock.calls
      .filter(([input]) => String(input) === mine)
      .map(([, init]) => new Headers(init?.headers).get('x-consistency-token'));
    expect(tokens).toEqual([null, `${newer._id}@2`]);
  });

  it('ignores a push that does not match the contract', async () => {
    const applications = someApplications();
    openApplications(applications);
    const card = within(await screen.findByRole('article', { name: 'Compiler Engineer' }));

    await fakeSocket.push(serverEvents.applicationUpdated, {
      applicationId: applications[0]?._id,
      status: 'hired',
    });

    expect(card.getByText('pending')).toBeTruthy();
  });

  it('withdraws a pending application after asking', async () => {
    const application = anApplication({}, compiler);
    const { api, user } = openApplications((method, url) => {
      if (method === 'POST' && url === `/api/applications/${application._id}/withdraw`) {
        return dataReply({ applicationId: application._id, jobId: compiler._id, status: 'withdrawn' });
      }
      return method === 'GET' && url === mine ? dataReply([application]) : jsonReply(404, {});
    });
    const card = within(await screen.findByRole('article', { name: 'Compiler Engineer' }));

    await user.click(card.getByRole('button', { name: 'Withdraw' }));
    expect(card.getByText('Withdraw this application? This cannot be undone.')).toBeTruthy();
    await user.click(card.getByRole('button', { name: 'Yes, withdraw' }));

    expect((await card.findByText('withdrawn')).className).toBe('status-badge status-grey');
    expect(card.queryByRole('button', { name: 'Withdraw' })).toBeNull();
    expect(statistics().Pending).toBe('0');
    expect(countCalls(api, 'POST', `/api/applications/${application._id}/withdraw`)).toBe(1);
  });
});
