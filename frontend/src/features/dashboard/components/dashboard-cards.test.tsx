import type { Job } from '@careers/contracts/entities/job';
import { User } from '@careers/contracts/entities/user';
import { serverEvents } from '@careers/contracts/sockets';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ada, countCalls, jsonReply, stubSession } from '../../../testing/fake-api';
import { fakeSocket } from '../../../testing/fake-socket';
import { aPost, feedReply } from '../../../testing/posts';
import { renderApp } from '../../../testing/render-app';
import { aConnection } from '../../connections/testing';
import { aJob, jobsReply } from '../../jobs/testing';

const tokenOf = (streamId: string, version: number) => `${streamId}@${version}.${'s'.repeat(22)}`;
const skill = (name: string) => ({ name, proficiency: 'Advanced', experience: 3 });

/** Ada with `filled` of the six completion items (first and last name are always there). */
function adaWith(fields: Partial<User> = {}): User {
  return User.parse({ ...ada, skills: [skill('react'), skill('Go')], ...fields });
}

interface Lists {
  jobs: Response | (() => Response);
  /** What GET /api/jobs/recommended answers: the jobs it ranks, or a reply; none unless given. */
  recommended?: Job[] | (() => Response);
  connections: number;
  posts: number;
}

function openDashboard(user: User, lists: Lists) {
  const api = stubSession(user, (method, url) => {
    const at = new URL(url, 'http://app');
    if (method === 'GET' && at.pathname === '/api/jobs/recommended') {
      const recommended = lists.recommended ?? [];
      return typeof recommended === 'function' ? recommended() : jsonReply(200, { data: recommended });
    }
    if (method === 'GET' && at.pathname === '/api/jobs') {
      return typeof lists.jobs === 'function' ? lists.jobs() : lists.jobs.clone();
    }
    if (method === 'GET' && at.pathname === '/api/users/connections') {
      const connections = Array.from({ length: lists.connections }, () => aConnection());
      return jsonReply(200, {
        data: connections,
        pagination: {
          currentPage: 1,
          totalPages: 1,
          totalConnections: lists.connections,
          hasNext: false,
          hasPrev: false,
        },
      });
    }
    if (method === 'GET' && at.pathname === '/api/posts/feed') {
      return feedReply(Array.from({ length: lists.posts }, () => aPost()));
    }
    return jsonReply(404, { message: 'Not found' });
  });
  return { api, ...renderApp('/dashboard') };
}

async function statCards() {
  await screen.findByRole('heading', { name: 'Welcome back, Ada!' });
  const list = document.querySelector('.stat-cards') as HTMLElement;
  await waitFor(() => expect(within(list).queryByText('–')).toBeNull());
  return within(list)
    .getAllByRole('listitem')
    .map((card) => [
      card.querySelector('.stat-label')?.textContent,
      card.querySelector('.stat-value')?.textContent,
    ]);
}

async function recommendedCard() {
  return within(await screen.findByRole('region', { name: 'Recommended Jobs' }));
}

describe('the dashboard stat cards', () => {
  it("show the totals of the spec's three lists and the profile's completion", async () => {
    const { api } = openDashboard(adaWith(), {
      jobs: jobsReply([aJob()], { currentPage: 1, totalPages: 3, totalJobs: 23 }),
      connections: 4,
      posts: 2,
    });

    expect(await statCards()).toEqual([
      ['Available Jobs', '23'],
      ['Connections', '4'],
      ['Recent Posts', '2'],
      ['Profile Completion', '50%'],
    ]);
    // Spec: jobs with limit 5, the feed with limit 3, connections with no params.
    expect(countCalls(api, 'GET', '/api/jobs?limit=5')).toBe(1);
    expect(countCalls(api, 'GET', '/api/posts/feed?limit=3&following=true')).toBe(1);
    expect(countCalls(api, 'GET', '/api/users/connections')).toBe(1);
  });

  it.each<[string, Partial<User>, string, string]>([
    [
      'everything but the resume',
      { bio: 'Poet', location: { city: 'London', state: '', country: '' } },
      '83%',
      'green',
    ],
    ['no resume or bio', { location: { city: 'London', state: '', country: '' } }, '67%', 'yellow'],
    ['only names and skills', {}, '50%', 'red'],
  ])('colour Profile Completion by the thresholds: %s', async (_what, fields, percent, color) => {
    openDashboard(adaWith(fields), { jobs: jobsReply([]), connections: 0, posts: 0 });

    const card = (await screen.findByText('Profile Completion')).closest('li') as HTMLElement;
    expect(card.querySelector('.stat-value')?.textContent).toBe(percent);
    expect(card.classList.contains(`stat-${color}`)).toBe(true);
  });
});

describe('Recommended Jobs', () => {
  it('lists the jobs the server recommends, in its order, each row with its parts, and opens one', async () => {
    const jobs = [
      aJob({ title: 'Frontend', skills: [{ name: 'React', required: true, proficiency: 'Expert' }] }),
      aJob({ title: 'Backend', skills: [{ name: 'GO', required: false, proficiency: 'Advanced' }] }),
      aJob({
        title: 'Fullstack',
        skills: [{ name: 'react', required: true, proficiency: 'Beginner' }],
        company: { name: ' ', industry: '', size: null, website: '' },
        location: { city: '', state: '', country: '' },
        salary: { min: null, max: null, currency: 'USD' },
        jobType: 'Contract',
      }),
    ];
    // The 5 newest jobs fit nobody: what is recommended is the server's ranking over every open job.
    const { router, user, api } = openDashboard(adaWith(), {
      jobs: jobsReply([aJob({ title: 'COBOL only' })]),
      recommended: jobs,
      connections: 0,
      posts: 0,
    });

    const card = await recommendedCard();
    const rows = await card.findAllByRole('link', { name: /Frontend|Backend|Fullstack|COBOL/ });
    expect(rows.map((row) => row.getAttribute('href'))).toEqual(jobs.map((job) => `/jobs/${job._id}`));
    const parts = (row: HTMLElement) =>
      [...row.querySelectorAll('span')]
        .filter((span) => span.children.length === 0)
        .map((span) => span.textContent);
    expect(parts(rows[0] as HTMLElement)).toEqual([
      'Frontend',
      'Navy Labs',
      'Arlington, VA, USA',
      '$85,000 - $120,000 USD',
      'Full-time',
    ]);
    expect(parts(rows[2] as HTMLElement)).toEqual([
      'Fullstack',
      'Company',
      'Location not specified',
      'Salary not specified',
      'Contract',
    ]);
    expect(countCalls(api, 'GET', '/api/jobs/recommended')).toBe(1);

    await user.click(rows[1] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/jobs/${jobs[1]?._id}`));
  });

  it('says "No recommendations yet" with Update Profile when none fits, and offers View All Jobs', async () => {
    const { router, user } = openDashboard(adaWith({ skills: [] }), {
      jobs: jobsReply([aJob()]),
      connections: 0,
      posts: 0,
    });

    const card = await recommendedCard();
    expect(await card.findByText('No recommendations yet')).toBeTruthy();
    expect(card.getByRole('link', { name: 'Update Profile' }).getAttribute('href')).toBe('/profile');
    await user.click(card.getByRole('link', { name: 'View All Jobs' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/jobs'));
  });

  it('says the server failed when the recommendations cannot be loaded, and tries again', async () => {
    let fail = true;
    const { user } = openDashboard(adaWith(), {
      jobs: jobsReply([]),
      recommended: () =>
        fail
          ? jsonReply(503, { message: 'Service unavailable' })
          : jsonReply(200, {
              data: [
                aJob({
                  title: 'Frontend',
                  skills: [{ name: 'React', required: true, proficiency: 'Expert' }],
                }),
              ],
            }),
      connections: 0,
      posts: 0,
    });

    const card = await recommendedCard();
    expect((await card.findByRole('alert')).textContent).toBe('Server error. Please try again later.');
    fail = false;
    await user.click(card.getByRole('button', { name: 'Try again' }));
    expect(await card.findByRole('link', { name: /Frontend/ })).toBeTruthy();
  });
});

describe('the dashboard, live', () => {
  it('reads the jobs and connections again when a new notification arrives (a job alert, an acceptance)', async () => {
    const lists: Lists = { jobs: jobsReply([]), connections: 1, posts: 0 };
    openDashboard(adaWith(), lists);
    expect(await statCards()).toContainEqual(['Connections', '1']);
    const card = await recommendedCard();
    await card.findByText('No recommendations yet');

    const fitting = aJob({
      title: 'React Developer',
      skills: [{ name: 'React', required: true, proficiency: 'Expert' }],
    });
    lists.jobs = jobsReply([fitting], { currentPage: 1, totalPages: 1, totalJobs: 7 });
    lists.recommended = [fitting];
    lists.connections = 2;
    await fakeSocket.push(serverEvents.notificationsChanged, {
      unreadCount: 1,
      notificationId: crypto.randomUUID(),
    });

    expect(await card.findByRole('link', { name: /React Developer/ })).toBeTruthy();
    expect(await statCards()).toEqual([
      ['Available Jobs', '7'],
      ['Connections', '2'],
      ['Recent Posts', '0'],
      ['Profile Completion', '50%'],
    ]);
  });

  it('does not read anything again for a push about marks', async () => {
    const { api } = openDashboard(adaWith(), { jobs: jobsReply([]), connections: 0, posts: 0 });
    await statCards();
    const before = countCalls(api, 'GET', '/api/jobs?limit=5');

    await fakeSocket.push(serverEvents.notificationsChanged, { unreadCount: 0, notificationId: null });

    expect(countCalls(api, 'GET', '/api/jobs?limit=5')).toBe(before);
  });

  it('counts a connection made on the other side (connection:updated) without a reload', async () => {
    const lists: Lists = { jobs: jobsReply([]), connections: 0, posts: 0 };
    openDashboard(adaWith(), lists);
    expect(await statCards()).toContainEqual(['Connections', '0']);

    lists.connections = 1;
    lists.posts = 1;
    await fakeSocket.push(serverEvents.connectionUpdated, {
      connectionId: crypto.randomUUID(),
      status: 'accepted',
      consistencyToken: tokenOf(crypto.randomUUID(), 1),
    });

    await waitFor(async () => expect(await statCards()).toContainEqual(['Connections', '1']));
    expect(await statCards()).toContainEqual(['Recent Posts', '1']);
  });

  it('counts a new post in the network (feed:post-created)', async () => {
    const lists: Lists = { jobs: jobsReply([]), connections: 0, posts: 0 };
    openDashboard(adaWith(), lists);
    expect(await statCards()).toContainEqual(['Recent Posts', '0']);

    lists.posts = 2;
    await fakeSocket.push(serverEvents.feedPostCreated, {
      postId: crypto.randomUUID(),
      authorId: crypto.randomUUID(),
      consistencyToken: tokenOf(crypto.randomUUID(), 1),
    });

    await waitFor(async () => expect(await statCards()).toContainEqual(['Recent Posts', '2']));
  });
});
