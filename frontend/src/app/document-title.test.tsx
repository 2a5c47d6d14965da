import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ada, stubSession } from '../testing/fake-api';
import { feedReply } from '../testing/posts';
import { renderApp } from '../testing/render-app';

describe('page titles', () => {
  it.each([
    ['/dashboard', 'Dashboard | JobConnect'],
    ['/feed', 'Feed | JobConnect'],
    ['/settings', 'Settings | JobConnect'],
    ['/jobs', 'Jobs | JobConnect'],
    ['/jobs/post', 'Post a Job | JobConnect'],
    ['/jobs/3f1c', 'Job details | JobConnect'],
    ['/jobs/3f1c/edit', 'Edit Job | JobConnect'],
    ['/jobs/applications', 'My Applications | JobConnect'],
    ['/jobs/saved', 'Saved Jobs | JobConnect'],
    ['/applications', 'My Applications | JobConnect'],
    ['/profile', 'Profile | JobConnect'],
    ['/connections', 'Connections | JobConnect'],
    // Redirects take the title of where they land.
    ['/', 'Dashboard | JobConnect'],
    ['/no/such/page', 'Dashboard | JobConnect'],
  ])('titles %s "%s"', async (path, title) => {
    stubSession(ada, () => feedReply([]));
    renderApp(path);

    await waitFor(() => expect(document.title).toBe(title));
  });

  it.each([
    ['/login', 'Sign in | JobConnect'],
    ['/register', 'Create account | JobConnect'],
  ])('titles %s "%s" when signed out', async (path, title) => {
    stubSession(null);
    renderApp(path);

    await waitFor(() => expect(document.title).toBe(title));
  });

  it('follows the person from screen to screen', async () => {
    stubSession(ada, () => feedReply([]));
    const { user } = renderApp('/dashboard');
    const sidebar = within(await screen.findByRole('navigation', { name: 'Main' }));
    await waitFor(() => expect(document.title).toBe('Dashboard | JobConnect'));

    await user.click(sidebar.getByRole('link', { name: 'Feed' }));

    await waitFor(() => expect(document.title).toBe('Feed | JobConnect'));
  });
});
