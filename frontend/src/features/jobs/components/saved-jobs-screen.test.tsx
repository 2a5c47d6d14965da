import type { Job } from '@careers/contracts/entities/job';
import type { SavedJob } from '@careers/contracts/entities/saved-job';
import { savedJobMessages } from '@careers/contracts/messages';
import { serverEvents } from '@careers/contracts/sockets';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { descriptionOf } from '../../../testing/a11y';
import { deferred } from '../../../testing/deferred';
import { ada, countCalls, type FetchHandler, type FetchStub, jsonReply } from '../../../testing/fake-api';
import { fakeSocket } from '../../../testing/fake-socket';
import { minutesAgo } from '../../../testing/posts';
import { openSignedIn } from '../../../testing/render-app';
import { aJob, aSavedJob, dataReply, jobsReply, savedJobsUrl } from '../testing';

const savedUrl = (job: Job) => `/api/jobs/${job._id}/saved`;

/** Ada opens Saved Jobs; `saved` answers each read of her list, `others` the rest. */
function openSaved(
  saved: () => Response | Promise<Response>,
  others: FetchHandler = () => jsonReply(404, {}),
) {
  return openSignedIn('/jobs/saved', (method, url, init) =>
    method === 'GET' && url === savedJobsUrl ? saved() : others(method, url, init),
  );
}

function tokensSent(api: FetchStub, url: string): Array<string | null> {
  return api.mock.calls
    .filter(([input, init]) => String(input) === url && (init?.method ?? 'GET') === 'GET')
    .map(([, init]) => new Headers(init?.headers).get('x-consistency-token'));
}

const cardTitles = () => screen.queryAllByRole('article').map((card) => card.getAttribute('data-job-id'));

afterEach(() => {
  vi.restoreAllMocks();
});

const compiler = aJob({ title: 'Compiler Engineer' });
const analyst = aJob({
  title: 'Data Analyst',
  workLocation: 'On-site',
  location: { city: '', state: '', country: '' },
  company: { name: '', industry: '', size: null, website: '' },
  status: 'closed',
  closedAt: minutesAgo(60),
});

describe('Saved Jobs: what it shows', () => {
  it('lists the saved jobs as the server orders them, latest saved first, each with when it was saved', async () => {
    // Saved before the screen opens (its clock starts then).
    const saved = [aSavedJob(compiler, minutesAgo(5)), aSavedJob(analyst, minutesAgo(60 * 24 * 2))];
    openSaved(() => dataReply(saved));

    const first = within(await screen.findByRole('article', { name: 'Compiler Engineer' }));
    expect(screen.getByRole('heading', { name: 'Saved Jobs', level: 1 })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Saved Jobs | JobConnect'));
    expect(cardTitles()).toEqual([compiler._id, analyst._id]);
    expect(first.getByRole('link', { name: 'Compiler Engineer' }).getAttribute('href')).toBe(
      `/jobs/${compiler._id}`,
    );
    expect(first.getByText('Navy Labs')).toBeTruthy();
    expect(first.getByText('Remote · Arlington')).toBeTruthy();
    const when = first.getByText('Saved 5m ago');
    expect(when.tagName).toBe('TIME');
    const toggle = first.getByRole('button', { name: 'Save job' });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(toggle.textContent).toBe('Save');
    expect(first.queryByText(savedJobMessages.closedNote)).toBeNull();
    expect(first.queryByText('Closed')).toBeNull();

    const closedCard = screen.getByRole('article', { name: 'Data Analyst' });
    const second = within(closedCard);
    expect(second.getByText('Grace Hopper')).toBeTruthy();
    expect(second.getByText('On-site')).toBeTruthy();
    expect(second.getByText('Saved 2d ago')).toBeTruthy();
    expect(second.getByText('Closed')).toBeTruthy();
    expect(second.getByText('This job is closed and no longer takes applications')).toBeTruthy();
    expect(descriptionOf(closedCard)).toEqual([savedJobMessages.closedNote]);
    // Saved, it can still be unsaved.
    expect(second.getByRole('button', { name: 'Save job' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('says so when nothing is saved, with a way to the jobs', async () => {
    openSaved(() => dataReply([]));

    const empty = await screen.findByRole('heading', { name: "You haven't saved any jobs yet" });
    const card = within(empty.parentElement as HTMLElement);
    expect(card.getByText('Save jobs from the list to come back to them later.')).toBeTruthy();
    expect(card.getByRole('link', { name: 'Browse Jobs' }).getAttribute('href')).toBe('/jobs');
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('shows "Error loading your saved jobs" with the server\'s text, and Try again reads again', async () => {
    let reads = 0;
    const { user } = openSaved(() => {
      reads += 1;
      return reads === 1
        ? jsonReply(429, { message: 'Too many requests' })
        : dataReply([aSavedJob(compiler)]);
    });

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Error loading your saved jobs' })).toBeTruthy();
    expect(alert.textContent).toContain('Too many requests');
    expect(screen.getByRole('heading', { name: 'Saved Jobs', level: 1 })).toBeTruthy();

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('article', { name: 'Compiler Engineer' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows Loading... until the list arrives', async () => {
    const reply = deferred<Response>();
    openSaved(() => reply.promise);

    expect((await screen.findByRole('heading', { name: 'Saved Jobs', level: 1 })).tagName).toBe('H1');
    expect(screen.getByText('Loading...')).toBeTruthy();

    reply.resolve(dataReply([aSavedJob(compiler)]));

    expect(await screen.findByRole('article', { name: 'Compiler Engineer' })).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
  });
});

describe('Saved Jobs: unsaving', () => {
  it('takes a job off once the server has it, says so, and moves the focus to the next card, then to the heading', async () => {
    let saved: SavedJob[] = [aSavedJob(compiler), aSavedJob(analyst)];
    const replies = new Map([
      [compiler._id, deferred<Response>()],
      [analyst._id, deferred<Response>()],
    ]);
    const { user } = openSaved(
      () => dataReply(saved),
      (method, url) => {
        const job = [compiler, analyst].find((one) => url === savedUrl(one));
        if (method !== 'DELETE' || !job) return jsonReply(404, {});
        return (replies.get(job._id) as ReturnType<typeof deferred<Response>>).promise;
      },
    );
    const card = await screen.findByRole('article', { name: 'Compiler Engineer' });
    const toggle = within(card).getByRole('button', { name: 'Save job' });

    await user.click(toggle);

    // On its way: the toggle shows the change, the card stays.
    await waitFor(() => expect(toggle.getAttribute('aria-pressed')).toBe('false'));
    expect(toggle.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('article', { name: 'Compiler Engineer' })).toBe(card);

    saved = [aSavedJob(analyst)];
    replies.get(compiler._id)?.resolve(dataReply({ jobId: compiler._id, saved: false }));

    await waitFor(() => expect(screen.queryByRole('article', { name: 'Compiler Engineer' })).toBeNull());
    expect(await screen.findByText('Job removed from your saved jobs')).toBeTruthy();
    const next = screen.getByRole('article', { name: 'Data Analyst' });
    expect(document.activeElement).toBe(next);

    // The last one: the focus goes to the heading, and the list says it is empty.
    await user.click(within(next).getByRole('button', { name: 'Save job' }));
    saved = [];
    replies.get(analyst._id)?.resolve(dataReply({ jobId: analyst._id, saved: false }));

    expect(await screen.findByRole('heading', { name: "You haven't saved any jobs yet" })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Saved Jobs', level: 1 }));
  });

  it('keeps a job whose unsave failed, saved, and alerts "Failed to remove the job from your saved jobs. Please try again."', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { api, user } = openSaved(
      () => dataReply([aSavedJob(compiler)]),
      () => jsonReply(500, { message: 'boom' }),
    );
    const card = await screen.findByRole('article', { name: 'Compiler Engineer' });
    const toggle = within(card).getByRole('button', { name: 'Save job' });

    await user.click(toggle);

    await waitFor(() => expect(alert).toHaveBeenCalledWith(savedJobMessages.unsaveFailed));
    await waitFor(() => {
      expect(toggle.getAttribute('aria-pressed')).toBe('true');
      expect(toggle.getAttribute('aria-disabled')).toBeNull();
    });
    expect(screen.getByRole('article', { name: 'Compiler Engineer' })).toBe(card);
    expect(document.activeElement).toBe(toggle);
    expect(countCalls(api, 'DELETE', savedUrl(compiler))).toBe(1);
  });
});

describe('Saved Jobs: live and reached', () => {
  it('follows another tab: a push reads the list again, waiting for its change', async () => {
    let saved: SavedJob[] = [aSavedJob(compiler)];
    const { api } = openSaved(() => dataReply(saved));
    await screen.findByRole('article', { name: 'Compiler Engineer' });

    saved = [aSavedJob(analyst, new Date().toISOString()), ...saved];
    await fakeSocket.push(serverEvents.savedJobsChanged, {
      jobId: analyst._id,
      saved: true,
      consistencyToken: `${ada._id}@41`,
    });

    expect(await screen.findByRole('article', { name: 'Data Analyst' })).toBeTruthy();
    expect(cardTitles()).toEqual([analyst._id, compiler._id]);
    expect(tokensSent(api, savedJobsUrl).at(-1)).toContain(`${ada._id}@41`);

    // An unsave elsewhere takes it off here.
    saved = [aSavedJob(compiler)];
    await fakeSocket.push(serverEvents.savedJobsChanged, {
      jobId: analyst._id,
      saved: false,
      consistencyToken: `${ada._id}@42`,
    });

    await waitFor(() => expect(cardTitles()).toEqual([compiler._id]));
  });

  it("marks the jobs list's toggles from another tab's saves too", async () => {
    let saved: SavedJob[] = [];
    const { api } = openSignedIn('/jobs', (method, url) => {
      if (method === 'GET' && url === savedJobsUrl) return dataReply(saved);
      if (method === 'GET' && url === '/api/jobs') return jobsReply([compiler]);
      return jsonReply(404, {});
    });
    const card = within(await screen.findByRole('article', { name: 'Compiler Engineer' }));
    await waitFor(() => expect(countCalls(api, 'GET', savedJobsUrl)).toBe(1));
    expect(card.getByRole('button', { name: 'Save job' }).getAttribute('aria-pressed')).toBe('false');

    saved = [aSavedJob(compiler)];
    await fakeSocket.push(serverEvents.savedJobsChanged, {
      jobId: compiler._id,
      saved: true,
      consistencyToken: `${ada._id}@43`,
    });

    await waitFor(() =>
      expect(card.getByRole('button', { name: 'Save job' }).getAttribute('aria-pressed')).toBe('true'),
    );
    expect(tokensSent(api, savedJobsUrl).at(-1)).toContain(`${ada._id}@43`);
  });

  it('reads the list again when the live connection comes back (pushes meanwhile reached no one)', async () => {
    const { api } = openSaved(() => dataReply([aSavedJob(compiler)]));
    await screen.findByRole('article', { name: 'Compiler Engineer' });
    await waitFor(() => expect(fakeSocket.listenerCount(serverEvents.savedJobsChanged)).toBe(1));
    const before = countCalls(api, 'GET', savedJobsUrl);

    await fakeSocket.reconnect();

    await waitFor(() => expect(countCalls(api, 'GET', savedJobsUrl)).toBe(before + 1));
  });

  it('ignores a push that does not match the contract', async () => {
    const { api } = openSaved(() => dataReply([aSavedJob(compiler)]));
    await screen.findByRole('article', { name: 'Compiler Engineer' });
    const before = countCalls(api, 'GET', savedJobsUrl);

    await fakeSocket.push(serverEvents.savedJobsChanged, { jobId: compiler._id });

    expect(countCalls(api, 'GET', savedJobsUrl)).toBe(before);
  });

  it("is reached from the jobs list's header, and the sidebar lights Jobs there", async () => {
    const { user, router } = openSignedIn('/jobs', (method, url) => {
      if (method === 'GET' && url === savedJobsUrl) return dataReply([aSavedJob(compiler)]);
      if (method === 'GET' && url === '/api/jobs') return jobsReply([compiler]);
      return jsonReply(404, {});
    });
    const header = (await screen.findByRole('heading', { name: 'Find Jobs', level: 1 })).closest(
      'header',
    ) as HTMLElement;

    await user.click(within(header).getByRole('link', { name: 'Saved Jobs' }));

    expect(await screen.findByRole('heading', { name: 'Saved Jobs', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/jobs/saved');
    expect(await screen.findByRole('article', { name: 'Compiler Engineer' })).toBeTruthy();
    const sidebar = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(sidebar.getByRole('link', { name: 'Jobs' }).getAttribute('aria-current')).toBe('page');
  });
});
