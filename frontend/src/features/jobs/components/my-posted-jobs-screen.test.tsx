import { serverEvents } from '@careers/contracts/sockets';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { countCalls, type FetchHandler, type FetchStub, jsonReply } from '../../../testing/fake-api';
import { fakeSocket } from '../../../testing/fake-socket';
import { openSignedIn } from '../../../testing/render-app';
import { aPostedJob, dataReply } from '../testing';

function openPosted(handler: FetchHandler) {
  return openSignedIn('/jobs/my/posted', handler);
}

function tokensSent(api: FetchStub, url: string): Array<string | null> {
  return api.mock.calls
    .filter(([input, init]) => String(input) === url && (init?.method ?? 'GET') === 'GET')
    .map(([, init]) => new Headers(init?.headers).get('x-consistency-token'));
}

function counts(card: HTMLElement): string[] {
  const list = within(card).getByRole('list', { name: 'Applicants per status' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

describe('my posted jobs', () => {
  it('lists each job with its applicants per status, a Closed badge, a way to its applicants and Edit Job', async () => {
    const open = aPostedJob({
      title: 'Compiler Engineer',
      applicationCounts: { pending: 2, interview: 1, accepted: 0, rejected: 1, withdrawn: 1 },
    });
    const closed = aPostedJob({ title: 'Old role', status: 'closed', closedAt: new Date().toISOString() });
    openPosted(() => dataReply([open, closed]));

    const first = await screen.findByRole('article', { name: 'Compiler Engineer' });
    expect(screen.getByRole('heading', { name: 'My Posted Jobs', level: 1 })).toBeTruthy();
    expect(counts(first)).toEqual(['pending 2', 'accepted 0', 'rejected 1', 'interview 1', 'withdrawn 1']);
    expect(within(first).getByText('5 applicants')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Compiler Engineer' }).getAttribute('href')).toBe(
      `/jobs/${open._id}`,
    );
    expect(within(first).getByRole('link', { name: 'View applicants' }).getAttribute('href')).toBe(
      `/jobs/${open._id}/applicants`,
    );
    expect(within(first).getByRole('link', { name: 'Edit Job' }).getAttribute('href')).toBe(
      `/jobs/${open._id}/edit`,
    );
    expect(within(first).getByRole('button', { name: 'Close Job' })).toBeTruthy();
    expect(within(first).queryByText('Closed')).toBeNull();

    const second = screen.getByRole('article', { name: 'Old role' });
    expect(within(second).getByText('Closed')).toBeTruthy();
    expect(within(second).getByText('0 applicants')).toBeTruthy();
    expect(within(second).queryByRole('button', { name: 'Close Job' })).toBeNull();
    expect(within(second).queryByRole('link', { name: 'Edit Job' })).toBeNull();
  });

  it('closes a job after asking, and marks it Closed', async () => {
    const job = aPostedJob({ title: 'Compiler Engineer' });
    const { api, user } = openPosted((method, url) =>
      method === 'POST' && url === `/api/jobs/${job._id}/close`
        ? dataReply({ jobId: job._id, status: 'closed', closedAt: new Date().toISOString() })
        : dataReply([job]),
    );
    const card = within(await screen.findByRole('article', { name: 'Compiler Engineer' }));

    await user.click(card.getByRole('button', { name: 'Close Job' }));
    await user.click(card.getByRole('button', { name: 'Yes, close job' }));

    expect(await card.findByText('Closed')).toBeTruthy();
    expect(card.queryByRole('button', { name: 'Close Job' })).toBeNull();
    expect(countCalls(api, 'POST', `/api/jobs/${job._id}/close`)).toBe(1);
  });

  it("shows a refused close in the server's words", async () => {
    const job = aPostedJob({ title: 'Compiler Engineer' });
    const { user } = openPosted((method) =>
      method === 'POST'
        ? jsonReply(403, { message: 'Only the person who posted this job can close it' })
        : dataReply([job]),
    );
    const card = within(await screen.findByRole('article', { name: 'Compiler Engineer' }));

    await user.click(card.getByRole('button', { name: 'Close Job' }));
    await user.click(card.getByRole('button', { name: 'Yes, close job' }));

    expect((await card.findByRole('alert')).textContent).toBe(
      'Only the person who posted this job can close it',
    );
  });

  it('says when no job was posted yet, with a way to post one', async () => {
    openPosted(() => dataReply([]));

    expect(await screen.findByRole('heading', { name: "You haven't posted any jobs yet" })).toBeTruthy();
    expect(screen.getByText('Post your first job to start receiving applications.')).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('shows the server text in an "Error loading your jobs" card', async () => {
    openPosted(() =>
      jsonReply(429, { message: 'Too many requests. Please slow down and try again shortly.' }),
    );

    const card = await screen.findByRole('alert');
    expect(within(card).getByRole('heading', { name: 'Error loading your jobs' })).toBeTruthy();
    expect(card.textContent).toContain('Too many requests. Please slow down and try again shortly.');
  });

  it('reads the counts again when an application arrives, waiting for its version', async () => {
    const job = aPostedJob({ title: 'Compiler Engineer' });
    let calls = 0;
    const { api } = openPosted(() => {
      calls += 1;
      return dataReply([
        { ...job, applicationCounts: { ...job.applicationCounts, pending: calls === 1 ? 0 : 1 } },
      ]);
    });
    const card = await screen.findByRole('article', { name: 'Compiler Engineer' });
    expect(within(card).getByText('0 applicants')).toBeTruthy();
    const applicationId = crypto.randomUUID();

    await fakeSocket.push(serverEvents.jobApplicationsChanged, {
      jobId: job._id,
      applicationId,
      status: 'pending',
      consistencyToken: `${applicationId}@1`,
    });

    expect(await within(card).findByText('1 applicant')).toBeTruthy();
    expect(tokensSent(api, '/api/jobs/my/posted')).toEqual([null, `${applicationId}@1`]);
  });
});
