import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ada, stubSession } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';

describe('top bar search', () => {
  it('sends the trimmed text to /jobs as the search parameter', async () => {
    stubSession(ada);
    const { user, router } = renderApp('/dashboard');

    const box = await screen.findByRole('searchbox', { name: 'Search' });
    expect(box.getAttribute('placeholder')).toBe('Search jobs, people, companies...');
    await user.type(box, '   react developer  {Enter}');

    expect(await screen.findByRole('heading', { name: 'Find Jobs' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/jobs'));
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe('react developer');
  });

  it('does nothing when the text is blank', async () => {
    stubSession(ada);
    const { user, router } = renderApp('/dashboard');

    await user.type(await screen.findByRole('searchbox', { name: 'Search' }), '    {Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('heading', { name: 'Welcome back, Ada!' })).toBeTruthy();
  });
});
