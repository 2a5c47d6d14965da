import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ada, stubSession } from '../../testing/fake-api';
import { installMatchMedia } from '../../testing/match-media';
import { renderApp } from '../../testing/render-app';

function themeColor(): string | null {
  return document.querySelector('meta[name="theme-color"]')?.getAttribute('content') ?? null;
}

describe('theme', () => {
  it('toggles light to dark and back, storing the choice under "theme"', async () => {
    window.localStorage.setItem('theme', 'light');
    stubSession(ada);
    const { user } = renderApp('/dashboard');

    await user.click(await screen.findByRole('button', { name: 'Switch to dark theme' }));

    expect(window.localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(themeColor()).toBe('#0f0f23');

    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));

    expect(window.localStorage.getItem('theme')).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(themeColor()).toBe('#ffffff');
  });

  it('follows the system while no theme is stored', async () => {
    const system = installMatchMedia({ prefersDark: true });
    stubSession(ada);
    renderApp('/dashboard');

    expect(await screen.findByRole('button', { name: 'Switch to light theme' })).toBeTruthy();
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(themeColor()).toBe('#0f0f23');

    act(() => system.setPrefersDark(false));

    expect(document.documentElement.dataset.theme).toBe('light');
    expect(themeColor()).toBe('#ffffff');
    expect(window.localStorage.getItem('theme')).toBeNull();
  });

  it('ignores the system once the user picked a theme', async () => {
    window.localStorage.setItem('theme', 'light');
    const system = installMatchMedia({ prefersDark: false });
    stubSession(ada);
    renderApp('/dashboard');
    await screen.findByRole('button', { name: 'Switch to dark theme' });

    act(() => system.setPrefersDark(true));

    expect(document.documentElement.dataset.theme).toBe('light');
  });
});
