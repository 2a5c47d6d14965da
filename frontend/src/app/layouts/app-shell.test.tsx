import { render, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ada, stubSession } from '../../testing/fake-api';
import { renderApp, testQueryClient } from '../../testing/render-app';
import { AppProviders } from '../providers';
import { createRouteTable } from '../route-table';

async function signedInAt(path: string) {
  stubSession(ada);
  const app = renderApp(path);
  await screen.findByRole('button', { name: 'Menu' });
  return app;
}

function highlightedLinks(): string[] {
  return screen
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent ?? '');
}

describe('the signed-in shell', () => {
  it('offers "Skip to content" as the first stop for the keyboard, and it moves focus to the screen', async () => {
    const { user } = await signedInAt('/dashboard');

    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(document.activeElement).toBe(skip);
    await user.keyboard('{Enter}');

    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  it('highlights exactly one sidebar link, the one for the screen', async () => {
    const { router } = await signedInAt('/jobs/post');
    expect(highlightedLinks()).toEqual(['Post a Job']);

    await router.navigate('/jobs/applications');
    await waitFor(() => expect(highlightedLinks()).toEqual(['My Applications']));
    await router.navigate('/applications');
    await waitFor(() => expect(highlightedLinks()).toEqual(['My Applications']));
    await router.navigate('/jobs/42');
    await waitFor(() => expect(highlightedLinks()).toEqual(['Jobs']));
    await router.navigate('/jobs/saved');
    await waitFor(() => expect(router.state.location.pathname).toBe('/jobs/saved'));
    await waitFor(() => expect(highlightedLinks()).toEqual(['Jobs']));
  });
});

describe('the sidebar as a menu on a narrow screen', () => {
  it('opens from the Menu button as a modal dialog that keeps focus inside, and Escape gives it back', async () => {
    const { user } = await signedInAt('/dashboard');
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(button);
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(menu.id).toBe(button.getAttribute('aria-controls'));
    const close = within(menu).getByRole('button', { name: 'Close menu' });
    expect(document.activeElement).toBe(close);
    // The rest of the page cannot be reached while it is open (jsdom has the attribute, not the property).
    expect(button.closest('header')?.hasAttribute('inert')).toBe(true);
    expect(screen.getByRole('main').hasAttribute('inert')).toBe(true);

    // Tab runs through the menu and wraps around, both ways.
    const settings = within(menu).getByRole('link', { name: 'Settings' });
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(settings);
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab();
    expect(document.activeElement).toBe(within(menu).getByRole('link', { name: 'Dashboard' }));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('main').hasAttribute('inert')).toBe(false);
    expect(document.activeElement).toBe(button);
  });

  it('leaves focus alone when a page loads, in StrictMode too (it runs mount effects twice)', async () => {
    stubSession(ada);
    const queryClient = testQueryClient();
    render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider
            router={createMemoryRouter(createRouteTable(queryClient), { initialEntries: ['/dashboard'] })}
          />
        </AppProviders>
      </StrictMode>,
    );
    await screen.findByRole('button', { name: 'Menu' });

    expect(document.activeElement).toBe(document.body);
  });

  it('closes when a link in it is followed, and focus comes back to the Menu button', async () => {
    const { user, router } = await signedInAt('/dashboard');
    const button = screen.getByRole('button', { name: 'Menu' });

    await user.click(button);
    await user.click(
      within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('link', { name: 'Feed' }),
    );

    // The router renders a navigation as a transition: the screen follows its state a moment later.
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/feed');
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(highlightedLinks()).toEqual(['Feed']);
      expect(document.activeElement).toBe(button);
    });
  });

  it('closes from its close button and when the location changes some other way (Back)', async () => {
    const { user, router } = await signedInAt('/dashboard');
    const button = screen.getByRole('button', { name: 'Menu' });

    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);

    await router.navigate('/settings');
    await user.click(button);
    await router.navigate(-1);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/dashboard');
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });
});
