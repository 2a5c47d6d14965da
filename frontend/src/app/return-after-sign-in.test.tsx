import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ada, type FetchHandler, jsonReply, stubSession } from '../testing/fake-api';
import { feedReply } from '../testing/posts';
import { renderApp } from '../testing/render-app';

/** Signed out at first; POST /api/auth/login and /register answer with Ada, everything else as `others`. */
function signedOutUntilSignIn(others: FetchHandler = () => feedReply([])) {
  return stubSession(null, (method, url, init) => {
    if (method === 'POST' && url === '/api/auth/login') return jsonReply(200, { user: ada });
    if (method === 'POST' && url === '/api/auth/register') return jsonReply(201, { user: ada });
    return others(method, url, init);
  });
}

describe('return to the requested page after signing in', () => {
  it('sends a signed-out visit to /settings?tab=x to /login, and signing in lands on it', async () => {
    signedOutUntilSignIn();
    const { user, router } = renderApp('/settings?tab=appearance');

    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(router.state.location.search).toBe('?tab=appearance');
    // Replaced, not pushed: Back does not return to the sign-in form.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('lands on the page asked for after registering instead, by way of "Create one"', async () => {
    signedOutUntilSignIn();
    const { user, router } = renderApp('/feed');
    await user.click(await screen.findByRole('link', { name: 'Create one' }));
    await screen.findByRole('heading', { name: 'Create your account' });

    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm password'), 'secret1');
    await user.selectOptions(screen.getByLabelText('Account type'), 'job_seeker');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { name: 'Feed', level: 1 })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
  });

  it('goes to /dashboard when /login was opened directly', async () => {
    signedOutUntilSignIn();
    const { user, router } = renderApp('/login');

    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada!' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('does not carry the page along after a sign-out: signing in again starts from /dashboard', async () => {
    // The session ends with the sign-out, as the server's would: a read of /api/auth/me in between
    // (a refetch of the signed-in user) must not sign Ada in again.
    let signedIn = true;
    const api = stubSession(
      () => (signedIn ? ada : null),
      (method, url) => {
        if (method === 'POST' && url === '/api/auth/logout') {
          signedIn = false;
          return new Response(null, { status: 204 });
        }
        if (method === 'POST' && url === '/api/auth/login') {
          signedIn = true;
          return jsonReply(200, { user: ada });
        }
        return feedReply([]);
      },
    );
    const { user, router } = renderApp('/settings');
    await screen.findByRole('heading', { name: 'Settings', level: 1 });

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await screen.findByRole('heading', { name: 'Welcome back' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada!' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api).toHaveBeenCalled();
  });

  it.each(['//evil.example/steal', 'https://evil.example/', '/\\evil.example'])(
    'never follows %s written into the history state: it goes to /dashboard',
    async (returnTo) => {
      signedOutUntilSignIn();
      const { user, router } = renderApp('/login');
      await screen.findByRole('heading', { name: 'Welcome back' });
      await router.navigate('/login', { replace: true, state: { returnTo } });

      await user.type(screen.getByLabelText('Email'), 'ada@example.com');
      await user.type(screen.getByLabelText('Password'), 'secret1');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));

      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
      expect(await screen.findByRole('heading', { name: 'Welcome back, Ada!' })).toBeTruthy();
    },
  );
});
