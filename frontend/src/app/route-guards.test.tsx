import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ada, jsonReply, stubFetch, stubSession } from '../testing/fake-api';
import { feedReply } from '../testing/posts';
import { renderApp } from '../testing/render-app';

describe('route guards', () => {
  it('sends an unauthenticated visit to /feed to the login screen', async () => {
    stubSession(null);
    const { router } = renderApp('/feed');

    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(screen.getByText('Your AI-powered career companion')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('treats any failure of the session check as signed out', async () => {
    stubFetch(() => jsonReply(500, { message: 'boom' }));
    const { router } = renderApp('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows a full-page Loading... spinner while the session check is pending', () => {
    stubFetch(() => new Promise<Response>(() => {}));
    renderApp('/feed');

    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it.each(['/login', '/register'])('bounces a signed-in user from %s to the dashboard', async (path) => {
    stubSession(ada);
    const { router } = renderApp(path);

    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada!' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it.each(['/', '/no/such/page', '/jobs/my/elsewhere'])('redirects %s to the dashboard', async (path) => {
    stubSession(ada);
    const { router } = renderApp(path);

    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada!' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('shows My Posted Jobs at /jobs/my/posted, where the app goes after posting a job', async () => {
    stubSession(ada);
    renderApp('/jobs/my/posted');

    expect(await screen.findByRole('heading', { name: 'My Posted Jobs' })).toBeTruthy();
  });

  it('sends an unauthenticated visit to /jobs/saved to the login screen', async () => {
    stubSession(null);
    const { router } = renderApp('/jobs/saved');

    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('sends an unauthenticated visit to Edit Job (/jobs/{id}/edit) to the login screen', async () => {
    stubSession(null);
    const { router } = renderApp('/jobs/3f1c/edit');

    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows Saved Jobs at /jobs/saved (beyond the spec), not the job detail of a job "saved"', async () => {
    stubSession(ada, (_method, url) =>
      url === '/api/jobs/my/saved' ? jsonReply(200, { data: [] }) : jsonReply(404, {}),
    );
    renderApp('/jobs/saved');

    expect(await screen.findByRole('heading', { name: 'Saved Jobs', level: 1 })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: "You haven't saved any jobs yet" })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Job not found' })).toBeNull();
  });

  it.each(['/applications', '/jobs/applications'])('shows My Applications at %s', async (path) => {
    stubSession(ada);
    renderApp(path);

    expect(await screen.findByRole('heading', { name: 'My Applications' })).toBeTruthy();
  });

  it('lets a visitor move from the login card to registration', async () => {
    stubSession(null);
    const { user, router } = renderApp('/login');

    await user.click(await screen.findByRole('link', { name: 'Create one' }));

    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
  });
});

describe('authenticated layout', () => {
  it('shows the brand, the user, the main links and the quick actions', async () => {
    stubSession(ada);
    renderApp('/feed');

    expect(await screen.findByRole('heading', { name: 'Feed' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'JobConnect' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByText('Ada Lovelace')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
    const main = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(main.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Dashboard',
      'Jobs',
      'Feed',
      'Messages',
      'Profile',
    ]);
    const quick = within(screen.getByRole('navigation', { name: 'Quick Actions' }));
    expect(quick.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/jobs/post',
      '/applications',
      '/connections',
      '/settings',
    ]);
  });

  it('logs out and lands on the login screen', async () => {
    const calls: string[] = [];
    stubSession(ada, (method, url) => {
      calls.push(`${method} ${url}`);
      return method === 'GET' ? feedReply([]) : new Response(null, { status: 204 });
    });
    const { user, router } = renderApp('/dashboard');
    await screen.findByRole('link', { name: 'Find Connections' });

    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    // Spec, Dashboard: 5 jobs, 3 feed posts (started by the route with the recommended jobs,
    // app/screen-data.ts) and the connections list; then the logout.
    expect(calls).toEqual([
      'GET /api/jobs?limit=5',
      'GET /api/jobs/recommended',
      'GET /api/posts/feed?limit=3&following=true',
      'GET /api/users/connections',
      'POST /api/auth/logout',
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
