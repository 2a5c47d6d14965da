import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ada, stubSession } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';

function selectedTab(): string | null {
  return screen.getByRole('tab', { selected: true }).textContent;
}

describe('settings screen', () => {
  it('is reached from the Settings quick action and opens on Security', async () => {
    stubSession(ada);
    const { user, router } = renderApp('/dashboard');

    const quick = within(await screen.findByRole('navigation', { name: 'Quick Actions' }));
    await user.click(quick.getByRole('link', { name: 'Settings' }));

    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    const tablist = screen.getByRole('tablist', { name: 'Settings' });
    expect(tablist.getAttribute('aria-orientation')).toBe('vertical');
    expect(
      within(tablist)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Security', 'Notifications', 'Appearance', 'Account']);
    expect(selectedTab()).toBe('Security');
    const panel = screen.getByRole('tabpanel', { name: 'Security' });
    expect(within(panel).getByRole('heading', { name: 'Change password' })).toBeTruthy();
  });

  it('switches panels by click', async () => {
    stubSession(ada);
    const { user } = renderApp('/settings');

    await user.click(await screen.findByRole('tab', { name: 'Notifications' }));
    expect(selectedTab()).toBe('Notifications');
    expect(
      within(screen.getByRole('tabpanel', { name: 'Notifications' })).getAllByRole('switch'),
    ).toHaveLength(6);

    await user.click(screen.getByRole('tab', { name: 'Appearance' }));
    expect(selectedTab()).toBe('Appearance');
    expect(screen.getByRole('tabpanel', { name: 'Appearance' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Change password' })).toBeNull();
  });

  it('opens on the tab named by ?tab= (a mail links to the notification toggles), Security otherwise', async () => {
    stubSession(ada);
    renderApp('/settings?tab=notifications');
    expect(await screen.findByRole('tabpanel', { name: 'Notifications' })).toBeTruthy();
    expect(selectedTab()).toBe('Notifications');
  });

  it('moves between tabs with the arrow keys, Home and End, with one tab stop', async () => {
    stubSession(ada);
    const { user } = renderApp('/settings');
    const security = await screen.findByRole('tab', { name: 'Security' });
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([0, -1, -1, -1]);

    security.focus();
    await user.keyboard('{ArrowDown}');
    expect(selectedTab()).toBe('Notifications');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Notifications' }));
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([-1, 0, -1, -1]);

    await user.keyboard('{End}');
    expect(selectedTab()).toBe('Account');
    await user.keyboard('{ArrowDown}');
    expect(selectedTab()).toBe('Security');
    await user.keyboard('{ArrowUp}');
    expect(selectedTab()).toBe('Account');
    await user.keyboard('{Home}');
    expect(selectedTab()).toBe('Security');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Security' }));
  });
});
