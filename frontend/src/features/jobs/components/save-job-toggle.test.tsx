import type { Job } from '@careers/contracts/entities/job';
import type { SavedJob } from '@careers/contracts/entities/saved-job';
import { savedJobMessages } from '@careers/contracts/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../../../testing/deferred';
import { ada, countCalls, type FetchHandler, type FetchStub, jsonReply } from '../../../testing/fake-api';
import { openSignedIn } from '../../../testing/render-app';
import { aJob, aSavedJob, dataReply, jobsReply, savedJobsUrl } from '../testing';

const savedUrl = (job: Job) => `/api/jobs/${job._id}/saved`;

/**
 * A fake server for Ada: `jobs` is the jobs list (and each job's page), `saved()` her saved list as it
 * is at each read, `commands` answers the rest (the saves and unsaves).
 */
function server(
  jobs: Job[],
  saved: () => SavedJob[],
  commands: FetchHandler = () => jsonReply(404, {}),
): FetchHandler {
  return (method, url, init) => {
    if (method === 'GET' && url === '/api/jobs') return jobsReply(jobs);
    if (method === 'GET' && url === savedJobsUrl) return dataReply(saved());
    if (method === 'GET' && url === '/api/jobs/my/applications') return dataReply([]);
    const one = jobs.find((job) => url === `/api/jobs/${job._id}`);
    if (method === 'GET' && one) return dataReply(one);
    return commands(method, url, init);
  };
}

function cardOf(title: string) {
  return within(screen.getByRole('article', { name: title }));
}

/** The Save toggle of the card titled `title`. */
function toggleOf(title: string): HTMLElement {
  return cardOf(title).getByRole('button', { name: 'Save job' });
}

/** The Idempotency-Key of each `method url` sent. */
function keysSent(api: FetchStub, method: string, url: string): Array<string | null> {
  return api.mock.calls
    .filter(([input, init]) => String(input) === url && init?.method === method)
    .map(([, init]) => new Headers(init?.headers).get('idempotency-key'));
}

function tokensSent(api: FetchStub, url: string): Array<string | null> {
  return api.mock.calls
    .filter(([input, init]) => String(input) === url && (init?.method ?? 'GET') === 'GET')
    .map(([, init]) => new Headers(init?.headers).get('x-consistency-token'));
}

const stateReply = (job: Job, saved: boolean, token?: string) =>
  dataReply({ jobId: job._id, saved }, 200, token ? { 'x-consistency-token': token } : {});

/** Settles once the toggle shows `pressed` and is no longer on its way. */
async function settledAs(toggle: HTMLElement, pressed: boolean) {
  await waitFor(() => {
    expect(toggle.getAttribute('aria-pressed')).toBe(String(pressed));
    expect(toggle.getAttribute('aria-disabled')).toBeNull();
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Save job on the jobs list', () => {
  it('marks each card from the saved list; a closed job is offered only while it is saved', async () => {
    const savedOpen = aJob({ title: 'Saved Open' });
    const open = aJob({ title: 'Open' });
    const closedAt = new Date().toISOString();
    const closed = aJob({ title: 'Closed Unsaved', status: 'closed', closedAt });
    const savedClosed = aJob({ title: 'Closed Saved', status: 'closed', closedAt });
    openSignedIn(
      '/jobs',
      server([savedOpen, open, closed, savedClosed], () => [aSavedJob(savedOpen), aSavedJob(savedClosed)]),
    );
    await screen.findByRole('article', { name: 'Saved Open' });

    await waitFor(() => expect(toggleOf('Saved Open').getAttribute('aria-pressed')).toBe('true'));
    expect(toggleOf('Saved Open').textContent).toBe('Save');
    expect(toggleOf('Open').getAttribute('aria-pressed')).toBe('false');
    expect(toggleOf('Open').textContent).toBe('Save');
    expect(toggleOf('Open').tagName).toBe('BUTTON');
    expect(toggleOf('Open').getAttribute('type')).toBe('button');
    expect(cardOf('Closed Unsaved').queryByRole('button', { name: 'Save job' })).toBeNull();
    expect(toggleOf('Closed Saved').getAttribute('aria-pressed')).toBe('true');
  });

  it('flips at once and sends once: a double click is one PUT with one key; the focus stays; then "Job saved"', async () => {
    const job = aJob({ title: 'Compiler Engineer' });
    let saved: SavedJob[] = [];
    const reply = deferred<Response>();
    const { api, user } = openSignedIn(
      '/jobs',
      server(
        [job],
        () => saved,
        (method, url) => (method === 'PUT' && url === savedUrl(job) ? reply.promise : jsonReply(404, {})),
      ),
    );
    await screen.findByRole('article', { name: 'Compiler Engineer' });
    await waitFor(() => expect(countCalls(api, 'GET', savedJobsUrl)).toBe(1));
    const toggle = toggleOf('Compiler Engineer');

    // Focused from the keyboard, then two clicks in the same frame, before any render.
    toggle.focus();
    toggle.click();
    toggle.click();

    await waitFor(() => expect(toggle.getAttribute('aria-pressed')).toBe('true'));
    expect(toggle.textContent).toBe('Save');
    expect(toggle.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(toggle);
    // A click while it is on its way sends nothing either.
    await user.click(toggle);
    expect(countCalls(api, 'PUT', savedUrl(job))).toBe(1);
    expect(keysSent(api, 'PUT', savedUrl(job))[0]).toMatch(/^[0-9a-f]{32}$/);

    saved = [aSavedJob(job)];
    reply.resolve(stateReply(job, true, `${ada._id}@7`));

    await settledAs(toggle, true);
    expect(toggle.textContent).toBe('Save');
    expect(document.activeElement).toBe(toggle);
    expect(await screen.findByText('Job saved')).toBeTruthy();
    expect(screen.getByText('Job saved').closest('[aria-live="polite"]')).toBeTruthy();
    // The saved list is read again, waiting for the save.
    await waitFor(() => expect(tokensSent(api, savedJobsUrl).at(-1)).toContain(`${ada._id}@7`));
    expect(countCalls(api, 'PUT', savedUrl(job))).toBe(1);
  });

  it('goes back with "Failed to save the job. Please try again." when the save fails; again sends the same key', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const job = aJob({ title: 'Compiler Engineer' });
    let saved: SavedJob[] = [];
    let puts = 0;
    const { api, user } = openSignedIn(
      '/jobs',
      server(
        [job],
        () => saved,
        (method, url) => {
          if (method !== 'PUT' || url !== savedUrl(job)) return jsonReply(404, {});
          puts += 1;
          if (puts === 1) return jsonReply(500, { message: 'boom' });
          saved = [aSavedJob(job)];
          return stateReply(job, true);
        },
      ),
    );
    await screen.findByRole('article', { name: 'Compiler Engineer' });
    const toggle = toggleOf('Compiler Engineer');

    await user.click(toggle);

    await waitFor(() => expect(alert).toHaveBeenCalledWith(savedJobMessages.saveFailed));
    await settledAs(toggle, false);
    expect(toggle.textContent).toBe('Save');
    expect(screen.queryByText('Job saved')).toBeNull();

    await user.click(toggle);

    await settledAs(toggle, true);
    const [first, second] = keysSent(api, 'PUT', savedUrl(job));
    expect(second).toBe(first);
    expect(alert).toHaveBeenCalledTimes(1);
  });

  it("says a refusal in the server's words (too many saved) and goes back", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const job = aJob({ title: 'Compiler Engineer' });
    const { user } = openSignedIn(
      '/jobs',
      server(
        [job],
        () => [],
        () => jsonReply(400, { message: savedJobMessages.tooMany }),
      ),
    );
    await screen.findByRole('article', { name: 'Compiler Engineer' });

    await user.click(toggleOf('Compiler Engineer'));

    await waitFor(() => expect(alert).toHaveBeenCalledWith(savedJobMessages.tooMany));
    await settledAs(toggleOf('Compiler Engineer'), false);
  });

  it('unsaves a saved job with a DELETE, at once, and says "Job removed from your saved jobs"', async () => {
    const job = aJob({ title: 'Compiler Engineer' });
    let saved = [aSavedJob(job)];
    const { api, user } = openSignedIn(
      '/jobs',
      server(
        [job],
        () => saved,
        (method, url) => {
          if (method !== 'DELETE' || url !== savedUrl(job)) return jsonReply(404, {});
          saved = [];
          return stateReply(job, false);
        },
      ),
    );
    await screen.findByRole('article', { name: 'Compiler Engineer' });
    const toggle = toggleOf('Compiler Engineer');
    await waitFor(() => expect(toggle.getAttribute('aria-pressed')).toBe('true'));

    await user.click(toggle);

    await settledAs(toggle, false);
    expect(toggle.textContent).toBe('Save');
    expect(await screen.findByText('Job removed from your saved jobs')).toBeTruthy();
    expect(countCalls(api, 'DELETE', savedUrl(job))).toBe(1);
    expect(keysSent(api, 'DELETE', savedUrl(job))[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(countCalls(api, 'PUT', savedUrl(job))).toBe(0);
  });
});

describe("Save job on the job's page", () => {
  it('stands beside the title, pressed when saved; a failed unsave alerts and stays saved', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const job = aJob({ title: 'Compiler Engineer' });
    const first = deferred<Response>();
    let deletes = 0;
    const { api, user } = openSignedIn(
      `/jobs/${job._id}`,
      server(
        [job],
        () => (deletes > 1 ? [] : [aSavedJob(job)]),
        (method, url) => {
          if (method !== 'DELETE' || url !== savedUrl(job)) return jsonReply(404, {});
          deletes += 1;
          return deletes === 1 ? first.promise : stateReply(job, false);
        },
      ),
    );
    const main = within(await screen.findByRole('article', { name: 'Compiler Engineer' }));
    const toggle = main.getByRole('button', { name: 'Save job' });
    expect(toggle.closest('header')?.querySelector('h1')?.textContent).toBe('Compiler Engineer');
    await waitFor(() => expect(toggle.getAttribute('aria-pressed')).toBe('true'));
    expect(toggle.textContent).toBe('Save');

    toggle.focus();
    toggle.click();
    toggle.click();

    await waitFor(() => expect(toggle.getAttribute('aria-pressed')).toBe('false'));
    expect(toggle.textContent).toBe('Save');
    expect(toggle.getAttribute('aria-disabled')).toBe('true');
    expect(countCalls(api, 'DELETE', savedUrl(job))).toBe(1);

    first.resolve(jsonReply(500, { message: 'boom' }));

    await waitFor(() => expect(alert).toHaveBeenCalledWith(savedJobMessages.unsaveFailed));
    await settledAs(toggle, true);
    expect(toggle.textContent).toBe('Save');
    expect(document.activeElement).toBe(toggle);

    // Trying again is the same intent: the same key.
    await user.click(toggle);

    await settledAs(toggle, false);
    const [firstKey, secondKey] = keysSent(api, 'DELETE', savedUrl(job));
    expect(secondKey).toBe(firstKey);
    expect(await screen.findByText('Job removed from your saved jobs')).toBeTruthy();
  });

  it('saves from the page, and the jobs list shows it saved on the way back', async () => {
    const job = aJob({ title: 'Compiler Engineer' });
    let saved: SavedJob[] = [];
    const { user, router } = openSignedIn(
      '/jobs',
      server(
        [job],
        () => saved,
        (method, url) => {
          if (method !== 'PUT' || url !== savedUrl(job)) return jsonReply(404, {});
          saved = [aSavedJob(job, new Date().toISOString())];
          return stateReply(job, true);
        },
      ),
    );
    await user.click(await screen.findByRole('link', { name: 'Compiler Engineer' }));
    const heading = await screen.findByRole('heading', { name: 'Compiler Engineer', level: 1 });
    const toggle = within(heading.closest('header') as HTMLElement).getByRole('button', { name: 'Save job' });

    await user.click(toggle);

    await settledAs(toggle, true);
    expect(await screen.findByText('Job saved')).toBeTruthy();
    await router.navigate(-1);
    await screen.findByRole('heading', { name: 'Find Jobs' });
    expect(toggleOf('Compiler Engineer').getAttribute('aria-pressed')).toBe('true');
  });

  it('offers no Save on a closed job that is not saved', async () => {
    const job = aJob({ title: 'Compiler Engineer', status: 'closed', closedAt: new Date().toISOString() });
    const { api } = openSignedIn(
      `/jobs/${job._id}`,
      server([job], () => []),
    );

    await screen.findByRole('article', { name: 'Compiler Engineer' });
    await waitFor(() => expect(countCalls(api, 'GET', savedJobsUrl)).toBe(1));
    expect(screen.queryByRole('button', { name: 'Save job' })).toBeNull();
  });
});
