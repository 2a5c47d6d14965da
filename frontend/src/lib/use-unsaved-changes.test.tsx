import { unsavedChangesMessages } from '@careers/contracts/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aJob, dataReply } from '../features/jobs/testing';
import { ada, type FetchHandler, jsonReply } from '../testing/fake-api';
import { openSignedIn } from '../testing/render-app';
import { leaveWithoutAsking } from './use-unsaved-changes';

/** Answers the person's choice in the confirm dialog, and records what it asked. */
function confirmAnswers(answer: boolean) {
  return vi.spyOn(window, 'confirm').mockImplementation(() => answer);
}

/** Whether a reload or closing the tab now would make the browser ask first. */
function reloadAsks(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

const dashboardLink = () =>
  within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Dashboard' });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('unsaved changes: Post a Job', () => {
  const openForm = (handler: FetchHandler = () => jsonReply(404, {})) => openSignedIn('/jobs/post', handler);

  it('lets an untouched form go without asking', async () => {
    const confirm = confirmAnswers(false);
    const { router, user } = openForm();
    await screen.findByRole('heading', { name: 'Post a Job', level: 1 });

    expect(reloadAsks()).toBe(false);
    await user.click(dashboardLink());

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(confirm).not.toHaveBeenCalled();
  });

  it('asks before a half-filled form is left: staying keeps it, leaving goes', async () => {
    const confirm = confirmAnswers(false);
    const { router, user } = openForm();
    await screen.findByRole('heading', { name: 'Post a Job', level: 1 });
    await user.type(screen.getByRole('textbox', { name: 'Job title' }), 'Compiler Engineer');

    expect(reloadAsks()).toBe(true);
    await user.click(dashboardLink());

    expect(confirm).toHaveBeenCalledWith(unsavedChangesMessages.leavePage);
    expect(router.state.location.pathname).toBe('/jobs/post');
    expect((screen.getByRole('textbox', { name: 'Job title' }) as HTMLInputElement).value).toBe(
      'Compiler Engineer',
    );

    confirm.mockImplementation(() => true);
    await user.click(dashboardLink());
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(confirm).toHaveBeenCalledTimes(2);
    // The form is gone with its screen, and its warning with it.
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Post a Job', level: 1 })).toBeNull());
    expect(reloadAsks()).toBe(false);
  });

  it('does not stand in the way of Logout: the signed-out app leaves the screen without asking', async () => {
    const confirm = confirmAnswers(false);
    const { router, user } = openForm();
    await screen.findByRole('heading', { name: 'Post a Job', level: 1 });
    await user.type(screen.getByRole('textbox', { name: 'Job title' }), 'Compiler Engineer');

    await user.click(screen.getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(confirm).not.toHaveBeenCalled();
  });

  it("lets Logout's navigation through even while the form is still on the screen", async () => {
    // Logout navigates as soon as the sign-out settles; the signed-out app may take the form away a
    // tick before or after. Here the form is still there: the navigation must not ask either.
    const confirm = confirmAnswers(false);
    const { router, user } = openForm();
    await screen.findByRole('heading', { name: 'Post a Job', level: 1 });
    await user.type(screen.getByRole('textbox', { name: 'Job title' }), 'Compiler Engineer');

    await router.navigate('/login', { replace: true, state: leaveWithoutAsking });

    expect(confirm).not.toHaveBeenCalled();
    expect(router.state.location.pathname).not.toBe('/jobs/post');
  });
});

describe('unsaved changes: Edit Profile', () => {
  const profileReply = { ...ada, bio: 'Poet' };
  const openProfile = () =>
    openSignedIn('/profile', (method, url) => {
      if (method === 'PUT' && url === '/api/users/profile') return jsonReply(200, { data: profileReply });
      if (method === 'GET' && url === '/api/users/resume') return jsonReply(200, { resume: null });
      return jsonReply(404, {});
    });

  it('asks while a changed draft is open, and not once it is saved', async () => {
    const confirm = confirmAnswers(false);
    const { router, user } = openProfile();
    await screen.findByRole('heading', { name: 'Profile', level: 1 });

    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(reloadAsks()).toBe(false);
    await user.type(screen.getByLabelText('Bio', { exact: true }), 'Poet');
    expect(reloadAsks()).toBe(true);
    await user.click(dashboardLink());
    expect(confirm).toHaveBeenCalledWith(unsavedChangesMessages.leavePage);
    expect(router.state.location.pathname).toBe('/profile');

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeTruthy();
    expect(reloadAsks()).toBe(false);
    await user.click(dashboardLink());
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(confirm).toHaveBeenCalledTimes(1);
  });
});

describe('unsaved changes: the cover letter', () => {
  it('asks before a typed letter is left, and not once the form is cancelled', async () => {
    const confirm = confirmAnswers(false);
    const job = aJob();
    const { router, user } = openSignedIn(`/jobs/${job._id}`, (method, url) => {
      if (method === 'GET' && url === `/api/jobs/${job._id}`) return dataReply(job);
      if (method === 'GET' && url === '/api/jobs/my/applications') return dataReply([]);
      return jsonReply(404, {});
    });

    await user.click(await screen.findByRole('button', { name: 'Apply Now' }));
    expect(reloadAsks()).toBe(false);
    await user.type(screen.getByRole('textbox', { name: 'Cover Letter' }), 'Dear Grace,');
    expect(reloadAsks()).toBe(true);
    await user.click(screen.getByRole('link', { name: /Back to Jobs/ }));
    expect(confirm).toHaveBeenCalledWith(unsavedChangesMessages.leavePage);
    expect(router.state.location.pathname).toBe(`/jobs/${job._id}`);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(reloadAsks()).toBe(false);
    await user.click(screen.getByRole('link', { name: /Back to Jobs/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/jobs'));
    expect(confirm).toHaveBeenCalledTimes(1);
  });
});
