import { authMessages } from '@careers/contracts/messages';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred } from '../../../testing/deferred';
import { ada, countCalls, jsonReply, sentBodies, stubFetch, stubSession } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';

async function fillCredentials(user: UserEvent, email = 'ada@example.com', password = 'secret1') {
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
}

describe('login screen', () => {
  it('shows the title, the subtitle and the fields the spec names', async () => {
    stubSession(null);
    renderApp('/login');

    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(screen.getByText('Sign in to your account to continue')).toBeTruthy();
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.type).toBe('email');
    expect(email.required).toBe(true);
    expect((screen.getByLabelText('Password') as HTMLInputElement).required).toBe(true);
    expect(screen.getByRole('link', { name: 'Create one' }).getAttribute('href')).toBe('/register');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('signs in, lands on the dashboard and shows the user without another session check', async () => {
    const api = stubSession(null, (method, url) =>
      method === 'POST' && url === '/api/auth/login'
        ? jsonReply(200, { user: ada }, { 'x-consistency-token': `user:${ada._id}:3` })
        : jsonReply(404, {}),
    );
    const { user, router } = renderApp('/login');

    await fillCredentials(user);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada!' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.getByText('Ada Lovelace')).toBeTruthy();
    expect(sentBodies(api, 'POST', '/api/auth/login')).toEqual([
      { email: 'ada@example.com', password: 'secret1' },
    ]);
    expect(countCalls(api, 'GET', '/api/auth/me')).toBe(1);
  });

  it('reads "Signing in..." and cannot be sent twice while the call is in flight', async () => {
    const reply = deferred<Response>();
    const api = stubSession(null, () => reply.promise);
    const { user } = renderApp('/login');

    await fillCredentials(user);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const pending = screen.getByRole('button', { name: 'Signing in...' }) as HTMLButtonElement;
    expect(pending.disabled).toBe(true);
    await user.click(pending);
    expect(countCalls(api, 'POST', '/api/auth/login')).toBe(1);

    reply.resolve(jsonReply(200, { user: ada }));
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada!' })).toBeTruthy();
  });

  it.each([
    [400, { message: authMessages.invalidCredentials }, authMessages.invalidCredentials],
    [429, { message: authMessages.tooManyAttempts }, authMessages.tooManyAttempts],
    [400, {}, 'Login failed'],
  ])('shows the %i answer %j in the red banner above the form', async (status, body, banner) => {
    stubSession(null, () => jsonReply(status, body));
    const { user, router } = renderApp('/login');

    await fillCredentials(user);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(banner);
    expect(alert.compareDocumentPosition(screen.getByLabelText('Email'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it.each(['Email', 'Password'])('clears the banner when %s is edited', async (label) => {
    stubSession(null, () => jsonReply(400, { message: authMessages.invalidCredentials }));
    const { user } = renderApp('/login');
    await fillCredentials(user);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('alert');

    await user.type(screen.getByLabelText(label), 'x');

    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('does not send the form while a field is empty or the email is not an email', async () => {
    const api = stubSession(null);
    const { user } = renderApp('/login');

    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(countCalls(api, 'POST', '/api/auth/login')).toBe(0);
  });

  it('shows and hides the password', async () => {
    stubSession(null);
    const { user } = renderApp('/login');
    const password = (await screen.findByLabelText('Password')) as HTMLInputElement;
    expect(password.type).toBe('password');

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');

    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.type).toBe('password');
  });
});

describe('logout', () => {
  it.each([
    ['the server fails', () => jsonReply(500, { message: 'boom' })],
    ['the network is down', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('clears the user even when %s', async (_case, logoutReply) => {
    const api = stubSession(ada, (method, url) =>
      method === 'POST' && url === '/api/auth/logout' ? logoutReply() : jsonReply(404, {}),
    );
    const { user, router } = renderApp('/dashboard');

    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(countCalls(api, 'POST', '/api/auth/logout')).toBe(1);

    // Signed out for real: a protected page sends the visitor back, without asking the server again.
    await router.navigate('/settings');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(screen.queryByText('Ada Lovelace')).toBeNull();
    expect(countCalls(api, 'GET', '/api/auth/me')).toBe(1);
  });
});

describe('a session the read side has not caught up with', () => {
  it('keeps waiting through 503 answers instead of showing the sign-in screen, then signs in', async () => {
    let asked = 0;
    const api = stubFetch((method, url) => {
      if (method === 'GET' && url === '/api/auth/me') {
        asked += 1;
        return asked < 3
          ? jsonReply(
              503,
              { message: authMessages.accountCatchingUp },
              { 'retry-after': '1', 'x-consistency-stale': '1' },
            )
          : jsonReply(200, { user: ada });
      }
      return jsonReply(200, { data: { unreadCount: 0 } });
    });
    const { router } = renderApp('/settings');

    expect(screen.queryByRole('heading', { name: 'Welcome back' })).toBeNull();
    expect(await screen.findByText('Ada Lovelace', {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(countCalls(api, 'GET', '/api/auth/me')).toBe(3);
  });
});
