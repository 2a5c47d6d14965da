import type { User } from '@careers/contracts/entities/user';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../../testing/deferred';
import { ada, countCalls, jsonReply, sentBodies, stubSession } from '../../testing/fake-api';
import { installMatchMedia } from '../../testing/match-media';
import { renderApp } from '../../testing/render-app';

type Reply = (body: unknown) => Response | Promise<Response>;

const echo: Reply = (body) => jsonReply(200, { data: { appearanceSettings: body } });

/** Signed in as `user`; PUT /api/users/appearance is answered by `reply`. */
function signIn(user: User = ada, reply: Reply = echo) {
  return stubSession(user, (method, url, init) =>
    method === 'PUT' && url === '/api/users/appearance'
      ? reply(JSON.parse(String(init?.body)))
      : jsonReply(404, {}),
  );
}

function withTheme(theme: User['appearanceSettings']['theme']): User {
  return { ...ada, appearanceSettings: { theme, language: 'fr', timezone: 'PST' } };
}

function themeColor(): string | null {
  return document.querySelector('meta[name="theme-color"]')?.getAttribute('content') ?? null;
}

function onScreen() {
  return {
    theme: document.documentElement.dataset.theme,
    themeColor: themeColor(),
    stored: window.localStorage.getItem('theme'),
  };
}

const light = { theme: 'light', themeColor: '#ffffff' };
const dark = { theme: 'dark', themeColor: '#0f0f23' };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('theme toggle', () => {
  it('toggles light to dark and back, saving each choice with the other appearance settings', async () => {
    const api = signIn(withTheme('light'));
    const { user } = renderApp('/dashboard');

    await user.click(await screen.findByRole('button', { name: 'Switch to dark theme' }));

    expect(onScreen()).toEqual({ ...dark, stored: 'dark' });
    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));

    expect(onScreen()).toEqual({ ...light, stored: 'light' });
    await waitFor(() =>
      expect(sentBodies(api, 'PUT', '/api/users/appearance')).toEqual([
        { theme: 'dark', language: 'fr', timezone: 'PST' },
        { theme: 'light', language: 'fr', timezone: 'PST' },
      ]),
    );
  });

  it('shows in Appearance what the toggle chose, after a saved "system" (the drift in the issue)', async () => {
    signIn(withTheme('system'));
    const { user } = renderApp('/settings');
    await user.click(await screen.findByRole('tab', { name: 'Appearance' }));
    const theme = () => (screen.getByRole('combobox', { name: 'Theme' }) as HTMLSelectElement).value;
    expect(theme()).toBe('system');

    await user.click(screen.getByRole('button', { name: 'Switch to dark theme' }));

    expect(theme()).toBe('dark');
    expect(onScreen()).toEqual({ ...dark, stored: 'dark' });

    await user.click(screen.getByRole('tab', { name: 'Security' }));
    await user.click(screen.getByRole('tab', { name: 'Appearance' }));
    expect(theme()).toBe('dark');
  });

  it('does not flicker back through earlier choices when clicked quickly, and ends with the last one', async () => {
    const first = deferred<Response>();
    const second = deferred<Response>();
    const api = signIn(withTheme('light'), () =>
      countCalls(api, 'PUT', '/api/users/appearance') === 1 ? first.promise : second.promise,
    );
    const themesSent = () =>
      sentBodies(api, 'PUT', '/api/users/appearance').map((body) => (body as { theme: string }).theme);
    const { user } = renderApp('/dashboard');

    await user.click(await screen.findByRole('button', { name: 'Switch to dark theme' }));
    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(onScreen().theme).toBe('light');
    // The second save waits for the first, so the server ends with the last choice.
    expect(themesSent()).toEqual(['dark']);

    first.resolve(await echo({ theme: 'dark', language: 'fr', timezone: 'PST' }));
    await waitFor(() => expect(themesSent()).toEqual(['dark', 'light']));
    expect(onScreen().theme).toBe('light');

    second.resolve(await echo({ theme: 'light', language: 'fr', timezone: 'PST' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeTruthy());
    expect(onScreen()).toEqual({ ...light, stored: 'light' });
  });

  it('puts the saved theme back when the save fails, and only logs it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reply = deferred<Response>();
    signIn(withTheme('light'), () => reply.promise);
    const { user } = renderApp('/dashboard');

    await user.click(await screen.findByRole('button', { name: 'Switch to dark theme' }));
    expect(onScreen().theme).toBe('dark');
    reply.resolve(jsonReply(500, {}));

    expect(await screen.findByRole('button', { name: 'Switch to dark theme' })).toBeTruthy();
    expect(onScreen()).toEqual({ ...light, stored: 'light' });
    expect(logged).toHaveBeenCalledWith('Failed to update appearance settings', expect.anything());
    expect(screen.queryByText('Failed to update appearance settings')).toBeNull();
  });
});

describe('theme', () => {
  it("takes the signed-in user's saved theme over the one stored on this device", async () => {
    window.localStorage.setItem('theme', 'light');
    signIn(withTheme('dark'));
    renderApp('/dashboard');

    expect(await screen.findByRole('button', { name: 'Switch to light theme' })).toBeTruthy();
    expect(onScreen()).toEqual({ ...dark, stored: 'dark' });
  });

  it('follows the system while a saved "system" is the theme', async () => {
    const system = installMatchMedia({ prefersDark: true });
    signIn(withTheme('system'));
    renderApp('/dashboard');

    expect(await screen.findByRole('button', { name: 'Switch to light theme' })).toBeTruthy();
    // Nothing stored already means "system" on this device.
    expect(onScreen()).toEqual({ ...dark, stored: null });

    act(() => system.setPrefersDark(false));

    expect(onScreen()).toEqual({ ...light, stored: null });
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeTruthy();
  });

  it('follows the system on the sign-in screen while no theme is stored', async () => {
    const system = installMatchMedia({ prefersDark: true });
    stubSession(null);
    renderApp('/login');

    await screen.findByRole('button', { name: 'Sign in' });
    expect(onScreen()).toEqual({ ...dark, stored: null });

    act(() => system.setPrefersDark(false));

    expect(onScreen()).toEqual({ ...light, stored: null });
  });

  it('ignores the system once the user picked a theme', async () => {
    const system = installMatchMedia({ prefersDark: false });
    signIn(withTheme('light'));
    renderApp('/dashboard');
    await screen.findByRole('button', { name: 'Switch to dark theme' });

    act(() => system.setPrefersDark(true));

    expect(onScreen().theme).toBe('light');
  });
});
