import type { JobApplicant } from '@careers/contracts/entities/application';
import { serverEvents } from '@careers/contracts/sockets';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FetchHandler, type FetchStub, jsonReply, sentBodies } from '../../../testing/fake-api';
import { fakeSocket } from '../../../testing/fake-socket';
import { adaAuthor, minutesAgo } from '../../../testing/posts';
import { openSignedIn } from '../../../testing/render-app';
import { adaEmployer, aJob, anApplicant, dataReply } from '../testing';

const job = aJob({ title: 'Compiler Engineer', employer: adaEmployer });
const applicantsUrl = `/api/jobs/${job._id}/applications`;

/** Ada opens her job's applicants; `applicants` answers GET .../applications, `others` the rest. */
function openApplicants(applicants: () => Response, others: FetchHandler = () => jsonReply(404, {})) {
  return openSignedIn(`/jobs/${job._id}/applicants`, (method, url, init) => {
    if (method === 'GET' && url === `/api/jobs/${job._id}`) return dataReply(job);
    if (method === 'GET' && url === applicantsUrl) return applicants();
    return others(method, url, init);
  });
}

function tokensSent(api: FetchStub, url: string): Array<string | null> {
  return api.mock.calls
    .filter(([input, init]) => String(input) === url && (init?.method ?? 'GET') === 'GET')
    .map(([, init]) => new Headers(init?.headers).get('x-consistency-token'));
}

/** The card's buttons but Message (message-button.test.tsx), which every applicant has. */
const moveButtons = (card: HTMLElement) =>
  within(card)
    .queryAllByRole('button')
    .map((button) => button.textContent)
    .filter((label) => label !== 'Message');

describe('applicants', () => {
  it('shows each applicant, their letter, salary, status and history, and the moves allowed', async () => {
    const pending = anApplicant(job._id, { appliedAt: minutesAgo(30) });
    const interview = anApplicant(job._id, {
      applicant: {
        ...adaAuthor,
        _id: crypto.randomUUID(),
        firstName: 'Alan',
        lastName: 'Turing',
        jobTitle: '',
      },
      status: 'interview',
      expectedSalary: null,
      history: [
        { status: 'pending', at: '2026-03-01T09:00:00.000Z' },
        { status: 'interview', at: '2026-03-02T09:00:00.000Z' },
      ],
    });
    const accepted = anApplicant(job._id, {
      applicant: { ...adaAuthor, _id: crypto.randomUUID(), firstName: 'Edsger', lastName: 'Dijkstra' },
      status: 'accepted',
    });
    openApplicants(() => dataReply([pending, interview, accepted]));

    const grace = await screen.findByRole('article', { name: 'Grace Hopper' });
    expect(screen.getByRole('heading', { name: 'Applicants for Compiler Engineer', level: 1 })).toBeTruthy();
    expect(screen.getByText('3 applicants')).toBeTruthy();
    const card = within(grace);
    expect(card.getByText('GH')).toBeTruthy();
    expect(card.getByText('Rear Admiral')).toBeTruthy();
    // The applicant's name opens their profile.
    expect(card.getByRole('link', { name: 'Grace Hopper' }).getAttribute('href')).toBe(
      `/people/${pending.applicant._id}`,
    );
    expect(card.getByText('Applied 30m ago')).toBeTruthy();
    expect(card.getByText('Expected salary: $120,000')).toBeTruthy();
    expect(card.getByText('I wrote the first compiler.').getAttribute('dir')).toBe('auto');
    expect(card.getByText('pending').className).toBe('status-badge status-yellow');
    expect(within(card.getByRole('list', { name: 'Status history' })).getAllByRole('listitem')).toHaveLength(
      1,
    );
    expect(moveButtons(grace)).toEqual(['Move to interview', 'Move to accepted', 'Move to rejected']);

    const alan = screen.getByRole('article', { name: 'Alan Turing' });
    expect(within(alan).getByText('Professional')).toBeTruthy();
    expect(within(alan).getByRole('link', { name: 'Alan Turing' }).getAttribute('href')).toBe(
      `/people/${interview.applicant._id}`,
    );
    expect(within(alan).queryByText(/Expected salary/)).toBeNull();
    expect(
      within(within(alan).getByRole('list', { name: 'Status history' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent?.split(' on ')[0]),
    ).toEqual(['pending', 'interview']);
    expect(moveButtons(alan)).toEqual(['Move to accepted', 'Move to rejected']);

    expect(moveButtons(screen.getByRole('article', { name: 'Edsger Dijkstra' }))).toEqual([]);
  });

  it('offers the resume an applicant sent, and their picture, named by their name', async () => {
    const resume = {
      filename: 'grace-hopper.pdf',
      url: '/api/files/resumes/6f1e2d3c-4b5a-4987-8a6b-5c4d3e2f1a0b',
      size: 52_000,
      uploadedAt: '2026-03-01T08:00:00.000Z',
    };
    const withResume = anApplicant(job._id, {
      applicant: {
        ...anApplicant(job._id).applicant,
        profilePicture: { url: '/api/files/pictures/g3/large', avatarUrl: '/api/files/pictures/g3/avatar' },
      },
      resume,
    });
    const without = anApplicant(job._id, {
      applicant: { ...adaAuthor, _id: crypto.randomUUID(), firstName: 'Alan', lastName: 'Turing' },
    });
    openApplicants(() => dataReply([withResume, without]));

    const grace = within(await screen.findByRole('article', { name: 'Grace Hopper' }));
    const link = grace.getByRole('link', { name: 'Resume' });
    expect([link.getAttribute('href'), link.getAttribute('download')]).toEqual([resume.url, resume.filename]);
    expect(grace.getByText('grace-hopper.pdf')).toBeTruthy();
    expect(grace.getByRole('img', { name: 'Grace Hopper' }).getAttribute('src')).toBe(
      '/api/files/pictures/g3/avatar',
    );

    const alan = within(screen.getByRole('article', { name: 'Alan Turing' }));
    expect(alan.queryByRole('link', { name: 'Resume' })).toBeNull();
    expect(alan.getByText('AT')).toBeTruthy();
  });

  it('moves an application: the badge and history change at once, then the list is read with the token', async () => {
    const applicant = anApplicant(job._id);
    const moved: JobApplicant = {
      ...applicant,
      status: 'interview',
      history: [...applicant.history, { status: 'interview', at: new Date().toISOString() }],
    };
    let moves = 0;
    const { api, user } = openApplicants(
      () => dataReply(moves === 0 ? [applicant] : [moved]),
      (method, url) => {
        if (method !== 'PUT' || url !== `/api/applications/${applicant._id}/status`)
          return jsonReply(404, {});
        moves += 1;
        return dataReply({ applicationId: applicant._id, jobId: job._id, status: 'interview' }, 200, {
          'x-consistency-token': `${applicant._id}@2`,
        });
      },
    );
    const card = within(await screen.findByRole('article', { name: 'Grace Hopper' }));

    await user.click(card.getByRole('button', { name: 'Move to interview' }));

    expect((await card.findByText('interview')).className).toBe('status-badge status-blue');
    expect(sentBodies(api, 'PUT', `/api/applications/${applicant._id}/status`)).toEqual([
      { status: 'interview' },
    ]);
    await waitFor(() => expect(tokensSent(api, applicantsUrl)).toEqual([null, `${applicant._id}@2`]));
    expect(card.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Message',
      'Move to accepted',
      'Move to rejected',
    ]);
    expect(within(card.getByRole('list', { name: 'Status history' })).getAllByRole('listitem')).toHaveLength(
      2,
    );
  });

  it("shows a refused move in the server's words", async () => {
    const applicant = anApplicant(job._id);
    const { user } = openApplicants(
      () => dataReply([applicant]),
      () => jsonReply(409, { message: 'An application that is withdrawn cannot be moved to interview' }),
    );
    const card = within(await screen.findByRole('article', { name: 'Grace Hopper' }));

    await user.click(card.getByRole('button', { name: 'Move to interview' }));

    expect((await card.findByRole('alert')).textContent).toBe(
      'An application that is withdrawn cannot be moved to interview',
    );
  });

  it('says "No applicants yet" for a job nobody applied to', async () => {
    openApplicants(() => dataReply([]));

    expect(await screen.findByText('No applicants yet')).toBeTruthy();
  });

  it('says "Job not found" to anyone but the poster (the server answers 404)', async () => {
    openApplicants(() => jsonReply(404, { message: 'Job not found' }));

    expect(await screen.findByRole('heading', { name: 'Job not found' })).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('reads the list again, with the token, when an application arrives', async () => {
    const first = anApplicant(job._id);
    const second = anApplicant(job._id, {
      applicant: { ...adaAuthor, _id: crypto.randomUUID(), firstName: 'Alan', lastName: 'Turing' },
    });
    let calls = 0;
    const { api } = openApplicants(() => {
      calls += 1;
      return dataReply(calls === 1 ? [first] : [second, first]);
    });
    await screen.findByRole('article', { name: 'Grace Hopper' });

    await fakeSocket.push(serverEvents.jobApplicationsChanged, {
      jobId: job._id,
      applicationId: second._id,
      status: 'pending',
      consistencyToken: `${second._id}@1`,
    });

    expect(await screen.findByRole('article', { name: 'Alan Turing' })).toBeTruthy();
    expect(tokensSent(api, applicantsUrl)).toEqual([null, `${second._id}@1`]);
  });
});
